import { Badge, Card, Group, Pagination, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { AccessLogEntry } from "@matchdesk/contract";
import { IconShieldLock } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { LoadFailed } from "../../ui/LoadFailed";
import { accessArea } from "./access-what";
import { ClientConsentsCard } from "./ClientConsentsCard";
import { ClientRetentionCard } from "./ClientRetentionCard";
import { EraseClientCard } from "./EraseClientCard";
import { ExportButton } from "./ExportButton";
import { useAccessLog, useExportClient } from "./useDataRights";

const PAGE_SIZE = 20;

/**
 * The client's data on their page (matchmaker, admin; issue 20): the export of everything held
 * about them as a JSON file, the log of who viewed or changed their data, newest first, and
 * erasing them (with a confirmation).
 */
export function ClientDataPanel({
  clientId,
  name,
  onErased,
}: {
  clientId: string;
  name: string;
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useAccessLog(clientId, page);
  const exporting = useExportClient(clientId);
  const items = log.data?.items ?? [];
  const total = log.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Card shadow="xs" padding="lg" component="section" aria-labelledby="client-export-title">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="h4" id="client-export-title">
            {t("dataRights.export.title")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("dataRights.export.leadClient")}
          </Text>
          <ExportButton exporting={exporting}>{t("dataRights.export.button")}</ExportButton>
        </Stack>
      </Card>
      <ClientConsentsCard clientId={clientId} />
      <Card shadow="xs" padding="lg" component="section" aria-labelledby="access-log-title">
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <IconShieldLock size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Title order={2} fz="h4" id="access-log-title">
              {t("dataRights.log.title")}
            </Title>
          </Group>
          <Text size="sm" c="gray.7">
            {t("dataRights.log.lead", { months: 12 })}
          </Text>
          {log.isError ? (
            <LoadFailed
              title={t("dataRights.log.loadFailed")}
              error={log.error}
              onRetry={() => void log.refetch()}
            />
          ) : log.isPending ? (
            <Skeleton h={120} />
          ) : items.length === 0 ? (
            <Text size="sm">{t("dataRights.log.empty")}</Text>
          ) : (
            <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: "none" }}>
              {items.map((entry) => (
                <LogLine key={entry.id} entry={entry} />
              ))}
            </Stack>
          )}
          {total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label={t("dataRights.log.pages")}
              getControlProps={(control) => ({
                "aria-label":
                  control === "next"
                    ? t("dataRights.log.nextPage")
                    : control === "previous"
                      ? t("dataRights.log.previousPage")
                      : undefined,
              })}
              getItemProps={(item) => ({ "aria-label": t("dataRights.log.page", { page: item }) })}
            />
          )}
        </Stack>
      </Card>
      <ClientRetentionCard clientId={clientId} />
      <EraseClientCard clientId={clientId} name={name} onErased={onErased} />
    </Stack>
  );
}

function LogLine({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation();
  const who = entry.actorName ?? t("dataRights.log.deletedAccount");
  const role = entry.actorRole ? t(`roles.${entry.actorRole}`) : "";
  return (
    <li
      style={{
        borderBottom: "1px solid var(--mantine-color-gray-3)",
        padding: "var(--mantine-spacing-xs) 0",
      }}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <Group gap="xs">
            <Badge variant="light" color={entry.action === "change" ? "orange" : "blue"}>
              {t(`dataRights.action.${entry.action}`)}
            </Badge>
            <Text size="sm" fw={500}>
              {t(`dataRights.area.${accessArea(entry.what)}`)}
            </Text>
          </Group>
          <Text size="sm">
            {entry.actorKind === "link"
              ? t("dataRights.log.link")
              : !entry.actorKnown
                ? entry.actorAgency
                  ? t("dataRights.log.otherAgency", { role, agency: entry.actorAgency })
                  : t("dataRights.log.otherClient")
                : entry.actorAgency
                  ? t("dataRights.log.actorWithAgency", { name: who, role, agency: entry.actorAgency })
                  : t("dataRights.log.actor", { name: who, role })}
          </Text>
          {entry.actorKind === "api_key" && (
            <Text size="xs" c="gray.7">
              {entry.apiKeyName
                ? t("dataRights.log.viaKey", { name: entry.apiKeyName })
                : t("dataRights.log.viaKeyUnnamed")}
            </Text>
          )}
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text size="sm" c="gray.7">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Text>
          {entry.ip && (
            <Text size="xs" c="gray.7">
              {t("dataRights.log.address", { ip: entry.ip })}
            </Text>
          )}
        </Stack>
      </Group>
    </li>
  );
}
