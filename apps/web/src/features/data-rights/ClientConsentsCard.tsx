import { Badge, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ConsentKind, Role } from "@matchdesk/contract";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { LoadFailed } from "../../ui/LoadFailed";
import { useClientConsents } from "./useDataRights";

const KINDS: ConsentKind[] = ["shared_search", "public_profile"];

/**
 * The client's consents on their page (tab "Data"; issue 20): whether they are in the shared
 * search and have a public profile now, and every period each was on, by whom (by role) and when.
 * Not the introductions' consent ledger (whose contacts went to whom), which is on its own tab.
 */
export function ClientConsentsCard({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const consents = useClientConsents(clientId);
  const by = (role: Role | null) =>
    role ? t(`dataRights.clientConsents.by.${role}`) : t("dataRights.clientConsents.by.unknown");

  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="client-consents-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="client-consents-title">
          {t("dataRights.clientConsents.title")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("dataRights.clientConsents.lead")}
        </Text>
        {consents.isError ? (
          <LoadFailed
            title={t("dataRights.clientConsents.loadFailed")}
            error={consents.error}
            onRetry={() => void consents.refetch()}
          />
        ) : consents.isPending ? (
          <Skeleton h={60} />
        ) : (
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
            {KINDS.map((kind) => {
              const on = consents.data.current[kind];
              const periods = consents.data.items.filter((i) => i.kind === kind);
              return (
                <li key={kind}>
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Text size="sm" fw={500}>
                        {t(`dataRights.clientConsents.kind.${kind}`)}
                      </Text>
                      <Badge color={on ? "teal" : "gray"} variant="light" tt="none">
                        {on ? t("dataRights.consents.on") : t("dataRights.consents.off")}
                      </Badge>
                    </Group>
                    {periods.length === 0 ? (
                      <Text size="sm" c="gray.7">
                        {t("dataRights.clientConsents.empty")}
                      </Text>
                    ) : (
                      <Stack component="ul" gap={2} pl="md" m={0}>
                        {periods.map((entry) => (
                          <Text component="li" size="sm" c="gray.7" key={entry.id}>
                            {t("dataRights.clientConsents.granted", {
                              who: by(entry.grantedByRole),
                              at: formatDateTime(entry.grantedAt),
                            })}
                            {entry.withdrawnAt &&
                              `; ${t("dataRights.clientConsents.withdrawn", {
                                who: by(entry.withdrawnByRole),
                                at: formatDateTime(entry.withdrawnAt),
                              })}`}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Stack>
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
