import {
  Anchor,
  Avatar,
  Button,
  Card,
  Grid,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import type { ClientListItem, ClientStatsView, ProfileStatus } from "@matchdesk/contract";
import { IconFileImport, IconQrcode, IconUserPlus } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { clientPath } from "../../lib/paths";
import { optionsOf } from "../../lib/query-fields";
import { deferred } from "../../ui/deferred";
import { FilterCard, PagedResults, PhoneCard, PhoneCards, SearchBox, WideTable } from "../../ui/PagedList";
import { useListFilters } from "../../ui/useListFilters";
import { enumLabel } from "../profile/field-format";
import { ClientActions } from "./ClientActions";
import { ClientBadges } from "./ClientBadges";
import { clientName } from "./client-changes";
import { CLIENTS_PAGE_SIZE, type ClientsFilters, clientsFilters } from "./clients-query";
import { useClientContact } from "./useClientContact";
import { useClientStats, useClients } from "./useClients";

const CreateClientDialog = deferred(() => import("./CreateClientDialog"), "CreateClientDialog");

const INVITE_PATH = "/admin/generate-invite";
const IMPORT_PATH = "/admin/clients/import";

const yesNo = (value: string) => (value === "" ? undefined : value === "true");

/**
 * SPEC 2 "client list with stats": questionnaire counts (a card filters by its status), search and
 * filters kept in the URL, a table on wide screens and cards on phones, and an empty state that
 * leads to inviting or creating a client.
 */
export function ClientList({ heading }: { heading: ReactNode }) {
  const { t } = useTranslation();
  const { filters, setFilters, clearFilters, isFiltered, search } = useListFilters(clientsFilters);
  const clients = useClients(filters);
  const stats = useClientStats();
  const [isCreating, setCreating] = useState(false);

  // An empty base shows only the way to the first client: no counts of zero, nothing to filter.
  const isBaseEmpty = !isFiltered && stats.data?.total === 0;
  const any = { value: "", label: t("clients.filters.any") };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        {heading}
        <Group gap="sm">
          <Button
            variant="default"
            component={Link}
            to={IMPORT_PATH}
            leftSection={<IconFileImport size={18} />}
          >
            {t("clientImport.importLink")}
          </Button>
          <Button variant="default" component={Link} to={INVITE_PATH} leftSection={<IconQrcode size={18} />}>
            {t("clients.invite")}
          </Button>
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
            {t("clients.create.open")}
          </Button>
        </Group>
      </Group>

      {!isBaseEmpty && (
        <StatsCards
          stats={stats.data}
          active={filters.profileStatus}
          onSelect={(profileStatus) => setFilters({ profileStatus })}
        />
      )}

      <FilterCard
        label={t("clients.filters.label")}
        clearLabel={t("clients.filters.clear")}
        isFiltered={isFiltered}
        onClear={clearFilters}
        isHidden={isBaseEmpty}
      >
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SearchBox
            label={t("clients.filters.search")}
            placeholder={t("clients.filters.searchPlaceholder")}
            clearLabel={t("clients.filters.clearSearch")}
            search={search}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <NativeSelect
            label={t("clients.filters.profileStatus")}
            value={filters.profileStatus ?? ""}
            onChange={(event) =>
              setFilters({
                profileStatus: (event.currentTarget.value || undefined) as ProfileStatus | undefined,
              })
            }
            data={[
              any,
              ...optionsOf(clientsFilters.fields.profileStatus).map((status) => ({
                value: status,
                label: t(`clients.profileStatus.${status}`),
              })),
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <NativeSelect
            label={t("clients.filters.verified")}
            value={filters.verified === undefined ? "" : String(filters.verified)}
            onChange={(event) => setFilters({ verified: yesNo(event.currentTarget.value) })}
            data={[
              any,
              { value: "true", label: t("clients.filters.verifiedYes") },
              { value: "false", label: t("clients.filters.verifiedNo") },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <NativeSelect
            label={t("clients.filters.inSearch")}
            value={filters.inSearch === undefined ? "" : String(filters.inSearch)}
            onChange={(event) => setFilters({ inSearch: yesNo(event.currentTarget.value) })}
            data={[
              any,
              { value: "true", label: t("clients.filters.inSearchYes") },
              { value: "false", label: t("clients.filters.inSearchNo") },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <NativeSelect
            label={t("profile.fields.gender")}
            value={filters.gender ?? ""}
            onChange={(event) =>
              setFilters({ gender: (event.currentTarget.value || undefined) as ClientsFilters["gender"] })
            }
            data={[
              any,
              ...optionsOf(clientsFilters.fields.gender).map((value) => ({
                value,
                label: enumLabel(t, "Gender", value),
              })),
            ]}
          />
        </Grid.Col>
      </FilterCard>

      <PagedResults
        query={clients}
        page={filters.page}
        pageSize={CLIENTS_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        isFiltered={isFiltered}
        onClearFilters={clearFilters}
        rowHeight={64}
        texts={{
          loadFailed: t("clients.loadFailed"),
          count: (count, capped) => t(capped ? "clients.countCapped" : "clients.count", { count }),
          emptyTitle: t("clients.emptyTitle"),
          emptyText: t("clients.emptyText"),
          emptyFilteredTitle: t("clients.emptyFilteredTitle"),
          emptyFilteredText: t("clients.emptyFilteredText"),
          clearFilters: t("clients.filters.clear"),
          nextPage: t("clients.nextPage"),
          previousPage: t("clients.previousPage"),
          page: (page) => t("clients.page", { page }),
        }}
        emptyActions={
          <>
            <Button component={Link} to={INVITE_PATH} leftSection={<IconQrcode size={16} />}>
              {t("clients.inviteClient")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconUserPlus size={16} />}
              onClick={() => setCreating(true)}
            >
              {t("clients.create.open")}
            </Button>
          </>
        }
      >
        {(items) => (
          <>
            <ClientsTable clients={items} />
            <ClientCards clients={items} />
          </>
        )}
      </PagedResults>

      <CreateClientDialog opened={isCreating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

const STAT_CARDS = [
  { status: "incomplete", key: "incomplete", color: "yellow" },
  { status: "complete", key: "completed", color: "blue" },
  { status: "approved", key: "approved", color: "teal" },
] as const;

/** The three questionnaire counts; choosing one filters the list by it, choosing it again clears. */
function StatsCards({
  stats,
  active,
  onSelect,
}: {
  stats: ClientStatsView | undefined;
  active: ProfileStatus | undefined;
  onSelect: (status: ProfileStatus | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={3} spacing={{ base: "xs", sm: "md" }} aria-label={t("clients.stats.label")}>
      {STAT_CARDS.map(({ status, key, color }) => {
        const isActive = active === status;
        return (
          <UnstyledButton
            key={status}
            aria-pressed={isActive}
            onClick={() => onSelect(isActive ? undefined : status)}
            style={{ borderRadius: "var(--mantine-radius-lg)" }}
          >
            <Card
              shadow="xs"
              padding="md"
              h="100%"
              display="flex"
              style={{
                flexDirection: "column",
                justifyContent: "space-between",
                borderColor: isActive ? `var(--mantine-color-${color}-5)` : undefined,
                borderLeft: `4px solid var(--mantine-color-${color}-5)`,
              }}
            >
              <Text size="xs" c="gray.7" fw={600} lh={1.3} lineClamp={2}>
                {t(`clients.stats.${key}`)}
              </Text>
              {stats ? (
                <Text fz={{ base: 24, sm: 30 }} fw={700} lh={1.2} mt={4} data-testid={`stat-${key}`}>
                  {stats[key]}
                </Text>
              ) : (
                <Skeleton h={30} w={40} mt={6} />
              )}
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

function ClientIdentity({ client }: { client: ClientListItem }) {
  const name = clientName(client);
  const contact = useClientContact(client);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={client.avatarThumbUrl} name={name} color="rose" radius="xl" size={40} aria-hidden />
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={clientPath(client.id)} fw={600} size="sm" c="dark.7" truncate>
          {name}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {contact}
        </Text>
      </Stack>
    </Group>
  );
}

function AgeCity({ client }: { client: ClientListItem }) {
  const { t } = useTranslation();
  const parts = [client.age !== null ? t("clients.age", { count: client.age }) : null, client.city].filter(
    Boolean,
  );
  return parts.length > 0 ? (
    <Text size="sm">{parts.join(" · ")}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t("clients.noDetails")}
    </Text>
  );
}

/** Tablets and desktops: one row per client. */
function ClientsTable({ clients }: { clients: ClientListItem[] }) {
  const { t } = useTranslation();
  return (
    <WideTable
      minWidth={760}
      columns={[
        t("clients.columns.client"),
        t("clients.columns.ageCity"),
        t("clients.columns.status"),
        t("clients.columns.created"),
      ]}
      actionsLabel={t("clients.columns.actions")}
    >
      {clients.map((client) => (
        <Table.Tr key={client.id} data-testid="client-row">
          <Table.Td maw={300}>
            <ClientIdentity client={client} />
          </Table.Td>
          <Table.Td>
            <AgeCity client={client} />
          </Table.Td>
          <Table.Td maw={320}>
            <ClientBadges client={client} />
          </Table.Td>
          <Table.Td>
            <Text size="sm" c="gray.7" style={{ whiteSpace: "nowrap" }}>
              {formatDateTime(client.createdAt)}
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            <ClientActions client={client} withOpen />
          </Table.Td>
        </Table.Tr>
      ))}
    </WideTable>
  );
}

/** Phones: one card per client, the same facts and actions. */
function ClientCards({ clients }: { clients: ClientListItem[] }) {
  return (
    <PhoneCards>
      {clients.map((client) => (
        <PhoneCard
          key={client.id}
          testId="client-card"
          identity={<ClientIdentity client={client} />}
          actions={<ClientActions client={client} withOpen />}
        >
          <Stack gap={8} mt="sm">
            <AgeCity client={client} />
            <ClientBadges client={client} />
          </Stack>
        </PhoneCard>
      ))}
    </PhoneCards>
  );
}
