import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLock, IconUserQuestion } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DASHBOARD_PATH, LOGOUT_PATH } from "../features/auth/routing-rules";
import { usePageTitle } from "../ui/usePageTitle";

/** A page of the app that the user's role may not open (SPEC 6), shown inside the app's shell. */
export function NoAccessPage() {
  const { t } = useTranslation();
  usePageTitle(t("access.noAccessTitle"));
  return (
    <Center py={{ base: 48, md: 96 }}>
      <Stack align="center" ta="center" gap="md" maw={480}>
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconLock size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t("access.noAccessTitle")}
        </Title>
        <Text c="gray.7">{t("access.noAccessText")}</Text>
        <Button component={Link} to={DASHBOARD_PATH} mt="sm">
          {t("access.toDashboard")}
        </Button>
      </Stack>
    </Center>
  );
}

/** A signed-in user whose role this version of the app does not know (SPEC 6 and 8). */
export function UnsupportedRolePage({ role }: { role: string }) {
  const { t } = useTranslation();
  const message = t("access.unsupportedRole", { role });
  usePageTitle(message);
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack align="center" ta="center" gap="md" maw={480} role="alert">
        <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
          <IconUserQuestion size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {message}
        </Title>
        <Text c="gray.7">{t("access.unsupportedRoleText")}</Text>
        <Button component={Link} to={LOGOUT_PATH} mt="sm">
          {t("nav.logout")}
        </Button>
      </Stack>
    </Center>
  );
}
