import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../ui/usePageTitle";
import { ApiKeysCard } from "./ApiKeysCard";
import { WebhooksCard } from "./WebhooksCard";

/** /admin/integrations (matchmakers and admins): API keys and webhooks for the caller's own tools (issue 18). */
export function IntegrationsPage() {
  const { t } = useTranslation();
  usePageTitle(t("integrations.pageTitle"));
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("integrations.title")}
        </Title>
        <Text c="gray.7">{t("integrations.lead")}</Text>
      </Stack>
      <ApiKeysCard />
      <WebhooksCard />
    </Stack>
  );
}
