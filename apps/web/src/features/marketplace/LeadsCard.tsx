import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AgencyLeadView } from "@matchdesk/contract";
import { IconInbox, IconMailForward, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useLeadAction, useLeads } from "./useMarketplace";

/**
 * The matchmaker's inbox of requests from their agency page. A request is not an account: the
 * matchmaker invites the person, and the invitation proves the address is theirs. Shown only
 * while there is something in it.
 */
export function LeadsCard() {
  const { t } = useTranslation();
  const leads = useLeads();
  const items = leads.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="leads-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconInbox size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} fz="h4" id="leads-title">
            {t("marketplace.leads.title")}
          </Title>
          <Badge variant="light">{leads.data?.total}</Badge>
        </Group>
        <Text size="sm" c="gray.7">
          {t("marketplace.leads.lead")}
        </Text>
        {items.map((lead) => (
          <LeadRow key={lead.id} lead={lead} />
        ))}
      </Stack>
    </Card>
  );
}

function LeadRow({ lead }: { lead: AgencyLeadView }) {
  const { t } = useTranslation();
  const action = useLeadAction();
  const errorText = useErrorMessage();
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  const run = (kind: "invite" | "dismiss") =>
    action.mutate(
      { id: lead.id, action: kind },
      {
        onSuccess: () =>
          notifications.show({
            color: "teal",
            message: t(kind === "invite" ? "marketplace.leads.invited" : "marketplace.leads.dismissed", {
              name,
            }),
          }),
        onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
      },
    );
  return (
    <Card withBorder radius="md" padding="md" data-testid="lead">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600}>{name}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {formatDateTime(lead.createdAt)}
          </Text>
        </Group>
        <Text size="sm" c="gray.7" style={{ overflowWrap: "anywhere" }}>
          {[lead.email, lead.phone].filter(Boolean).join(" · ")}
        </Text>
        {lead.message && (
          <Text size="sm" style={{ whiteSpace: "pre-line" }}>
            {lead.message}
          </Text>
        )}
        <Group gap="xs" mt="xs">
          {lead.clientId ? (
            <Badge color="teal" variant="light">
              {t("marketplace.leads.isInvited")}
            </Badge>
          ) : (
            <Button
              size="xs"
              leftSection={<IconMailForward size={16} />}
              loading={action.isPending && action.variables?.action === "invite"}
              onClick={() => run("invite")}
              aria-label={t("marketplace.leads.inviteName", { name })}
            >
              {t("marketplace.leads.invite")}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={16} />}
            loading={action.isPending && action.variables?.action === "dismiss"}
            onClick={() => run("dismiss")}
            aria-label={t("marketplace.leads.dismissName", { name })}
          >
            {t("marketplace.leads.dismiss")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
