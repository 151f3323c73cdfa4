import {
  Button,
  Card,
  CloseButton,
  EmptyState,
  Grid,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import type { Page } from "@matchdesk/contract";
import { IconFilterOff, IconSearch, IconUsers } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "./LoadFailed";
import type { SearchState } from "./useListFilters";

// The kit of the paged lists (clients, users): a filter card with a debounced search box, then
// the results: a table on wide screens and cards on phones, paging, and empty states that tell an
// empty list from one the filters empty. Each list keeps its own columns, filters and texts.

/** The search box of a filter card; its state comes from useListFilters. */
export function SearchBox({
  label,
  placeholder,
  clearLabel,
  search,
}: {
  label: string;
  placeholder: string;
  clearLabel: string;
  search: SearchState;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={search.value}
      maxLength={100}
      onChange={(event) => search.change(event.currentTarget.value)}
      rightSection={
        search.value ? <CloseButton size="sm" aria-label={clearLabel} onClick={search.clear} /> : null
      }
    />
  );
}

/** The filters of a list, in a grid (the children are its columns), with a reset once any is set. */
export function FilterCard({
  label,
  clearLabel,
  isFiltered,
  onClear,
  isHidden = false,
  children,
}: {
  label: string;
  clearLabel: string;
  isFiltered: boolean;
  onClear: () => void;
  isHidden?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      display={isHidden ? "none" : undefined}
      shadow="xs"
      padding="md"
      component="section"
      role="search"
      aria-label={label}
    >
      <Grid gap="sm">{children}</Grid>
      {isFiltered && (
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} />} onClick={onClear}>
            {clearLabel}
          </Button>
        </Group>
      )}
    </Card>
  );
}

export type PagedResultsTexts = {
  loadFailed: string;
  /**
   * "12 clients": said politely to screen readers as the filters change. `capped`: counting
   * stopped at `total` and there are more ("more than 100 clients").
   */
  count: (total: number, capped: boolean) => string;
  emptyTitle: string;
  emptyText: string;
  emptyFilteredTitle: string;
  emptyFilteredText: string;
  clearFilters: string;
  nextPage: string;
  previousPage: string;
  page: (page: number) => string;
};

/**
 * One page of a list with its states: the failure with a retry, placeholders while the first page
 * loads, the empty states (the filtered one offers to clear the filters, the other `emptyActions`),
 * then the count, the items (`children`: a WideTable and PhoneCards) and the pages.
 */
export function PagedResults<T>({
  query,
  page,
  pageSize,
  onPage,
  isFiltered,
  onClearFilters,
  rowHeight,
  texts,
  emptyActions,
  children,
}: {
  query: { data: Page<T> | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  isFiltered: boolean;
  onClearFilters: () => void;
  /** The height of a loading placeholder: about one row of the list. */
  rowHeight: number;
  texts: PagedResultsTexts;
  emptyActions: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data } = query;
  if (query.isError && !data) {
    return <LoadFailed title={texts.loadFailed} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!data) {
    return (
      <Stack gap="xs" role="status" aria-label={t("common.loading")}>
        {[1, 2, 3, 4].map((row) => (
          <Skeleton key={row} h={rowHeight} radius="md" />
        ))}
      </Stack>
    );
  }
  if (data.items.length === 0) {
    return (
      <Card shadow="xs">
        <EmptyState
          icon={<IconUsers size={28} />}
          variant="light"
          title={isFiltered ? texts.emptyFilteredTitle : texts.emptyTitle}
          description={isFiltered ? texts.emptyFilteredText : texts.emptyText}
        >
          <EmptyState.Actions>
            {isFiltered ? (
              <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={onClearFilters}>
                {texts.clearFilters}
              </Button>
            ) : (
              emptyActions
            )}
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  }
  const pageCount = Math.max(1, Math.ceil(data.total / pageSize));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {texts.count(data.total, data.totalCapped === true)}
      </Text>
      {children(data.items)}
      {pageCount > 1 && (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={onPage}
            getControlProps={(control) => ({
              "aria-label":
                control === "next" ? texts.nextPage : control === "previous" ? texts.previousPage : undefined,
            })}
            getItemProps={(item) => ({ "aria-label": texts.page(item) })}
          />
        </Group>
      )}
    </Stack>
  );
}

/** Tablets and desktops: one row per item (the children), scrolling sideways below `minWidth`. */
export function WideTable({
  minWidth,
  columns,
  actionsLabel,
  children,
}: {
  minWidth: number;
  /** The column titles; a last column, titled for screen readers only, holds each row's actions. */
  columns: string[];
  actionsLabel: string;
  children: ReactNode;
}) {
  return (
    <Card shadow="xs" padding={0} visibleFrom="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((title) => (
                <Table.Th key={title}>{title}</Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>{actionsLabel}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Phones: one card per item (the children are PhoneCard), the same facts and actions as a row. */
export function PhoneCards({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {children}
    </Stack>
  );
}

/** One item on a phone: who or what it is beside its actions, then the details. */
export function PhoneCard({
  identity,
  actions,
  testId,
  children,
}: {
  identity: ReactNode;
  actions: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card component="li" shadow="xs" padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        {identity}
        {actions}
      </Group>
      {children}
    </Card>
  );
}
