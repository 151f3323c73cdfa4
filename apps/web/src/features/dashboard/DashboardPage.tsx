import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { displayName } from "../auth/auth-user";

export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  usePageTitle(t("nav.home"));
  if (!user) return null;
  const name = displayName(user);

  return (
    <Stack gap="xl" maw={960}>
      <Card shadow="xs" component="section" aria-labelledby="welcome-title">
        <Group gap="lg" wrap="nowrap" align="flex-start">
          <Avatar size={64} radius="xl" color="rose" name={name} aria-hidden visibleFrom="xs" />
          <Stack gap="xs">
            <Title order={1} id="welcome-title" fz={{ base: 24, sm: 30 }}>
              {t("dashboard.title", { name: user.firstName || name })}
            </Title>
            <Text c="gray.7">{t("dashboard.lead")}</Text>
          </Stack>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" mt="xl" mb={0}>
          <div>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
              {t("dashboard.signedInAs")}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {name} · {user.email}
            </Text>
          </div>
          <div>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
              {t("dashboard.role")}
            </Text>
            <Text component="dd" m={0}>
              <Badge variant="light" size="lg" tt="none">
                {t(`roles.${user.role}`)}
              </Badge>
            </Text>
          </div>
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
