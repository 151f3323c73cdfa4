import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  Pagination,
  Rating,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { DirectoryItem } from "@matchdesk/contract";
import { IconAlertCircle, IconRosetteDiscountCheck, IconSearch, IconUserSearch } from "@tabler/icons-react";
import { QueryClientProvider } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { queryClient } from "../../lib/query-client";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { CountrySelect, useCountryName } from "./CountrySelect";
import { DIRECTORY_PAGE_SIZE, type DirectoryFilters, directoryFilters } from "./directory-query";
import { useDirectory } from "./useMarketplace";

/** SPEC 2 /directory: the public list of matchmakers, its search kept in the URL. */
export function DirectoryPage() {
  // The public site has no query client of its own; this page brings it.
  return (
    <QueryClientProvider client={queryClient}>
      <DirectorySearch />
    </QueryClientProvider>
  );
}

function DirectorySearch() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  usePageTitle(t("marketplace.directory.pageTitle"));
  const [params, setParams] = useSearchParams();
  const filters = directoryFilters.read(params);
  const [draft, setDraft] = useState<DirectoryFilters>(filters);
  const paramsKey = params.toString();
  // The form follows the URL when it changes from outside (back button, a shared link).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's text is the dependency
  useEffect(() => setDraft(directoryFilters.read(params)), [paramsKey]);
  const directory = useDirectory(filters);

  const apply = (next: DirectoryFilters) => setParams(directoryFilters.write(next));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, page: 1 });
  };
  const clear = () => {
    setDraft(directoryFilters.empty);
    apply(directoryFilters.empty);
  };
  const total = directory.data?.total ?? 0;

  return (
    <Container size="lg" py={{ base: "lg", sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, sm: 40 }}>
            {t("marketplace.directory.title")}
          </Title>
          <Text c="gray.7" size="lg" maw={720}>
            {t("marketplace.directory.lead")}
          </Text>
        </Stack>

        <Card component="form" onSubmit={submit} role="search" padding="lg" shadow="xs" withBorder>
          <Stack gap="md">
            <TextInput
              label={t("marketplace.directory.searchLabel")}
              placeholder={t("marketplace.directory.searchPlaceholder")}
              leftSection={<IconSearch size={18} />}
              value={draft.q ?? ""}
              maxLength={100}
              onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
              size="md"
            />
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <CountrySelect
                label={t("marketplace.directory.country")}
                emptyLabel={t("marketplace.directory.anyCountry")}
                value={draft.country ?? null}
                // The select offers the contract's country codes only.
                onChange={(country) =>
                  setDraft({ ...draft, country: (country ?? undefined) as DirectoryFilters["country"] })
                }
              />
              <TextInput
                label={t("marketplace.directory.city")}
                placeholder={t("marketplace.directory.cityPlaceholder")}
                value={draft.city ?? ""}
                maxLength={100}
                onChange={(e) => setDraft({ ...draft, city: e.currentTarget.value })}
              />
              <NativeSelect
                label={t("marketplace.directory.verified")}
                value={draft.verified === undefined ? "" : String(draft.verified)}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setDraft({ ...draft, verified: v === "true" ? true : v === "false" ? false : undefined });
                }}
                data={[
                  { value: "", label: t("marketplace.directory.verifiedAny") },
                  { value: "true", label: t("marketplace.directory.verifiedYes") },
                  { value: "false", label: t("marketplace.directory.verifiedNo") },
                ]}
              />
              <NativeSelect
                label={t("marketplace.directory.minRating")}
                value={draft.minRating ? String(draft.minRating) : ""}
                onChange={(e) => {
                  const v = Number(e.currentTarget.value);
                  setDraft({ ...draft, minRating: v >= 1 && v <= 5 ? v : undefined });
                }}
                data={[
                  { value: "", label: t("marketplace.directory.ratingAny") },
                  ...[1, 2, 3, 4, 5].map((n) => ({
                    value: String(n),
                    label: t("marketplace.directory.ratingAtLeast", { count: n }),
                  })),
                ]}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={clear}
                disabled={!directoryFilters.isFiltered(draft) && !directoryFilters.isFiltered(filters)}
              >
                {t("marketplace.directory.clear")}
              </Button>
              <Button type="submit" leftSection={<IconSearch size={16} />}>
                {t("marketplace.directory.search")}
              </Button>
            </Group>
          </Stack>
        </Card>

        {directory.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text fw={600}>{t("marketplace.directory.loadFailed")}</Text>
              <Text size="sm">{toMessage(directory.error)}</Text>
              <Button size="xs" variant="white" onClick={() => void directory.refetch()}>
                {t("common.retry")}
              </Button>
            </Stack>
          </Alert>
        ) : directory.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={180} radius="md" />
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap="md">
            <Text fw={600} aria-live="polite" data-testid="directory-count">
              {t("marketplace.directory.results", { count: total })}
            </Text>
            {total === 0 ? (
              <Stack align="center" ta="center" gap="sm" py="xl">
                <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
                  <IconUserSearch size={34} stroke={1.5} />
                </ThemeIcon>
                <Title order={2} fz="h3">
                  {t("marketplace.directory.emptyTitle")}
                </Title>
                <Text c="gray.7" maw={480}>
                  {t("marketplace.directory.emptyText")}
                </Text>
                {directoryFilters.isFiltered(filters) && (
                  <Button variant="light" onClick={clear}>
                    {t("marketplace.directory.clear")}
                  </Button>
                )}
              </Stack>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                {directory.data.items.map((item) => (
                  <AgencyCard key={item.userId} item={item} />
                ))}
              </SimpleGrid>
            )}
            {total > DIRECTORY_PAGE_SIZE && (
              <Group justify="center" mt="md">
                <Pagination
                  total={Math.ceil(total / DIRECTORY_PAGE_SIZE)}
                  value={filters.page}
                  onChange={(page) => apply({ ...filters, page })}
                  getControlProps={() => ({ "aria-label": t("marketplace.directory.pagination") })}
                />
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function AgencyCard({ item }: { item: DirectoryItem }) {
  const { t } = useTranslation();
  const country = useCountryName();
  const place = [item.city, country(item.country)].filter(Boolean).join(", ");
  return (
    <Card padding="lg" shadow="xs" withBorder component="article" h="100%">
      <Stack gap="sm" h="100%">
        <Group wrap="nowrap" gap="md" align="flex-start">
          <Avatar src={item.logoUrl} alt="" size={56} radius="md" color="rose" name={item.agencyName} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/agency/${item.login}`} fw={700} size="lg" c="dark" lineClamp={2}>
              {item.agencyName}
            </Anchor>
            {place && (
              <Text size="sm" c="gray.7">
                {place}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs">
          {item.rating !== null ? (
            <Group gap={6} aria-label={t("marketplace.directory.ratingAria", { value: item.rating })}>
              <Rating value={item.rating} fractions={10} readOnly size="sm" />
              <Text size="sm" fw={600}>
                {item.rating.toFixed(1)}
              </Text>
              <Text size="sm" c="dimmed">
                ({t("marketplace.directory.ratingCount", { count: item.ratingCount })})
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t("marketplace.directory.noRating")}
            </Text>
          )}
          {item.isVerified && (
            <Badge color="teal" variant="light" leftSection={<IconRosetteDiscountCheck size={14} />}>
              {t("marketplace.directory.verifiedBadge")}
            </Badge>
          )}
        </Group>
        {item.excerpt && (
          <Text size="sm" c="gray.7" lineClamp={3}>
            {item.excerpt}
          </Text>
        )}
        <Button component={Link} to={`/agency/${item.login}`} variant="light" mt="auto">
          {t("marketplace.directory.open")}
        </Button>
      </Stack>
    </Card>
  );
}
