import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCompass } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { usePageTitle } from "../../ui/usePageTitle";

/** Any unknown path. Inside the app it links to the dashboard, elsewhere to the front page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageTitle(t("notFound.title"));
  const home = pathname.startsWith("/admin") ? "/admin/dashboard" : "/";

  return (
    <Center py={{ base: 64, md: 120 }} px="md">
      <Stack align="center" ta="center" gap="md" maw={480}>
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconCompass size={40} stroke={1.5} />
        </ThemeIcon>
        <Text fw={700} c="rose.7" fz="sm" tt="uppercase" lts={1}>
          404
        </Text>
        <Title order={1} fz={{ base: 28, md: 36 }}>
          {t("notFound.title")}
        </Title>
        <Text c="gray.7" size="lg">
          {t("notFound.text")}
        </Text>
        <Button component={Link} to={home} size="md" mt="sm">
          {t("notFound.home")}
        </Button>
      </Stack>
    </Center>
  );
}
