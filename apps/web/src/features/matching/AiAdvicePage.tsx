import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import type { AdviceView } from "@matchdesk/contract";
import { IconAlertCircle, IconBulb } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAdvice, useMatchableClients } from "./useMatching";

/** SPEC 2 /admin/ai-advice: ask about a client; the AI model answers, or rule-based advice does. */
export function AiAdvicePage() {
  const { t } = useTranslation();
  usePageTitle(t("nav.aiAdvice"));
  const errorText = useErrorMessage();
  const clients = useMatchableClients();
  const advice = useAdvice();
  const [clientId, setClientId] = useState<string | null>(null);
  const [question, setQuestion] = useState("");
  const options = (clients.data?.items ?? [])
    .filter((c) => c.profileStatus !== "incomplete")
    .map((c) => ({ value: c.id, label: `${c.firstName} ${c.lastName}`.trim() }));

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("matching.advice.title")}
        </Title>
        <Text c="gray.7">{t("matching.advice.lead")}</Text>
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          advice.mutate({ question, ...(clientId ? { clientId } : {}) });
        }}
      >
        <Stack gap="sm">
          <Select
            label={t("matching.candidates.client")}
            placeholder={t("matching.advice.anyClient")}
            data={options}
            value={clientId}
            onChange={setClientId}
            searchable
            clearable
            w={{ base: "100%", sm: 320 }}
          />
          <Textarea
            label={t("matching.advice.question")}
            placeholder={t("matching.advice.placeholder")}
            value={question}
            onChange={(e) => setQuestion(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={2000}
            required
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconBulb size={18} />}
              loading={advice.isPending}
              disabled={question.trim().length < 3}
            >
              {t("matching.advice.ask")}
            </Button>
          </Group>
        </Stack>
      </form>
      {advice.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
          {errorText(advice.error)}
        </Alert>
      )}
      {advice.data && <AdviceCard advice={advice.data} hasClient={Boolean(clientId)} />}
    </Stack>
  );
}

function AdviceCard({ advice, hasClient }: { advice: AdviceView; hasClient: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder shadow="xs" padding="lg" data-testid="advice">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t("matching.advice.answer")}
          </Title>
          <Badge variant="light" color={advice.source === "ai" ? "grape" : "gray"}>
            {t(`matching.advice.source.${advice.source}`)}
          </Badge>
        </Group>
        {advice.answer && <Text style={{ whiteSpace: "pre-wrap" }}>{advice.answer}</Text>}
        {!hasClient && advice.source === "rules" && <Text c="dimmed">{t("matching.advice.pickClient")}</Text>}
        {hasClient && (
          <>
            <Stack gap={4}>
              <Title order={3} fz="h5">
                {t("matching.advice.missing")}
              </Title>
              {advice.missing.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("matching.advice.nothingMissing")}
                </Text>
              ) : (
                <List size="sm" spacing={2}>
                  {advice.missing.map((m) => (
                    <List.Item key={m.key}>{m.label}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
            <Text size="sm" c="dimmed">
              {advice.basedOn.results > 0
                ? t("matching.advice.basedOnResults", { count: advice.basedOn.results })
                : t("matching.advice.basedOnCandidates", { count: advice.basedOn.candidates })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FactorList title={t("matching.advice.strongest")} factors={advice.strongest} />
              <FactorList title={t("matching.advice.weakest")} factors={advice.weakest} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Card>
  );
}

function FactorList({ title, factors }: { title: string; factors: AdviceView["strongest"] }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="h5">
        {title}
      </Title>
      {factors.map((f) => (
        <Group key={f.key} justify="space-between" wrap="nowrap">
          <Text size="sm">{f.label}</Text>
          <Text size="sm" c="dimmed">
            {f.score}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
