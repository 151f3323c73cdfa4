import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../ui/usePageTitle";
import { ClientList } from "./ClientList";

/** SPEC 2 /admin/invited-users (INVITER, ADMIN): the client base. */
export function ClientsPage() {
  const { t } = useTranslation();
  usePageTitle(t("nav.clients"));
  return (
    <Stack maw={1200}>
      <ClientList
        heading={
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {t("clients.title")}
            </Title>
            <Text c="gray.7">{t("clients.lead")}</Text>
          </Stack>
        }
      />
    </Stack>
  );
}
