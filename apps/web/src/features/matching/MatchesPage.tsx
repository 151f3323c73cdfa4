import { Anchor, Button, Card, Group, Modal, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { CompatibilityRunView } from "@matchdesk/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "../../ui/usePageTitle";
import { IntroductionsWorkspace } from "../introductions/IntroductionsWorkspace";
import { CompatibilityResultCard, percentColor } from "./CompatibilityResultCard";
import { useMatchableClients, useResults } from "./useMatching";

/** SPEC 2 /admin/matches: the introductions workspace, and the kept compatibility results. */
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
        <Anchor component={Link} to="/admin/matches/validity" size="sm">
          {t("matching.validity.link")}
        </Anchor>
      </Stack>
      <IntroductionsWorkspace />
      <Results />
    </Stack>
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
                  <Text fw={700} c={`${percentColor(r.percentage)}.9`} w={48}>
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
