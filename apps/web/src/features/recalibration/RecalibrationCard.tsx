import { Badge, Button, Card, Checkbox, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  RECALIBRATION_WINDOW,
  type RecalibrationField,
  type RecalibrationProposal,
  type RecalibrationRecord,
  type RecalibrationView,
} from "@matchdesk/contract";
import { IconAdjustmentsHorizontal } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { LoadFailed } from "../../ui/LoadFailed";
import { changeExplanation, changeLabel, changeValue, noteText } from "./recalibration-text";
import { useAcceptRecalibration, useDismissRecalibration, useRecalibration } from "./useRecalibration";

/**
 * On a client's page: their declines by reason over their recent introductions and, after
 * repeated declines, the recalibration card: each proposed change to their preferences with why,
 * to apply (all or some) or dismiss until the next decline; then what was done before.
 */
export function RecalibrationCard({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const recalibration = useRecalibration(clientId);
  if (recalibration.isError) {
    return (
      <LoadFailed
        title={t("recalibration.loadFailed")}
        error={recalibration.error}
        onRetry={() => void recalibration.refetch()}
      />
    );
  }
  const view = recalibration.data;
  // A client who has not answered an introduction yet has nothing to show here.
  if (!view || (view.answers === 0 && view.history.length === 0)) return null;
  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="recalibration-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="recalibration-title">
            {t("recalibration.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("recalibration.lead", {
              answers: view.answers,
              declines: t("recalibration.declines", { count: view.declines }),
              days: RECALIBRATION_WINDOW.days,
            })}
          </Text>
        </Stack>
        <DeclineBars byReason={view.byReason} />
        {view.proposal && (
          <ProposalBox key={view.proposal.version} clientId={clientId} proposal={view.proposal} />
        )}
        {view.history.length > 0 && <History items={view.history} />}
      </Stack>
    </Card>
  );
}

function DeclineBars({ byReason }: { byReason: RecalibrationView["byReason"] }) {
  const { t } = useTranslation();
  const given = byReason.filter((r) => r.count > 0);
  if (given.length === 0) return null;
  const most = Math.max(...given.map((r) => r.count));
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }}>
      {given.map(({ reason, count }) => (
        <Group component="li" key={reason} gap="sm" wrap="nowrap">
          <Text size="sm" w={{ base: 140, sm: 220 }} style={{ flexShrink: 0 }}>
            {t(`recalibration.reasons.${reason}`)}
          </Text>
          <Progress
            value={(count / most) * 100}
            color="rose"
            size="lg"
            radius="xl"
            style={{ flex: 1 }}
            aria-hidden
          />
          <Text size="sm" fw={600} w={28} ta="right">
            {count}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ProposalBox({ clientId, proposal }: { clientId: string; proposal: RecalibrationProposal }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const accept = useAcceptRecalibration(clientId);
  const dismiss = useDismissRecalibration(clientId);
  const [chosen, setChosen] = useState<string[]>(() => proposal.changes.map((c) => c.field));
  const isBusy = accept.isPending || dismiss.isPending;
  const onError = (error: unknown) => notifications.show({ color: "red", message: toMessage(error) });

  const apply = () =>
    accept.mutate(
      {
        version: proposal.version,
        ...(chosen.length < proposal.changes.length && { fields: chosen as RecalibrationField[] }),
      },
      {
        onSuccess: () => notifications.show({ color: "teal", message: t("recalibration.proposal.applied") }),
        onError,
      },
    );
  const hide = () =>
    dismiss.mutate(
      { version: proposal.version },
      {
        onSuccess: () =>
          notifications.show({ color: "gray", message: t("recalibration.proposal.dismissed") }),
        onError,
      },
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recalibration-proposal">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconAdjustmentsHorizontal size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Group gap="xs">
            <Title order={3} fz="md" id="recalibration-proposal">
              {t("recalibration.proposal.title")}
            </Title>
            <Badge color="rose" variant="light">
              {t("recalibration.declines", { count: proposal.declines })}
            </Badge>
          </Group>
        </Group>
        {proposal.changes.length > 0 ? (
          <Checkbox.Group
            value={chosen}
            onChange={setChosen}
            label={t("recalibration.proposal.lead")}
            styles={{ label: { fontWeight: 400, marginBottom: 8 } }}
          >
            <Stack gap="sm">
              {proposal.changes.map((change) => (
                <Checkbox
                  key={change.field}
                  value={change.field}
                  disabled={isBusy}
                  label={
                    <Text span size="sm" fw={600}>
                      {t("recalibration.change", {
                        field: changeLabel(t, change),
                        from: changeValue(t, change, "from"),
                        to: changeValue(t, change, "to"),
                      })}
                    </Text>
                  }
                  description={changeExplanation(t, change)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Text size="sm">{t("recalibration.proposal.nothing")}</Text>
        )}
        {proposal.notes.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t("recalibration.proposal.notesTitle")}
            </Text>
            {proposal.notes.map((note) => (
              <Text key={note.field} size="sm" c="gray.7">
                {noteText(t, note)}
              </Text>
            ))}
          </Stack>
        )}
        <Group gap="sm">
          {proposal.changes.length > 0 && (
            <Button
              onClick={apply}
              loading={accept.isPending}
              disabled={chosen.length === 0 || dismiss.isPending}
            >
              {t("recalibration.proposal.apply", { count: chosen.length })}
            </Button>
          )}
          <Button variant="default" onClick={hide} loading={dismiss.isPending} disabled={accept.isPending}>
            {t("recalibration.proposal.dismiss")}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t("recalibration.proposal.dismissHint")}
        </Text>
      </Stack>
    </Paper>
  );
}

function History({ items }: { items: RecalibrationRecord[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm">
        {t("recalibration.history.title")}
      </Title>
      <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }}>
        {items.map((item) => (
          <Text component="li" key={item.id} size="sm" c="gray.7">
            {t(`recalibration.history.${item.action}`, {
              at: formatDateTime(item.at),
              name: item.byName ?? t("recalibration.history.someone"),
              count: item.declines,
            })}
            {item.action === "accepted" &&
              item.changes.length > 0 &&
              `: ${item.changes
                .map((change) =>
                  t("recalibration.change", {
                    field: changeLabel(t, change),
                    from: changeValue(t, change, "from"),
                    to: changeValue(t, change, "to"),
                  }),
                )
                .join("; ")}`}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
