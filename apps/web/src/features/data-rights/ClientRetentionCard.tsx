import { Alert, Card, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { LoadFailed } from "../../ui/LoadFailed";
import { useClientRetention, useSetClientRetention } from "./useDataRights";

/**
 * The client under the agency's retention of inactive clients (issue 20): the last activity, the
 * date they would be erased, and "Keep this client", which stops it.
 */
export function ClientRetentionCard({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const retention = useClientRetention(clientId);
  const setKeep = useSetClientRetention(clientId);
  const view = retention.data;

  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="client-retention-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h4" id="client-retention-title">
          {t("dataRights.retention.clientTitle")}
        </Title>
        {retention.isError ? (
          <LoadFailed
            title={t("dataRights.retention.loadFailed")}
            error={retention.error}
            onRetry={() => void retention.refetch()}
          />
        ) : retention.isPending || !view ? (
          <Skeleton h={40} />
        ) : (
          <>
            <Text size="sm">
              {view.keep
                ? t("dataRights.retention.clientKept", { at: formatDateTime(view.lastActivityAt) })
                : view.months === null || view.erasesAt === null
                  ? t("dataRights.retention.clientOff", { at: formatDateTime(view.lastActivityAt) })
                  : t("dataRights.retention.clientDue", {
                      at: formatDateTime(view.lastActivityAt),
                      months: view.months,
                      date: formatDate(view.erasesAt),
                    })}
              {!view.keep &&
                view.warnedAt &&
                ` ${t("dataRights.retention.clientWarned", { at: formatDateTime(view.warnedAt) })}`}
            </Text>
            <Switch
              // While saving, the switch shows what was asked for.
              checked={setKeep.isPending ? setKeep.variables : view.keep}
              disabled={setKeep.isPending}
              onChange={(event) => setKeep.mutate(event.currentTarget.checked)}
              label={t("dataRights.retention.keep")}
              description={t("dataRights.retention.keepHint")}
            />
          </>
        )}
        {setKeep.isError && (
          <Alert color="red" title={t("dataRights.retention.failed")} role="alert">
            {toMessage(setKeep.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
