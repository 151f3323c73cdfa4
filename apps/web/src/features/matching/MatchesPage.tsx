import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { CompatibilityRunView, IntroductionAction, IntroductionView } from "@matchdesk/contract";
import { IconAlertCircle, IconMessage } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { chatWithPath } from "../chat/chat-links";
import { CompatibilityResultCard, percentColor } from "./CompatibilityResultCard";
import { shownName } from "./candidate-name";
import { useIntroductionAction, useIntroductions, useMatchableClients, useResults } from "./useMatching";

const STATE_COLOR = {
  awaiting_response: "yellow",
  match: "teal",
  asking_clients: "yellow",
  introduced: "teal",
  date_planned: "blue",
  dated: "blue",
  second_date: "grape",
  ended: "gray",
  declined: "red",
  expired: "gray",
  rejected: "red",
  cancelled: "gray",
} as const;

/** SPEC 2 /admin/matches: introductions both ways, and the kept compatibility results. */
export function MatchesPage() {
  const { t } = useTranslation();
  usePageTitle(t("nav.matches"));
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("matching.matches.title")}
        </Title>
        <Text c="gray.7">{t("matching.matches.lead")}</Text>
      </Stack>
      <Introductions />
      <Results />
    </Stack>
  );
}

function Introductions() {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const list = useIntroductions();
  if (list.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
        {errorText(list.error)}
      </Alert>
    );
  const items = list.data?.items;
  const incoming = items?.filter((i) => i.direction === "incoming") ?? [];
  const outgoing = items?.filter((i) => i.direction === "outgoing") ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="introductions-title">
      <Title order={2} fz="h3" id="introductions-title">
        {t("matching.introductions.title")}
      </Title>
      <Tabs
        key={items ? "loaded" : "loading"}
        defaultValue={incoming.length === 0 && outgoing.length > 0 ? "outgoing" : "incoming"}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="incoming">
            {t("matching.introductions.incoming", { count: incoming.length })}
          </Tabs.Tab>
          <Tabs.Tab value="outgoing">
            {t("matching.introductions.outgoing", { count: outgoing.length })}
          </Tabs.Tab>
        </Tabs.List>
        {(["incoming", "outgoing"] as const).map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {!items ? (
              <Skeleton h={120} />
            ) : (tab === "incoming" ? incoming : outgoing).length === 0 ? (
              <Text c="dimmed">{t("matching.introductions.empty")}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {(tab === "incoming" ? incoming : outgoing).map((i) => (
                  <IntroductionCard key={i.id} introduction={i} />
                ))}
              </SimpleGrid>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function IntroductionCard({ introduction: i }: { introduction: IntroductionView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const errorText = useErrorMessage();
  const act = useIntroductionAction();
  const run = (action: IntroductionAction) =>
    act.mutate(
      { id: i.id, action },
      { onError: (error) => notifications.show({ color: "red", message: errorText(error) }) },
    );
  const unnamed = t("matching.candidates.unnamed");
  return (
    <Card withBorder padding="md" data-testid="introduction-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>
            {shownName(i.ownClient) ?? unnamed} — {shownName(i.otherClient) ?? unnamed}
          </Text>
          <Badge variant="light" color={STATE_COLOR[i.status]} data-testid="introduction-status">
            {t(`matching.state.${i.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[i.otherAgencyName, formatDateTime(i.updatedAt)].filter(Boolean).join(" · ")}
        </Text>
        <Group gap="xs">
          {i.status === "awaiting_response" &&
            (i.direction === "incoming" ? (
              <>
                <Button size="xs" color="teal" loading={act.isPending} onClick={() => run("accept")}>
                  {t("matching.introductions.accept")}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  loading={act.isPending}
                  onClick={() => run("reject")}
                >
                  {t("matching.introductions.reject")}
                </Button>
              </>
            ) : (
              <Button size="xs" variant="default" loading={act.isPending} onClick={() => run("cancel")}>
                {t("matching.introductions.cancel")}
              </Button>
            ))}
          {user && i.otherMatchmakerId !== user.id && (
            <Button
              size="xs"
              variant="subtle"
              component={Link}
              to={chatWithPath(i.otherMatchmakerId)}
              leftSection={<IconMessage size={16} />}
            >
              {t("chat.message")}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function Results() {
  const { t } = useTranslation();
  const clients = useMatchableClients();
  const [clientId, setClientId] = useState<string | null>(null);
  const results = useResults(clientId);
  const [open, setOpen] = useState<CompatibilityRunView | null>(null);
  const isPhone = useMediaQuery("(max-width: 36em)") ?? false;
  const options = (clients.data?.items ?? []).map((c) => ({
    value: c.id,
    label: `${c.firstName} ${c.lastName}`.trim(),
  }));
  return (
    <Stack gap="sm" component="section" aria-labelledby="results-title">
      <Title order={2} fz="h3" id="results-title">
        {t("matching.results.title")}
      </Title>
      <Select
        label={t("matching.candidates.client")}
        placeholder={t("matching.candidates.pickClient")}
        data={options}
        value={clientId}
        onChange={setClientId}
        searchable
        w={{ base: "100%", sm: 280 }}
      />
      {clientId &&
        (!results.data ? (
          <Skeleton h={80} />
        ) : results.data.items.length === 0 ? (
          <Text c="dimmed">{t("matching.results.empty")}</Text>
        ) : (
          <Stack gap="xs">
            {results.data.items.map((r) => (
              <Card key={r.id} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text fw={700} c={`${percentColor(r.percentage)}.8`} w={48}>
                    {r.percentage}%
                  </Text>
                  <Text size="sm" lineClamp={2} style={{ flex: 1 }}>
                    {r.summary}
                  </Text>
                  <Button size="compact-sm" variant="light" onClick={() => setOpen(r)}>
                    {t("matching.result.open")}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        ))}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={t("matching.result.title")}
        size="xl"
        fullScreen={isPhone}
      >
        {open && <CompatibilityResultCard result={open} />}
      </Modal>
    </Stack>
  );
}
