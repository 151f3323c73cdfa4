import { Alert, Badge, Box, Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ConsentLedgerEntry } from "@matchdesk/contract";
import { IconAlertCircle, IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useConsentLedger } from "./useIntroductions";
import { clientIntroductionsPath } from "./workspace-filters";

/**
 * On a client's page: the way to their introductions, and the consent ledger: whose eyes their
 * contacts reached, when, and on which two yes answers.
 */
export function ClientIntroductionsCard({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const ledger = useConsentLedger(clientId);
  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="client-introductions-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h4" id="client-introductions-title">
            {t("introductions.client.title")}
          </Title>
          <Button
            variant="light"
            component={Link}
            to={clientIntroductionsPath(clientId)}
            rightSection={<IconArrowRight size={16} />}
          >
            {t("introductions.client.open")}
          </Button>
        </Group>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t("introductions.client.ledgerTitle")}
          </Text>
          <Text size="sm" c="gray.7">
            {t("introductions.client.ledgerLead")}
          </Text>
        </Stack>
        {ledger.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {toMessage(ledger.error)}
          </Alert>
        ) : !ledger.data ? (
          <Skeleton h={60} />
        ) : ledger.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("introductions.client.ledgerEmpty")}
          </Text>
        ) : (
          <Stack
            gap={0}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: "none" }}
            data-testid="consent-ledger"
          >
            {ledger.data.items.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** One release: when, to whom, what, and the two yes answers it rests on. */
function LedgerRow({ entry }: { entry: ConsentLedgerEntry }) {
  const { t } = useTranslation();
  return (
    <Box component="li" py="xs" style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}>
      <Group gap={8} wrap="wrap">
        <Text size="sm" fw={600}>
          {formatDateTime(entry.releasedAt)}
        </Text>
        <Text size="sm">{entry.recipientName}</Text>
        <Badge variant="light" color="gray" tt="none" fw={500}>
          {t(`introductions.client.roles.${entry.recipientRole}`)}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7">
        {t("introductions.client.released", {
          fields: entry.fields.map((field) => t(`introductions.client.field.${field}`)).join(", "),
          consents: entry.consents.map((consent) => formatDateTime(consent.answeredAt)).join(", "),
        })}
      </Text>
    </Box>
  );
}
