import {
  Alert,
  Button,
  Card,
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
import { type ApiKeyView, CreateApiKeyBody, type CreatedApiKey } from "@matchdesk/contract";
import { IconCheck, IconCopy, IconKey, IconTrash } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { LoadFailed } from "../../ui/LoadFailed";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "./useApiKeys";

/**
 * API keys (issue 18): create one with a name, see its secret this once and copy it, list the
 * keys with when each was made and last used, and revoke one.
 */
export function ApiKeysCard() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const _toMessage = useErrorMessage();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="api-keys-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconKey size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} fz="h4" id="api-keys-title">
            {t("integrations.keys.title")}
          </Title>
        </Group>
        <Text size="sm" c="gray.7">
          {t("integrations.keys.lead")}
        </Text>
        <CreateKeyForm onCreated={setCreated} />
        {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
        {keys.isError ? (
          <LoadFailed
            title={t("integrations.keys.loadFailed")}
            error={keys.error}
            onRetry={() => void keys.refetch()}
          />
        ) : keys.isPending ? (
          <Skeleton h={64} radius="md" />
        ) : keys.data.items.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t("integrations.keys.empty")}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
            aria-labelledby="api-keys-title"
          >
            {keys.data.items.map((key) => (
              <KeyRow key={key.id} apiKey={key} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const parsed = CreateApiKeyBody.safeParse({ name });
    if (!parsed.success) return setError(t("integrations.keys.nameRequired"));
    try {
      onCreated(await create.mutateAsync(parsed.data));
      setName("");
    } catch (e) {
      setError(toMessage(e));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t("integrations.keys.name")}
          description={t("integrations.keys.nameHint")}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          maxLength={80}
          style={{ flex: "1 1 240px" }}
        />
        <Button type="submit" loading={create.isPending}>
          {t("integrations.keys.create")}
        </Button>
      </Group>
    </form>
  );
}

/** The new key's secret, shown once: the server keeps only its hash. */
function NewSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="teal" variant="light" title={t("integrations.keys.createdTitle", { name: created.name })}>
      <Stack gap="sm">
        <Text size="sm">{t("integrations.keys.createdLead")}</Text>
        <Group gap="xs" align="flex-end">
          <TextInput
            label={t("integrations.keys.secret")}
            value={created.secret}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: "monospace" } }}
            style={{ flex: "1 1 260px" }}
            data-testid="api-key-secret"
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
          <Button size="xs" variant="white" onClick={onDone}>
            {t("integrations.keys.done")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const run = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: "teal", message: t("integrations.keys.revoked", { name: apiKey.name }) });
      },
      onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
    });
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {apiKey.name}
          </Text>
          <Text size="sm" c="gray.7" ff="monospace">
            {apiKey.hint}
          </Text>
          <Text size="sm" c="gray.7">
            {t("integrations.keys.createdAt", { at: formatDateTime(apiKey.createdAt) })}
            {" · "}
            {apiKey.lastUsedAt
              ? t("integrations.keys.lastUsed", { at: formatDateTime(apiKey.lastUsedAt) })
              : t("integrations.keys.neverUsed")}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          onClick={() => setConfirming(true)}
          aria-label={t("integrations.keys.revokeNamed", { name: apiKey.name })}
        >
          {t("integrations.keys.revoke")}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("integrations.keys.revokeTitle", { name: apiKey.name })}
      >
        <Stack gap="md">
          <Text size="sm">{t("integrations.keys.revokeText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("common.cancel")}
            </Button>
            <Button color="red.9" loading={revoke.isPending} onClick={run}>
              {t("integrations.keys.revoke")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
