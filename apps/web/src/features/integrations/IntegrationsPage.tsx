import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { TelegramCard } from "../telegram/TelegramCard";
import { ApiKeysCard } from "./ApiKeysCard";
import { WebhooksCard } from "./WebhooksCard";

/** /admin/integrations (matchmakers and admins): API keys, webhooks and a matchmaker's Telegram (issue 18). */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
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
      {/* Telegram is a matchmaker's and a client's (the client's card is on their home page). */}
      {user?.role === "INVITER" && <TelegramCard />}
    </Stack>
  );
}
