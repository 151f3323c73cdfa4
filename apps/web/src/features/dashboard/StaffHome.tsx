import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "../auth/auth-user";
import { ClientList } from "../clients/ClientList";
import { LeadsCard } from "../marketplace/LeadsCard";
import { PackagesOverviewCard } from "../packages/PackagesOverviewCard";

/** A matchmaker's or an admin's start: new leads, packages behind plan, and the client base. */
export function StaffHome({ user, name }: { user: AuthUser; name: string }) {
  const { t } = useTranslation();
  return (
    <Stack maw={1200}>
      {user.role === "INVITER" && <LeadsCard />}
      {user.role === "INVITER" && <PackagesOverviewCard />}
      <ClientList
        heading={
          <Stack gap={4}>
            <Group gap="sm" align="center">
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {t("dashboard.title", { name })}
              </Title>
              <Badge variant="light" tt="none">
                {t(`roles.${user.role}`)}
              </Badge>
            </Group>
            <Text c="gray.7">{t("dashboard.leadClients")}</Text>
          </Stack>
        }
      />
    </Stack>
  );
}
