import { Alert, Anchor, Button, Card, List, NativeSelect, Skeleton, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { RETENTION_MONTHS, type RetentionMonths } from "@matchdesk/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../lib/format-date";
import { clientPath } from "../../lib/paths";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { LoadFailed } from "../../ui/LoadFailed";
import { useRetentionDue, useRetentionSettings, useSaveRetentionSettings } from "./useDataRights";

/**
 * The agency's retention of inactive clients (issue 20), on the matchmaker's agency settings:
 * off (the default), or erase clients after 12, 24 or 36 months without activity.
 */
export function RetentionSettingsCard() {
  const { t } = useTranslation();
  const settings = useRetentionSettings();
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="retention-settings-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="retention-settings-title">
          {t("dataRights.retention.title")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("dataRights.retention.lead")}
        </Text>
        {settings.isError ? (
          <LoadFailed
            title={t("dataRights.retention.loadFailed")}
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : settings.isPending ? (
          <Skeleton h={60} />
        ) : (
          <RetentionForm key={String(settings.data.months)} months={settings.data.months} />
        )}
        {settings.data?.months != null && <DueList />}
      </Stack>
    </Card>
  );
}

function RetentionForm({ months }: { months: RetentionMonths | null }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const save = useSaveRetentionSettings();
  const [value, setValue] = useState(months === null ? "off" : String(months));
  return (
    <Stack
      component="form"
      gap="sm"
      align="flex-start"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { months: value === "off" ? null : (Number(value) as RetentionMonths) },
          {
            onSuccess: () => notifications.show({ color: "teal", message: t("dataRights.retention.saved") }),
          },
        );
      }}
    >
      <NativeSelect
        label={t("dataRights.retention.label")}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        data={[
          { value: "off", label: t("dataRights.retention.off") },
          ...RETENTION_MONTHS.map((m) => ({
            value: String(m),
            label: t("dataRights.retention.months", { n: m }),
          })),
        ]}
      />
      <Button type="submit" loading={save.isPending}>
        {t("dataRights.retention.save")}
      </Button>
      {save.isError && (
        <Alert color="red" title={t("dataRights.retention.failed")} role="alert">
          {toMessage(save.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** The clients warned and due for erasure: what a digest warning (several clients at once) leads to. */
function DueList() {
  const { t } = useTranslation();
  const due = useRetentionDue();
  if (due.isError)
    return (
      <LoadFailed
        title={t("dataRights.retention.dueLoadFailed")}
        error={due.error}
        onRetry={() => void due.refetch()}
      />
    );
  if (due.isPending) return <Skeleton h={40} />;
  return (
    <Stack gap="xs" component="section" aria-labelledby="retention-due-title">
      <Title order={3} fz="h5" id="retention-due-title">
        {t("dataRights.retention.dueTitle")}
      </Title>
      {due.data.total === 0 ? (
        <Text size="sm" c="gray.7">
          {t("dataRights.retention.dueNone")}
        </Text>
      ) : (
        <>
          <Text size="sm">{t("dataRights.retention.dueLead", { n: due.data.total })}</Text>
          <List size="sm" spacing={4}>
            {due.data.items.map((item) => (
              <List.Item key={item.clientId}>
                <Anchor component={Link} to={`${clientPath(item.clientId)}?tab=data`}>
                  {item.name}
                </Anchor>
                {" — "}
                {t("dataRights.retention.dueItem", { date: formatDate(item.erasesAt) })}
              </List.Item>
            ))}
          </List>
          {due.data.total > due.data.items.length && (
            <Text size="sm" c="gray.7">
              {t("dataRights.retention.dueMore", { n: due.data.total - due.data.items.length })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
