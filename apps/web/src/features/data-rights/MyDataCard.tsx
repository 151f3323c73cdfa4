import { Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { AccessSummaryView } from "@matchdesk/contract";
import { IconShieldLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { LoadFailed } from "../../ui/LoadFailed";
import { EraseMineSection } from "./EraseMineSection";
import { ExportButton } from "./ExportButton";
import { MyConsents } from "./MyConsents";
import { useExportMine, useMyAccessSummary } from "./useDataRights";

/**
 * The client's own data on their home page (issue 20): "Export my data" as a JSON file, and who
 * viewed or changed their data: by role and agency, how often, and when last; and "Erase my
 * data", after which they are signed out.
 */
export function MyDataCard() {
  const { t } = useTranslation();
  const summary = useMyAccessSummary();
  const exporting = useExportMine();
  const items = summary.data?.items ?? [];

  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="my-data-title">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconShieldLock size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} fz="h4" id="my-data-title">
            {t("dataRights.mine.title")}
          </Title>
        </Group>
        <Text size="sm" c="gray.7">
          {t("dataRights.mine.lead")}
        </Text>
        <Group>
          <ExportButton exporting={exporting}>{t("dataRights.mine.export")}</ExportButton>
        </Group>
        <Title order={3} fz="h5">
          {t("dataRights.mine.whoTitle")}
        </Title>
        {summary.isError ? (
          <LoadFailed
            title={t("dataRights.log.loadFailed")}
            error={summary.error}
            onRetry={() => void summary.refetch()}
          />
        ) : summary.isPending ? (
          <Skeleton h={60} />
        ) : items.length === 0 ? (
          <Text size="sm">{t("dataRights.mine.none")}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
            {items.map((item) => (
              <li key={`${item.actorKind}:${item.actorRole ?? ""}:${item.actorAgency ?? ""}`}>
                <Text size="sm" fw={500}>
                  <SummaryWho item={item} />
                </Text>
                <Text size="sm" c="gray.7">
                  {t("dataRights.mine.counts", {
                    views: t("dataRights.mine.views", { count: item.views }),
                    changes: t("dataRights.mine.changes", { count: item.changes }),
                    at: formatDateTime(item.lastAt),
                  })}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <Text size="xs" c="gray.7">
          {t("dataRights.mine.kept", { months: summary.data?.keptMonths ?? 12 })}
        </Text>
        <MyConsents />
        <EraseMineSection />
      </Stack>
    </Card>
  );
}

/** Who a line of the summary is: by role and agency, through an API key, or with the link. */
function SummaryWho({ item }: { item: AccessSummaryView["items"][number] }) {
  const { t } = useTranslation();
  if (item.actorKind === "link" || !item.actorRole) return t("dataRights.mine.link");
  const role = t(`roles.${item.actorRole}`);
  const who = item.actorAgency ? t("dataRights.mine.whoAgency", { role, agency: item.actorAgency }) : role;
  return item.actorKind === "api_key" ? t("dataRights.mine.viaKey", { who }) : who;
}
