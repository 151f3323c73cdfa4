import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  type CreatedWebhook,
  CreateWebhookBody,
  type WebhookDeliveryView,
  WebhookEventType,
  type WebhookView,
} from "@matchdesk/contract";
import { IconCheck, IconCopy, IconTrash, IconWebhook } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { LoadFailed } from "../../ui/LoadFailed";
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useRedeliver, useWebhooks } from "./useWebhooks";

/**
 * Webhooks (issue 18): add an endpoint with its events, see its signing secret once, follow its
 * deliveries (status, timing, next retry) and send one again; remove an endpoint.
 */
export function WebhooksCard() {
  const { t } = useTranslation();
  const hooks = useWebhooks();
  const _toMessage = useErrorMessage();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconWebhook size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} fz="h4" id="webhooks-title">
            {t("integrations.webhooks.title")}
          </Title>
        </Group>
        <Text size="sm" c="gray.7">
          {t("integrations.webhooks.lead")}
        </Text>
        <CreateWebhookForm onCreated={setCreated} />
        {created && (
          <Alert color="teal" variant="light" title={t("integrations.webhooks.createdTitle")}>
            <Stack gap="sm">
              <Text size="sm">{t("integrations.webhooks.createdLead")}</Text>
              <Group gap="xs" align="flex-end">
                <TextInput
                  label={t("integrations.webhooks.secret")}
                  value={created.secret}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  styles={{ input: { fontFamily: "monospace" } }}
                  style={{ flex: "1 1 260px" }}
                  data-testid="webhook-secret"
                />
                <CopyButton value={created.secret}>
                  {({ copied, copy }) => (
                    <Button
                      variant="light"
                      onClick={copy}
                      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    >
                      {copied ? t("integrations.keys.copied") : t("integrations.keys.copy")}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Group>
                <Button size="xs" variant="white" onClick={() => setCreated(null)}>
                  {t("integrations.keys.done")}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {hooks.isError ? (
          <LoadFailed
            title={t("integrations.webhooks.loadFailed")}
            error={hooks.error}
            onRetry={() => void hooks.refetch()}
          />
        ) : hooks.isPending ? (
          <Skeleton h={64} radius="md" />
        ) : hooks.data.items.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t("integrations.webhooks.empty")}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
            aria-labelledby="webhooks-title"
          >
            {hooks.data.items.map((hook) => (
              <WebhookRow key={hook.id} hook={hook} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (hook: CreatedWebhook) => void }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>([...WebhookEventType.options]);
  const [error, setError] = useState<{ url?: string; events?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError({});
    const parsed = CreateWebhookBody.safeParse({ url: url.trim(), events });
    if (!parsed.success) {
      const paths = parsed.error.issues.map((i) => i.path[0]);
      return setError({
        ...(paths.includes("url") && { url: t("integrations.webhooks.urlInvalid") }),
        ...(paths.includes("events") && { events: t("integrations.webhooks.eventsRequired") }),
      });
    }
    try {
      onCreated(await create.mutateAsync(parsed.data));
      setUrl("");
    } catch (e) {
      setError({ url: toMessage(e) });
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t("integrations.webhooks.url")}
          description={t("integrations.webhooks.urlHint")}
          placeholder="https://example.com/matchdesk"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={error.url}
          type="url"
        />
        <Checkbox.Group
          label={t("integrations.webhooks.events")}
          value={events}
          onChange={setEvents}
          error={error.events}
        >
          <Group gap="md" mt={6}>
            {WebhookEventType.options.map((type) => (
              <Checkbox key={type} value={type} label={t(`integrations.webhooks.event.${type}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t("integrations.webhooks.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WebhookRow({ hook }: { hook: WebhookView }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  const run = () =>
    remove.mutate(hook.id, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: "teal", message: t("integrations.webhooks.removed") });
      },
      onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
    });
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: "1 1 240px" }}>
            <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: "anywhere" }}>
              {hook.url}
            </Text>
            <Group gap={6}>
              {hook.disabledAt ? (
                <Badge color="red" variant="light">
                  {t("integrations.webhooks.disabled")}
                </Badge>
              ) : (
                <Badge color="teal" variant="light">
                  {t("integrations.webhooks.active")}
                </Badge>
              )}
              {hook.events.map((type) => (
                <Badge key={type} color="gray.9" variant="outline" tt="none">
                  {type}
                </Badge>
              ))}
            </Group>
            <Text size="sm" c="gray.7">
              {t("integrations.keys.createdAt", { at: formatDateTime(hook.createdAt) })}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {open ? t("integrations.webhooks.hideDeliveries") : t("integrations.webhooks.showDeliveries")}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirming(true)}
              aria-label={t("integrations.webhooks.removeNamed", { url: hook.url })}
            >
              {t("integrations.webhooks.remove")}
            </Button>
          </Group>
        </Group>
        {open && <Deliveries id={hook.id} />}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("integrations.webhooks.removeTitle")}
      >
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("integrations.webhooks.removeText", { url: hook.url })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("common.cancel")}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={run}>
              {t("integrations.webhooks.remove")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

const STATUS_COLOR = { pending: "yellow", delivered: "teal", failed: "red" } as const;

function Deliveries({ id }: { id: string }) {
  const { t } = useTranslation();
  const deliveries = useDeliveries(id);
  const toMessage = useErrorMessage();
  if (deliveries.isError) return <Text size="sm">{toMessage(deliveries.error)}</Text>;
  if (deliveries.isPending) return <Skeleton h={48} radius="md" />;
  if (deliveries.data.items.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t("integrations.webhooks.noDeliveries")}
      </Text>
    );
  return (
    <Stack
      gap={6}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: "none" }}
      aria-label={t("integrations.webhooks.deliveries")}
    >
      {deliveries.data.items.map((delivery) => (
        <DeliveryRow key={delivery.id} endpointId={id} delivery={delivery} />
      ))}
    </Stack>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDeliveryView }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const again = useRedeliver(endpointId);
  const outcome = [
    delivery.lastError
      ? t(`integrations.webhooks.errors.${delivery.lastError}`, { code: delivery.lastStatusCode })
      : delivery.lastStatusCode !== null
        ? `HTTP ${delivery.lastStatusCode}`
        : null,
    delivery.durationMs !== null ? t("integrations.webhooks.took", { ms: delivery.durationMs }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Paper component="li" bg="gray.0" radius="sm" p="xs">
      <Group justify="space-between" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge color={STATUS_COLOR[delivery.status]} variant="light">
              {t(`integrations.webhooks.status.${delivery.status}`)}
            </Badge>
            <Text size="sm" ff="monospace">
              {delivery.type}
            </Text>
          </Group>
          <Text size="xs" c="gray.8">
            {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
            {" · "}
            {t("integrations.webhooks.attempts", { count: delivery.attempts })}
            {outcome && ` · ${outcome}`}
            {delivery.nextAttemptAt &&
              ` · ${t("integrations.webhooks.nextAttempt", { at: formatDateTime(delivery.nextAttemptAt) })}`}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="default"
          loading={again.isPending}
          onClick={() =>
            again.mutate(delivery.id, {
              onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
            })
          }
        >
          {t("integrations.webhooks.sendAgain")}
        </Button>
      </Group>
    </Paper>
  );
}
