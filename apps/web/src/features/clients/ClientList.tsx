import {
  Anchor,
  Avatar,
  Button,
  Card,
  CloseButton,
  EmptyState,
  Grid,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { type ClientListItem, type ClientStatsView, Gender, ProfileStatus } from "@matchdesk/contract";
import { IconFilterOff, IconQrcode, IconSearch, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { LoadFailed } from "../../ui/LoadFailed";
import { enumLabel } from "../profile/field-format";
import { ClientActions, clientPath } from "./ClientActions";
import { ClientBadges } from "./ClientBadges";
import { CreateClientDialog } from "./CreateClientDialog";
import { clientName } from "./client-changes";
import { CLIENTS_PAGE_SIZE, type ClientsFilters, clientsFilters } from "./clients-query";
import { useClientStats, useClients } from "./useClients";

const INVITE_PATH = "/admin/generate-invite";

const yesNo = (value: string) => (value === "" ? undefined : value === "true");

/**
 * SPEC 2 "client list with stats": questionnaire counts (a card filters by its status), search and
 * filters kept in the URL, a table on wide screens and cards on phones, and an empty state that
 * leads to inviting or creating a client.
 */
export function ClientList({ heading }: { heading: ReactNode }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = clientsFilters.read(searchParams);
  const clients = useClients(filters);
  const stats = useClientStats();
  const [isCreating, setCreating] = useState(false);
  const [search, setSearch] = useState(filters.q ?? "");

  // Any filter change goes back to the first page; the URL is the one source of the filters.
  const setFilters = (change: Partial<ClientsFilters>) =>
    setSearchParams(clientsFilters.write({ ...filters, page: 1, ...change }), {
      replace: !("page" in change),
    });
  const commitSearch = useDebouncedCallback((q: string) => setFilters({ q }), 350);
  useEffect(() => {
    const q = filters.q ?? "";
    setSearch((current) => (current.trim() === q ? current : q));
  }, [filters.q]);
  const clearFilters = () => {
    commitSearch.cancel();
    setSearch("");
    setSearchParams(new URLSearchParams());
  };

  const data = clients.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / CLIENTS_PAGE_SIZE)) : 1;
  const isFiltered = clientsFilters.isFiltered(filters);
  // An empty base shows only the way to the first client: no counts of zero, nothing to filter.
  const isBaseEmpty = !isFiltered && stats.data?.total === 0;
  const any = { value: "", label: t("clients.filters.any") };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        {heading}
        <Group gap="sm">
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

      <Card
        display={isBaseEmpty ? "none" : undefined}
        shadow="xs"
        padding="md"
        component="section"
        role="search"
        aria-label={t("clients.filters.label")}
      >
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <TextInput
              label={t("clients.filters.search")}
              placeholder={t("clients.filters.searchPlaceholder")}
              leftSection={<IconSearch size={16} />}
              value={search}
              maxLength={100}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                commitSearch(event.currentTarget.value);
              }}
              rightSection={
                search ? (
                  <CloseButton
                    size="sm"
                    aria-label={t("clients.filters.clearSearch")}
                    onClick={() => {
                      commitSearch.cancel();
                      setSearch("");
                      setFilters({ q: "" });
                    }}
                  />
                ) : null
              }
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
                ...ProfileStatus.options.map((status) => ({
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
                ...Gender.options.map((value) => ({ value, label: enumLabel(t, "Gender", value) })),
              ]}
            />
          </Grid.Col>
        </Grid>
        {isFiltered && (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={14} />}
              onClick={clearFilters}
            >
              {t("clients.filters.clear")}
            </Button>
          </Group>
        )}
      </Card>

      {clients.isError && !data ? (
        <LoadFailed
          title={t("clients.loadFailed")}
          error={clients.error}
          onRetry={() => void clients.refetch()}
        />
      ) : !data ? (
        <Stack gap="xs" role="status" aria-label={t("common.loading")}>
          {[1, 2, 3, 4].map((row) => (
            <Skeleton key={row} h={64} radius="md" />
          ))}
        </Stack>
      ) : data.items.length === 0 ? (
        <Card shadow="xs">
          <EmptyState
            icon={<IconUsers size={28} />}
            variant="light"
            title={isFiltered ? t("clients.emptyFilteredTitle") : t("clients.emptyTitle")}
            description={isFiltered ? t("clients.emptyFilteredText") : t("clients.emptyText")}
          >
            <EmptyState.Actions>
              {isFiltered ? (
                <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
                  {t("clients.filters.clear")}
                </Button>
              ) : (
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
              )}
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t("clients.count", { count: data.total })}
          </Text>
          <ClientsTable clients={data.items} />
          <ClientCards clients={data.items} />
          {pageCount > 1 && (
            <Group justify="center">
              <Pagination
                total={pageCount}
                value={Math.min(filters.page, pageCount)}
                onChange={(page) => setFilters({ page })}
                getControlProps={(control) => ({
                  "aria-label":
                    control === "next"
                      ? t("clients.nextPage")
                      : control === "previous"
                        ? t("clients.previousPage")
                        : undefined,
                })}
                getItemProps={(page) => ({ "aria-label": t("clients.page", { page }) })}
              />
            </Group>
          )}
        </Stack>
      )}

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
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={client.avatarThumbUrl} name={name} color="rose" radius="xl" size={40} aria-hidden />
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={clientPath(client.id)} fw={600} size="sm" c="dark.7" truncate>
          {name}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {client.email}
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
    <Card shadow="xs" padding={0} visibleFrom="md">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("clients.columns.client")}</Table.Th>
              <Table.Th>{t("clients.columns.ageCity")}</Table.Th>
              <Table.Th>{t("clients.columns.status")}</Table.Th>
              <Table.Th>{t("clients.columns.created")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("clients.columns.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Phones: one card per client, the same facts and actions. */
function ClientCards({ clients }: { clients: ClientListItem[] }) {
  return (
    <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {clients.map((client) => (
        <Card key={client.id} component="li" shadow="xs" padding="md" data-testid="client-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <ClientIdentity client={client} />
            <ClientActions client={client} withOpen />
          </Group>
          <Stack gap={8} mt="sm">
            <AgeCity client={client} />
            <ClientBadges client={client} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
