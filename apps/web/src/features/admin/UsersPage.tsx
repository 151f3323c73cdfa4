import { Badge, Button, Grid, Group, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { type AdminUserView, Role, UserStatus } from "@matchdesk/contract";
import { IconRosetteDiscountCheckFilled, IconSparkles2, IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../lib/format-date";
import { FilterCard, PagedResults, PhoneCard, PhoneCards, SearchBox, WideTable } from "../../ui/PagedList";
import { useListFilters } from "../../ui/useListFilters";
import { usePageTitle } from "../../ui/usePageTitle";
import { CreateMatchmakerDialog } from "./CreateMatchmakerDialog";
import { UserActions, userName } from "./UserActions";
import { useAdminUsers } from "./useAdminUsers";
import { USERS_PAGE_SIZE, usersFilters } from "./users-query";

const yesNo = (value: string) => (value === "" ? undefined : value === "true");

const STATUS_COLOR: Record<UserStatus, string> = {
  active: "teal",
  inactive: "gray",
  verified: "teal",
  unverified: "yellow",
  pending: "yellow",
  approved: "teal",
  rejected: "red",
};

/** SPEC 2 /admin/users (ADMIN): search, filters and paging kept in the URL; per-row actions. */
export function UsersPage() {
  const { t } = useTranslation();
  const { filters, setFilters, clearFilters, isFiltered, search } = useListFilters(usersFilters);
  const users = useAdminUsers(filters);
  const [isCreating, setCreating] = useState(false);
  usePageTitle(t("nav.users"));

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("users.title")}
          </Title>
          <Text c="gray.7">{t("users.lead")}</Text>
        </Stack>
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
          {t("users.create.open")}
        </Button>
      </Group>

      <FilterCard
        label={t("users.filters")}
        clearLabel={t("users.clearFilters")}
        isFiltered={isFiltered}
        onClear={clearFilters}
      >
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <SearchBox
            label={t("users.search")}
            placeholder={t("users.searchPlaceholder")}
            clearLabel={t("users.clearSearch")}
            search={search}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4, lg: 3 }}>
          <NativeSelect
            label={t("users.role")}
            value={filters.role ?? ""}
            onChange={(event) =>
              setFilters({ role: (event.currentTarget.value || undefined) as Role | undefined })
            }
            data={[
              { value: "", label: t("users.any") },
              ...Role.options.map((role) => ({ value: role, label: t(`roles.${role}`) })),
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4, lg: 3 }}>
          <NativeSelect
            label={t("users.status")}
            value={filters.status ?? ""}
            onChange={(event) =>
              setFilters({ status: (event.currentTarget.value || undefined) as UserStatus | undefined })
            }
            data={[
              { value: "", label: t("users.any") },
              ...UserStatus.options.map((status) => ({ value: status, label: t(`userStatus.${status}`) })),
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4, lg: 3 }}>
          <NativeSelect
            label={t("users.verified")}
            value={filters.verified === undefined ? "" : String(filters.verified)}
            onChange={(event) => setFilters({ verified: yesNo(event.currentTarget.value) })}
            data={[
              { value: "", label: t("users.any") },
              { value: "true", label: t("users.verifiedOnly") },
              { value: "false", label: t("users.unverifiedOnly") },
            ]}
          />
        </Grid.Col>
      </FilterCard>

      <PagedResults
        query={users}
        page={filters.page}
        pageSize={USERS_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        isFiltered={isFiltered}
        onClearFilters={clearFilters}
        rowHeight={56}
        texts={{
          loadFailed: t("users.loadFailed"),
          count: (count) => t("users.count", { count }),
          emptyTitle: t("users.emptyTitle"),
          emptyText: t("users.emptyText"),
          emptyFilteredTitle: t("users.emptyFilteredTitle"),
          emptyFilteredText: t("users.emptyFilteredText"),
          clearFilters: t("users.clearFilters"),
          nextPage: t("users.nextPage"),
          previousPage: t("users.previousPage"),
          page: (page) => t("users.page", { page }),
        }}
        emptyActions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
            {t("users.create.open")}
          </Button>
        }
      >
        {(items) => (
          <>
            <UsersTable users={items} />
            <UserCards users={items} />
          </>
        )}
      </PagedResults>

      <CreateMatchmakerDialog opened={isCreating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function StatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} tt="none" miw="max-content">
      {t(`userStatus.${status}`)}
    </Badge>
  );
}

function YesNo({ value, isApplicable = true }: { value: boolean; isApplicable?: boolean }) {
  const { t } = useTranslation();
  if (!isApplicable)
    return (
      <Text size="sm" c="dimmed" aria-label={t("users.notApplicable")}>
        —
      </Text>
    );
  return (
    <Text size="sm" c={value ? "teal.9" : "dimmed"} fw={value ? 500 : 400}>
      {value ? t("common.yes") : t("common.no")}
    </Text>
  );
}

function NameCell({ user }: { user: AdminUserView }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} miw={0}>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {userName(user)}
        </Text>
        {user.isVerified && (
          <IconRosetteDiscountCheckFilled
            size={16}
            color="var(--mantine-color-teal-6)"
            role="img"
            aria-label={t("users.isVerified")}
            style={{ flexShrink: 0 }}
          />
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {user.email ?? user.phone}
      </Text>
      {user.agencyName && (
        <Text size="xs" c="gray.7" truncate>
          {user.agencyName}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Desktops: one row per user, fitting a 1280 px window beside the menu (the day of registration,
 * its time on hover); scrolls sideways only on a narrower one.
 */
function UsersTable({ users }: { users: AdminUserView[] }) {
  const { t } = useTranslation();
  return (
    <WideTable
      minWidth={860}
      columns={[
        t("users.columns.user"),
        t("users.columns.role"),
        t("users.columns.status"),
        t("users.columns.search"),
        t("users.columns.notifications"),
        t("users.columns.aiMatching"),
        t("users.columns.created"),
      ]}
      actionsLabel={t("users.columns.actions")}
    >
      {users.map((user) => (
        <Table.Tr key={user.id}>
          <Table.Td maw={230}>
            <NameCell user={user} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{t(`roles.${user.role}`)}</Text>
          </Table.Td>
          <Table.Td>
            <StatusBadge status={user.status} />
          </Table.Td>
          <Table.Td>
            <YesNo value={user.participatesInSearch} />
          </Table.Td>
          <Table.Td>
            <YesNo value={user.emailNotifications} isApplicable={user.role !== "INVITEE"} />
          </Table.Td>
          <Table.Td>
            <YesNo value={user.aiMatchingEnabled} isApplicable={user.role === "INVITER"} />
          </Table.Td>
          <Table.Td>
            <Text
              size="sm"
              c="gray.7"
              style={{ whiteSpace: "nowrap" }}
              title={formatDateTime(user.createdAt)}
            >
              {formatDate(user.createdAt)}
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            <UserActions user={user} />
          </Table.Td>
        </Table.Tr>
      ))}
    </WideTable>
  );
}

/** Phones: one card per user, the same facts and actions. */
function UserCards({ users }: { users: AdminUserView[] }) {
  const { t } = useTranslation();
  return (
    <PhoneCards>
      {users.map((user) => (
        <PhoneCard key={user.id} identity={<NameCell user={user} />} actions={<UserActions user={user} />}>
          <Group gap={6} mt="sm">
            <Badge variant="outline" color="gray" tt="none">
              {t(`roles.${user.role}`)}
            </Badge>
            <StatusBadge status={user.status} />
            {user.participatesInSearch && (
              <Badge variant="light" color="blue" tt="none">
                {t("users.inSearch")}
              </Badge>
            )}
            {user.role !== "INVITEE" && user.emailNotifications && (
              <Badge variant="light" color="grape" tt="none">
                {t("users.notificationsOn")}
              </Badge>
            )}
            {user.role === "INVITER" && user.aiMatchingEnabled && (
              <Badge variant="light" color="rose" tt="none" leftSection={<IconSparkles2 size={12} />}>
                {t("users.aiMatchingOn")}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            {t("users.createdAt", { date: formatDateTime(user.createdAt) })}
          </Text>
        </PhoneCard>
      ))}
    </PhoneCards>
  );
}
