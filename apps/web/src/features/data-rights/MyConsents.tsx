import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ConsentEntry, ConsentKind, Role } from "@matchdesk/contract";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { LoadFailed } from "../../ui/LoadFailed";
import { useMyConsents, useWithdrawConsent } from "./useDataRights";

const KINDS: ConsentKind[] = ["shared_search", "public_profile"];

/**
 * The client's consents in the portal (issue 20): being in the shared search and having a public
 * profile, each with who switched it on and when; "Withdraw" takes it away at once.
 */
export function MyConsents() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const consents = useMyConsents();
  const withdraw = useWithdrawConsent();
  const by = (role: Role | null) =>
    role ? t(`dataRights.consents.by.${role}`) : t("dataRights.consents.by.unknown");
  const latest = (kind: ConsentKind): ConsentEntry | undefined =>
    consents.data?.items.find((i) => i.kind === kind);

  return (
    <Stack gap="sm" component="section" aria-labelledby="my-consents-title">
      <Title order={3} fz="h5" id="my-consents-title">
        {t("dataRights.consents.title")}
      </Title>
      <Text size="sm" c="gray.7">
        {t("dataRights.consents.lead")}
      </Text>
      {consents.isError ? (
        <LoadFailed
          title={t("dataRights.consents.loadFailed")}
          error={consents.error}
          onRetry={() => void consents.refetch()}
        />
      ) : consents.isPending ? (
        <Skeleton h={60} />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
          {KINDS.map((kind) => {
            const on = consents.data.current[kind];
            const entry = latest(kind);
            return (
              <li key={kind}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text size="sm" fw={500}>
                        {t(`dataRights.consents.kind.${kind}`)}
                      </Text>
                      <Badge color={on ? "teal" : "gray"} variant="light" tt="none">
                        {on ? t("dataRights.consents.on") : t("dataRights.consents.off")}
                      </Badge>
                    </Group>
                    {entry && (
                      <Text size="sm" c="gray.7">
                        {entry.withdrawnAt
                          ? t("dataRights.consents.withdrawn", {
                              who: by(entry.withdrawnByRole),
                              at: formatDateTime(entry.withdrawnAt),
                            })
                          : t("dataRights.consents.granted", {
                              who: by(entry.grantedByRole),
                              at: formatDateTime(entry.grantedAt),
                            })}
                      </Text>
                    )}
                  </Stack>
                  {on && (
                    <Button
                      size="xs"
                      variant="default"
                      loading={withdraw.isPending && withdraw.variables === kind}
                      onClick={() => withdraw.mutate(kind)}
                      aria-label={t("dataRights.consents.withdrawLabel", {
                        kind: t(`dataRights.consents.kind.${kind}`),
                      })}
                    >
                      {t("dataRights.consents.withdraw")}
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
      {withdraw.isError && (
        <Alert color="red" title={t("dataRights.consents.failed")} role="alert">
          {toMessage(withdraw.error)}
        </Alert>
      )}
    </Stack>
  );
}
