import {
  Alert,
  Button,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { INTRODUCTION_GROUP_STATUSES, IntroductionGroup, type IntroductionStatus } from "@matchdesk/contract";
import { IconAlertCircle, IconSettings } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useAuth } from "../auth/auth-store";
import { IntroductionCard } from "./IntroductionCard";
import { IntroductionSettingsDialog } from "./IntroductionSettingsDialog";
import { GROUPS } from "./introduction-steps";
import {
  useFilteredClient,
  useIntroductionList,
  useManagedClients,
  WORKSPACE_PAGE_SIZE,
} from "./useIntroductions";
import { workspaceFilters } from "./workspace-filters";

/**
 * SPEC 2 /admin/matches, introductions after the match: tabs of active ones (waiting on someone),
 * dates and past ones, each with its count (the list answers all three); filters by client and
 * state; a card per introduction.
 */
export function IntroductionsWorkspace() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = workspaceFilters.read(searchParams);
  const group: IntroductionGroup = filters.group ?? "active";
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const list = useIntroductionList({
    group,
    status: filters.status,
    clientId: filters.clientId,
    page: filters.page,
  });
  const clients = useManagedClients();

  const setFilters = (change: Partial<typeof filters>) => {
    // Another tab or filter starts again at its first page.
    const next = { ...filters, page: 1, ...change };
    // The first tab is the bare URL.
    if (next.group === "active") next.group = undefined;
    setSearchParams(workspaceFilters.write(next), { replace: true });
  };

  const listed = clients.data?.items ?? [];
  const isListed = listed.some((c) => c.id === filters.clientId);
  const filtered = useFilteredClient(filters.clientId, isListed || !clients.data);
  const clientOptions = [...listed, ...(!isListed && filtered.data ? [filtered.data] : [])].map((c) => ({
    value: c.id,
    label: `${c.firstName} ${c.lastName}`.trim(),
  }));
  const statusOptions = INTRODUCTION_GROUP_STATUSES[group].map((status) => ({
    value: status,
    label: t(`matching.state.${status}`),
  }));
  const items = list.data?.items;
  const pageCount = list.data ? Math.ceil(list.data.total / WORKSPACE_PAGE_SIZE) : 0;
  // A page that emptied (its introductions moved to another tab) shows the last one left.
  const isPastEnd =
    list.data !== undefined && !list.isPlaceholderData && filters.page > Math.max(1, pageCount);
  useEffect(() => {
    if (isPastEnd)
      setSearchParams(workspaceFilters.write({ ...filters, page: Math.max(1, pageCount) }), {
        replace: true,
      });
  }, [isPastEnd, filters, pageCount, setSearchParams]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="introductions-title">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h3" id="introductions-title">
          {t("matching.introductions.title")}
        </Title>
        {user?.role === "INVITER" && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconSettings size={16} />}
            onClick={() => setSettingsOpen(true)}
          >
            {t("introductions.settings.open")}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t("introductions.filters.client")}
          placeholder={t("introductions.filters.anyClient")}
          data={clientOptions}
          value={filters.clientId ?? null}
          onChange={(value) => setFilters({ clientId: value ?? undefined })}
          searchable
          clearable
          w={{ base: "100%", xs: 240 }}
        />
        <Select
          label={t("introductions.filters.state")}
          placeholder={t("introductions.filters.anyState")}
          data={statusOptions}
          value={
            filters.status && statusOptions.some((o) => o.value === filters.status) ? filters.status : null
          }
          onChange={(value) => setFilters({ status: (value as IntroductionStatus | null) ?? undefined })}
          clearable
          w={{ base: "100%", xs: 220 }}
        />
      </Group>
      <Tabs
        value={group}
        onChange={(value) => {
          const parsed = IntroductionGroup.safeParse(value);
          if (parsed.success) setFilters({ group: parsed.data, status: undefined });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {GROUPS.map((g) => (
            <Tabs.Tab key={g} value={g} data-testid={`introductions-tab-${g}`}>
              {list.data
                ? t(`introductions.workspace.tabsCount.${g}`, { n: list.data.counts[g] })
                : t(`introductions.workspace.tabs.${g}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {GROUPS.map((g) => (
          <Tabs.Panel key={g} value={g} pt="md">
            {list.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
                {toMessage(list.error)}
              </Alert>
            ) : !items ? (
              <Skeleton h={120} />
            ) : items.length === 0 ? (
              <Text c="dimmed">
                {workspaceFilters.isFiltered({ ...filters, group: undefined })
                  ? t("introductions.workspace.noneFiltered")
                  : t(`introductions.workspace.empty.${g}`)}
              </Text>
            ) : (
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: "start" }}>
                  {items.map((i) => (
                    <IntroductionCard key={i.id} introduction={i} />
                  ))}
                </SimpleGrid>
                {pageCount > 1 && (
                  <Group justify="center">
                    <Pagination
                      total={pageCount}
                      value={Math.min(filters.page, pageCount)}
                      onChange={(page) => setFilters({ page })}
                      aria-label={t("introductions.workspace.pages")}
                      getControlProps={(control) => ({
                        "aria-label":
                          control === "next"
                            ? t("introductions.workspace.nextPage")
                            : control === "previous"
                              ? t("introductions.workspace.previousPage")
                              : undefined,
                      })}
                      getItemProps={(page) => ({
                        "aria-label": t("introductions.workspace.page", { page }),
                      })}
                    />
                  </Group>
                )}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      {user?.role === "INVITER" && (
        <IntroductionSettingsDialog opened={isSettingsOpen} onClose={() => setSettingsOpen(false)} />
      )}
    </Stack>
  );
}
