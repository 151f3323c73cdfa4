import {
  Badge,
  Button,
  Card,
  CloseButton,
  EmptyState,
  Grid,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { type AdminUserView, Role, UserStatus } from "@matchdesk/contract";
import {
  IconFilterOff,
  IconRosetteDiscountCheckFilled,
  IconSearch,
  IconSparkles2,
  IconUserPlus,
  IconUsers,
} from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { LoadFailed } from "../../ui/LoadFailed";
import { usePageTitle } from "../../ui/usePageTitle";
import { CreateMatchmakerDialog } from "./CreateMatchmakerDialog";
import { UserActions, userName } from "./UserActions";
import { useAdminUsers } from "./useAdminUsers";
import {
  hasActiveFilters,
  readUsersFilters,
  USERS_PAGE_SIZE,
  type UsersFilters,
  writeUsersFilters,
} from "./users-query";

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
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readUsersFilters(searchParams);
  const users = useAdminUsers(filters);
  const [isCreating, setCreating] = useState(false);
  const [search, setSearch] = useState(filters.q);
  usePageTitle(t("nav.users"));

  // Any filter change goes back to the first page; the URL is the one source of the filters.
  const setFilters = (change: Partial<UsersFilters>) =>
    setSearchParams(writeUsersFilters({ ...filters, page: 1, ...change }), { replace: !("page" in change) });
  const commitSearch = useDebouncedCallback((q: string) => setFilters({ q }), 350);
  // Back and forward change the URL's search; the box follows unless it only differs in spaces.
  useEffect(() => {
    setSearch((current) => (current.trim() === filters.q ? current : filters.q));
  }, [filters.q]);
  const clearFilters = () => {
    commitSearch.cancel();
    setSearch("");
    setSearchParams(new URLSearchParams());
  };

  const data = users.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / USERS_PAGE_SIZE)) : 1;
  const isFiltered = hasActiveFilters(filters);

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

      <Card shadow="xs" padding="md" component="section" role="search" aria-label={t("users.filters")}>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <TextInput
              label={t("users.search")}
              placeholder={t("users.searchPlaceholder")}
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
                    aria-label={t("users.clearSearch")}
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
          <Grid.Col span={{ base: 6, xs: 4, lg: 3 }}>
            <NativeSelect
              label={t("users.role")}
              value={filters.role ?? ""}
              onChange={(event) => setFilters({ role: (event.currentTarget.value || null) as Role | null })}
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
                setFilters({ status: (event.currentTarget.value || null) as UserStatus | null })
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
              value={filters.verified ?? ""}
              onChange={(event) =>
                setFilters({ verified: (event.currentTarget.value || null) as UsersFilters["verified"] })
              }
              data={[
                { value: "", label: t("users.any") },
                { value: "true", label: t("users.verifiedOnly") },
                { value: "false", label: t("users.unverifiedOnly") },
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
              {t("users.clearFilters")}
            </Button>
          </Group>
        )}
      </Card>

      {users.isError && !data ? (
        <LoadFailed title={t("users.loadFailed")} error={users.error} onRetry={() => void users.refetch()} />
      ) : !data ? (
        <Stack gap="xs" role="status" aria-label={t("common.loading")}>
          {[1, 2, 3, 4].map((row) => (
            <Skeleton key={row} h={56} radius="md" />
          ))}
        </Stack>
      ) : data.items.length === 0 ? (
        <Card shadow="xs">
          <EmptyState
            icon={<IconUsers size={28} />}
            variant="light"
            title={isFiltered ? t("users.emptyFilteredTitle") : t("users.emptyTitle")}
            description={isFiltered ? t("users.emptyFilteredText") : t("users.emptyText")}
          >
            <EmptyState.Actions>
              {isFiltered ? (
                <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
                  {t("users.clearFilters")}
                </Button>
              ) : (
                <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
                  {t("users.create.open")}
                </Button>
              )}
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t("users.count", { count: data.total })}
          </Text>
          <UsersTable users={data.items} />
          <UserCards users={data.items} />
          {pageCount > 1 && (
            <Group justify="center">
              <Pagination
                total={pageCount}
                value={Math.min(filters.page, pageCount)}
                onChange={(page) => setFilters({ page })}
                getControlProps={(control) => ({
                  "aria-label":
                    control === "next"
                      ? t("users.nextPage")
                      : control === "previous"
                        ? t("users.previousPage")
                        : undefined,
                })}
                getItemProps={(page) => ({ "aria-label": t("users.page", { page }) })}
              />
            </Group>
          )}
        </Stack>
      )}

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
    <Text size="sm" c={value ? "teal.8" : "dimmed"} fw={value ? 500 : 400}>
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
        {user.email}
      </Text>
      {user.agencyName && (
        <Text size="xs" c="gray.7" truncate>
          {user.agencyName}
        </Text>
      )}
    </Stack>
  );
}

/** Tablets and desktops: one row per user; scrolls sideways when the window is narrow. */
function UsersTable({ users }: { users: AdminUserView[] }) {
  const { t } = useTranslation();
  return (
    <Card shadow="xs" padding={0} visibleFrom="md">
      <Table.ScrollContainer minWidth={920}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("users.columns.user")}</Table.Th>
              <Table.Th>{t("users.columns.role")}</Table.Th>
              <Table.Th>{t("users.columns.status")}</Table.Th>
              <Table.Th>{t("users.columns.search")}</Table.Th>
              <Table.Th>{t("users.columns.notifications")}</Table.Th>
              <Table.Th>{t("users.columns.aiMatching")}</Table.Th>
              <Table.Th>{t("users.columns.created")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("users.columns.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td maw={260}>
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
                  <Text size="sm" c="gray.7" style={{ whiteSpace: "nowrap" }}>
                    {formatDateTime(user.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <UserActions user={user} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Phones: one card per user, the same facts and actions. */
function UserCards({ users }: { users: AdminUserView[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {users.map((user) => (
        <Card key={user.id} component="li" shadow="xs" padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <NameCell user={user} />
            <UserActions user={user} />
          </Group>
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
        </Card>
      ))}
    </Stack>
  );
}
