import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  type CandidateItem,
  CandidatePriority,
  type CompatibilityRunView,
  InteractionState,
} from "@matchdesk/contract";
import {
  IconAlertCircle,
  IconArrowBarToDown,
  IconArrowBarUp,
  IconHeartHandshake,
  IconSparkles,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { formatFieldValue } from "../profile/field-format";
import { CandidateProfileDrawer } from "./CandidateProfileDrawer";
import { CompatibilityResultCard, percentColor } from "./CompatibilityResultCard";
import { shownName } from "./candidate-name";
import { CANDIDATES_PAGE_SIZE, type CandidateFilters, candidatesFilters } from "./candidates-query";
import {
  useCandidates,
  useClientOption,
  useMarkCandidate,
  useMatchableClients,
  usePrice,
  useProposeIntroduction,
  useRunCompatibility,
} from "./useMatching";

const PRIORITIES = CandidatePriority.options;
const PRIORITY_COLOR = { yes: "teal", maybe: "yellow", no: "red" } as const;

/** SPEC 2 /admin/candidates: a client's ranked candidates, marks, paid checks and introductions. */
export function CandidatesPage() {
  const { t } = useTranslation();
  usePageTitle(t("nav.candidates"));
  const [params, setParams] = useSearchParams();
  const clientId = params.get("client");
  const filters = candidatesFilters.read(params);
  // The URL is the one source of the client picked and the filters; a new filter or client starts at page 1.
  const show = (client: string | null, next: CandidateFilters, options?: { replace: boolean }) => {
    const search = new URLSearchParams(client ? { client } : {});
    for (const [key, value] of candidatesFilters.write(next)) search.append(key, value);
    setParams(search, options);
  };
  const clients = useMatchableClients();
  const listed = (clients.data?.items ?? []).filter((c) => c.profileStatus !== "incomplete");
  // A client linked to (the client page's "Find candidates") may be beyond the list's first page.
  const isLinkedMissing = Boolean(clients.data && clientId && !listed.some((c) => c.id === clientId));
  const linked = useClientOption(clientId, isLinkedMissing).data;
  const options = [...listed, ...(isLinkedMissing && linked?.id === clientId ? [linked] : [])].map((c) => ({
    value: c.id,
    label: `${c.firstName} ${c.lastName}`.trim(),
  }));

  const set = (patch: Partial<CandidateFilters>) =>
    show(clientId, { ...filters, page: 1, ...patch }, { replace: true });
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("matching.candidates.title")}
        </Title>
        <Text c="gray.7">{t("matching.candidates.lead")}</Text>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t("matching.candidates.client")}
          placeholder={t("matching.candidates.pickClient")}
          data={options}
          value={clientId}
          searchable
          w={{ base: "100%", sm: 280 }}
          onChange={(value) => show(value, { ...filters, page: 1 })}
          data-testid="client-picker"
        />
        <Select
          label={t("matching.filters.priority")}
          data={[
            { value: "yes", label: t("matching.priority.yes") },
            { value: "maybe", label: t("matching.priority.maybe") },
            { value: "no", label: t("matching.priority.no") },
            { value: "none", label: t("matching.priority.none") },
          ]}
          value={filters.priority ?? null}
          onChange={(v) => set({ priority: (v ?? undefined) as CandidateFilters["priority"] })}
          clearable
          placeholder={t("matching.filters.any")}
          w={{ base: "47%", sm: 160 }}
        />
        <Select
          label={t("matching.filters.interaction")}
          data={InteractionState.options.map((s) => ({
            value: s,
            label: t(`matching.state.${s}`),
          }))}
          value={filters.interaction ?? null}
          onChange={(v) => set({ interaction: (v ?? undefined) as CandidateFilters["interaction"] })}
          clearable
          placeholder={t("matching.filters.any")}
          w={{ base: "47%", sm: 180 }}
        />
        <Select
          label={t("matching.filters.source")}
          data={[
            { value: "own", label: t("matching.source.own") },
            { value: "shared", label: t("matching.source.shared") },
          ]}
          value={filters.source ?? null}
          onChange={(v) => set({ source: (v ?? undefined) as CandidateFilters["source"] })}
          clearable
          placeholder={t("matching.filters.any")}
          w={{ base: "47%", sm: 180 }}
        />
      </Group>
      {clientId ? (
        <CandidateGrid
          clientId={clientId}
          filters={filters}
          onPage={(page) => show(clientId, { ...filters, page }, { replace: true })}
        />
      ) : (
        <Alert variant="light" color="gray">
          {t("matching.candidates.pickFirst")}
        </Alert>
      )}
    </Stack>
  );
}

function CandidateGrid({
  clientId,
  filters,
  onPage,
}: {
  clientId: string;
  filters: CandidateFilters;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const candidates = useCandidates(clientId, filters);
  const [checking, setChecking] = useState<CandidateItem | null>(null);
  const [result, setResult] = useState<CompatibilityRunView | null>(null);
  const [viewing, setViewing] = useState<CandidateItem | null>(null);
  const isPhone = useMediaQuery("(max-width: 36em)") ?? false;

  if (candidates.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
        {errorText(candidates.error)}
      </Alert>
    );
  }
  if (!candidates.data) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={220} />
        ))}
      </SimpleGrid>
    );
  }
  const { items, total } = candidates.data;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("matching.candidates.count", { count: total })}
      </Text>
      {items.length === 0 ? (
        <Alert variant="light" color="gray">
          {t("matching.candidates.empty")}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((c) => (
            <CandidateCard
              key={c.id}
              clientId={clientId}
              candidate={c}
              onCheck={() => setChecking(c)}
              onOpen={() => setViewing(c)}
            />
          ))}
        </SimpleGrid>
      )}
      {total > CANDIDATES_PAGE_SIZE && (
        <Pagination
          total={Math.ceil(total / CANDIDATES_PAGE_SIZE)}
          value={filters.page}
          onChange={onPage}
          aria-label={t("matching.candidates.pages")}
        />
      )}
      <CandidateProfileDrawer
        clientId={clientId}
        candidate={viewing}
        isPhone={isPhone}
        onClose={() => setViewing(null)}
      />
      <CheckDialog
        clientId={clientId}
        candidate={checking}
        onClose={() => setChecking(null)}
        onDone={(r) => {
          setChecking(null);
          setResult(r);
        }}
      />
      <Modal
        opened={result !== null}
        onClose={() => setResult(null)}
        title={t("matching.result.title")}
        size="xl"
        fullScreen={isPhone}
      >
        {result && <CompatibilityResultCard result={result} />}
      </Modal>
    </Stack>
  );
}

function CandidateCard({
  clientId,
  candidate: c,
  onCheck,
  onOpen,
}: {
  clientId: string;
  candidate: CandidateItem;
  onCheck: () => void;
  /** Opens the candidate's shared profile. */
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorMessage();
  const mark = useMarkCandidate(clientId);
  const propose = useProposeIntroduction();
  const name = shownName(c.profile) ?? t("matching.candidates.unnamed");
  const details = [
    c.profile.age ? t("matching.candidates.age", { count: c.profile.age }) : null,
    formatFieldValue(t, "city", c.profile.fields.city, i18n.language) || null,
  ].filter(Boolean);
  const profession = formatFieldValue(t, "profession", c.profile.fields.profession, i18n.language);
  const onError = (error: unknown) => notifications.show({ color: "red", message: errorText(error) });
  const setMark = (body: { priority?: "yes" | "maybe" | "no" | null; deferred?: boolean }) =>
    mark.mutate({ candidateId: c.id, body }, { onError });

  return (
    <Card withBorder shadow="xs" padding="md" data-testid="candidate-card" opacity={c.deferred ? 0.75 : 1}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {/* The photo the shared view shows, else the initials; the name beside it names the button. */}
            <UnstyledButton
              onClick={onOpen}
              aria-haspopup="dialog"
              tabIndex={-1}
              aria-hidden
              style={{ flexShrink: 0, borderRadius: "50%" }}
            >
              <Avatar
                src={c.photoThumbUrl}
                alt=""
                name={name}
                color="rose"
                size={56}
                radius="xl"
                data-testid="candidate-photo"
                data-photo={c.photoThumbUrl ? "shown" : "placeholder"}
              />
            </UnstyledButton>
            <Stack gap={0} miw={0}>
              <UnstyledButton
                onClick={onOpen}
                aria-haspopup="dialog"
                title={t("matching.candidates.openProfile")}
                w="fit-content"
              >
                <Text fw={600} c="rose.8" td="underline" style={{ overflowWrap: "anywhere" }}>
                  {name}
                </Text>
              </UnstyledButton>
              <Text size="sm" c="gray.7">
                {details.join(" · ") || "\u00a0"}
              </Text>
              {profession && (
                <Text size="sm" c="gray.7" lineClamp={2}>
                  {profession}
                </Text>
              )}
            </Stack>
          </Group>
          <Text
            fz={28}
            fw={700}
            lh={1}
            c={`${percentColor(c.percentage)}.9`}
            data-testid="candidate-percentage"
          >
            {c.percentage}%
          </Text>
        </Group>
        {c.mutualChance !== null && (
          <Text size="sm" c="gray.7" data-testid="candidate-chance">
            {t("matching.candidates.chance", {
              chance: new Intl.NumberFormat(i18n.language, {
                style: "percent",
                maximumFractionDigits: 0,
              }).format(c.mutualChance),
            })}
          </Text>
        )}
        <Group gap={6}>
          <Badge variant="light" color={c.isOwnClient ? "blue" : "grape"}>
            {c.isOwnClient ? t("matching.source.own") : (c.agencyName ?? t("matching.source.shared"))}
          </Badge>
          {c.interaction !== "none" && (
            <Badge
              variant="light"
              color={c.interaction === "match" ? "teal" : c.interaction === "rejected" ? "red" : "yellow"}
            >
              {t(`matching.state.${c.interaction}`)}
            </Badge>
          )}
          {c.priority && (
            <Badge variant="outline" color={PRIORITY_COLOR[c.priority]}>
              {t(`matching.priority.${c.priority}`)}
            </Badge>
          )}
        </Group>
        {c.topFactors.length > 0 && (
          <Stack gap={2}>
            {c.topFactors.map((f) => (
              <Group key={f.key} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" lineClamp={1}>
                  {f.label}
                </Text>
                <Text size="sm" c="dimmed">
                  {f.score}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Group gap={4} wrap="wrap" aria-label={t("matching.priority.label")}>
          {PRIORITIES.map((p) => (
            <Button
              key={p}
              size="compact-sm"
              variant={c.priority === p ? "filled" : "light"}
              color={PRIORITY_COLOR[p]}
              onClick={() => setMark({ priority: p })}
              aria-pressed={c.priority === p}
            >
              {t(`matching.priority.${p}`)}
            </Button>
          ))}
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={() => setMark({ priority: null })}
            disabled={!c.priority}
          >
            {t("matching.priority.reset")}
          </Button>
        </Group>
        <Group gap={6} wrap="wrap">
          <Button size="xs" leftSection={<IconSparkles size={16} />} onClick={onCheck}>
            {t("matching.check.run")}
          </Button>
          {c.interaction === "none" && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconHeartHandshake size={16} />}
              loading={propose.isPending}
              onClick={() =>
                propose.mutate(
                  { clientId, candidateId: c.id },
                  {
                    onError,
                    onSuccess: () =>
                      notifications.show({ color: "teal", message: t("matching.introductions.proposed") }),
                  },
                )
              }
            >
              {t("matching.introductions.propose")}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={c.deferred ? <IconArrowBarUp size={16} /> : <IconArrowBarToDown size={16} />}
            onClick={() => setMark({ deferred: !c.deferred })}
          >
            {c.deferred ? t("matching.candidates.moveBack") : t("matching.candidates.moveToEnd")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Shows the price first; runs the paid check only once confirmed. */
function CheckDialog({
  clientId,
  candidate,
  onClose,
  onDone,
}: {
  clientId: string;
  candidate: CandidateItem | null;
  onClose: () => void;
  onDone: (result: CompatibilityRunView) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const price = usePrice(clientId, candidate !== null);
  const run = useRunCompatibility();
  const quote = price.data;
  return (
    <Modal opened={candidate !== null} onClose={onClose} title={t("matching.check.title")} centered>
      <Stack gap="md">
        {quote ? (
          <Text data-testid="check-price">
            {quote.charge === 0
              ? t(`matching.check.free.${quote.freeReason ?? "free_client"}`)
              : t("matching.check.price", { count: quote.charge, balance: quote.balance })}
          </Text>
        ) : price.isError ? (
          <Text c="red.8">{errorText(price.error)}</Text>
        ) : (
          <Skeleton h={24} />
        )}
        {run.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
            {errorText(run.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button
            disabled={!quote}
            loading={run.isPending}
            data-autofocus
            onClick={() =>
              candidate &&
              run.mutate(
                { clientId, candidateId: candidate.id },
                {
                  onSuccess: (r) => {
                    run.reset();
                    onDone(r);
                  },
                },
              )
            }
          >
            {t("matching.check.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
