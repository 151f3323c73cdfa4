import { Badge, Group, List, Progress, Stack, Table, Text, Title } from "@mantine/core";
import type { CompatibilityRunView } from "@matchdesk/contract";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";

/** A score's hue: teal, green, orange, red. As text, take shade 9: its contrast on white holds 4.3:1 or more. */
export const percentColor = (p: number) =>
  p >= 80 ? "teal" : p >= 65 ? "green" : p >= 50 ? "orange" : "red";

/** SPEC 1: a compatibility result: percentage, summary, strengths, concerns, fit factors, analysis. */
export function CompatibilityResultCard({ result }: { result: CompatibilityRunView }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="compatibility-result">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text
            fz={44}
            fw={700}
            lh={1}
            c={`${percentColor(result.percentage)}.9`}
            data-testid="result-percentage"
          >
            {result.percentage}%
          </Text>
          <Text size="sm" c="dimmed">
            {t("matching.result.directions", { client: result.clientFit, candidate: result.candidateFit })}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Badge variant="light" color={result.narrativeSource === "ai" ? "grape" : "gray"}>
            {t(`matching.result.source.${result.narrativeSource}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {t("matching.result.charged", { count: result.creditsCharged })} ·{" "}
            {formatDateTime(result.createdAt)}
          </Text>
        </Stack>
      </Group>
      <LearnedChanceNote result={result} />
      <Text>{result.summary}</Text>
      {result.strengths.length > 0 && (
        <Stack gap={4}>
          <Title order={3} fz="h5">
            {t("matching.result.strengths")}
          </Title>
          <List size="sm" spacing={2}>
            {result.strengths.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {result.concerns.length > 0 && (
        <Stack gap={4}>
          <Title order={3} fz="h5">
            {t("matching.result.concerns")}
          </Title>
          <List size="sm" spacing={2}>
            {result.concerns.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Stack gap={4}>
        <Title order={3} fz="h5">
          {t("matching.result.analysis")}
        </Title>
        <Text size="sm">{result.relationshipAnalysis}</Text>
      </Stack>
      <Stack gap={4}>
        <Title order={3} fz="h5">
          {t("matching.result.factors")}
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("matching.result.factor")}</Table.Th>
                <Table.Th w={140}>{t("matching.result.score")}</Table.Th>
                <Table.Th w={70}>{t("matching.result.weight")}</Table.Th>
                <Table.Th>{t("matching.result.reason")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.fitFactors.map((f) => (
                <Table.Tr key={`${f.key}-${f.side}`}>
                  <Table.Td>{f.label}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Progress value={f.score} color={percentColor(f.score)} w={70} aria-hidden />
                      <Text size="sm">{f.score}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{f.weight}</Table.Td>
                  <Table.Td>{f.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}

/**
 * Issue 15: the chance that both say yes, learned from outcomes, with what moved it. Never names
 * anyone: the reasons are kinds of evidence. Without history it says the chance is the
 * questionnaire's alone.
 */
function LearnedChanceNote({ result }: { result: CompatibilityRunView }) {
  const { t, i18n } = useTranslation();
  if (result.mutualChance === null) return null;
  const chance = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 }).format(
    result.mutualChance,
  );
  return (
    <Stack gap={4} data-testid="learned-chance">
      <Text fw={600}>
        {result.learnedFrom > 0
          ? t("matching.result.learned.chance", { chance, count: result.learnedFrom })
          : t("matching.result.learned.questionnaireOnly", { chance })}
      </Text>
      {result.reasons.length > 0 && (
        <List size="sm" spacing={2}>
          {result.reasons.map((r) => (
            <List.Item key={r}>{t(`matching.result.learned.reasons.${r}`)}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
