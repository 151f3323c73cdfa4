import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { type CalibrationPoint, VALIDITY_MIN_OUTCOMES, type ValidityView } from "@matchdesk/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "../../ui/usePageTitle";
import { useScoreValidity } from "./useMatching";

/**
 * Issue 15, part 4: how well the chance each introduction was given when it was proposed
 * predicted what happened (both clients said yes). A matchmaker sees their agency, an admin the
 * marketplace. The calibration chart is drawn as SVG and told in full by the table beside it.
 */
export function ValidityPage() {
  const { t } = useTranslation();
  usePageTitle(t("matching.validity.title"));
  const validity = useScoreValidity();
  const v = validity.data;
  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <Anchor component={Link} to="/admin/matches" size="sm">
          {t("matching.validity.back")}
        </Anchor>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("matching.validity.title")}
        </Title>
        <Text c="gray.7">
          {v?.scope === "marketplace" ? t("matching.validity.leadMarketplace") : t("matching.validity.lead")}
        </Text>
      </Stack>
      {validity.isError ? (
        <Alert color="red">{t("matching.validity.failed")}</Alert>
      ) : !v ? (
        <Skeleton h={240} />
      ) : (
        <Figures v={v} />
      )}
    </Stack>
  );
}

const pct = (x: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(x);
const auc3 = (x: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);

function Figures({ v }: { v: ValidityView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const needed = Math.max(0, VALIDITY_MIN_OUTCOMES - v.outcomes);
  return (
    <Stack gap="lg">
      {needed > 0 && (
        <Alert color="blue" title={t("matching.validity.notYetTitle")}>
          {t("matching.validity.notYet", { count: needed, min: VALIDITY_MIN_OUTCOMES })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label={t("matching.validity.auc")} value={v.auc === null ? "—" : auc3(v.auc, locale)}>
          {v.auc === null
            ? t("matching.validity.aucNone")
            : t(`matching.validity.aucMeans.${aucBand(v.auc)}`)}
        </Stat>
        <Stat label={t("matching.validity.outcomes")} value={String(v.outcomes)}>
          {t("matching.validity.outcomesHint")}
        </Stat>
        <Stat
          label={t("matching.validity.mutualYes")}
          value={v.outcomes ? pct(v.mutualYes / v.outcomes, locale) : "—"}
        >
          {t("matching.validity.mutualYesHint", { count: v.mutualYes })}
        </Stat>
      </SimpleGrid>
      {v.calibration.length > 0 && <Calibration points={v.calibration} />}
      <Trend trend={v.trend} />
      <Text size="sm" c="gray.7">
        {t("matching.validity.how")}
      </Text>
    </Stack>
  );
}

const aucBand = (auc: number) =>
  auc >= 0.75 ? "strong" : auc >= 0.65 ? "useful" : auc > 0.55 ? "weak" : "none";

function Stat({ label, value, children }: { label: string; value: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={32} fw={700}>
        {value}
      </Text>
      <Text size="sm">{children}</Text>
    </Card>
  );
}

const SIZE = 240;
const PAD = 28;

function Calibration({ points }: { points: CalibrationPoint[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const locale = i18n.language;
  const at = (x: number) => PAD + x * (SIZE - 2 * PAD);
  const atY = (y: number) => SIZE - PAD - y * (SIZE - 2 * PAD);
  const most = Math.max(...points.map((p) => p.count));
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h3" id={titleId}>
        {t("matching.validity.calibration")}
      </Title>
      <Text size="sm" c="gray.7" id={descId}>
        {t("matching.validity.calibrationHint")}
      </Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <svg
          width={SIZE}
          height={SIZE}
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          role="img"
          aria-describedby={descId}
          data-testid="calibration-chart"
        >
          <title>{t("matching.validity.calibration")}</title>
          <rect
            x={PAD}
            y={PAD}
            width={SIZE - 2 * PAD}
            height={SIZE - 2 * PAD}
            fill="none"
            stroke="var(--mantine-color-gray-4)"
          />
          <line
            x1={at(0)}
            y1={atY(0)}
            x2={at(1)}
            y2={atY(1)}
            stroke="var(--mantine-color-gray-6)"
            strokeDasharray="4 4"
          />
          {points.map((p) => (
            <circle
              key={p.predicted}
              cx={at(p.predicted)}
              cy={atY(p.observed)}
              r={4 + 6 * Math.sqrt(p.count / most)}
              fill="var(--mantine-color-grape-7)"
              fillOpacity={0.75}
            />
          ))}
          <text x={SIZE / 2} y={SIZE - 6} textAnchor="middle" fontSize={11} fill="currentColor">
            {t("matching.validity.predicted")}
          </text>
          <text
            x={10}
            y={SIZE / 2}
            textAnchor="middle"
            fontSize={11}
            fill="currentColor"
            transform={`rotate(-90 10 ${SIZE / 2})`}
          >
            {t("matching.validity.observed")}
          </text>
        </svg>
        <Table w="auto" striped data-testid="calibration-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("matching.validity.predicted")}</Table.Th>
              <Table.Th>{t("matching.validity.observed")}</Table.Th>
              <Table.Th>{t("matching.validity.count")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.predicted}>
                <Table.Td>{pct(p.predicted, locale)}</Table.Td>
                <Table.Td>{pct(p.observed, locale)}</Table.Td>
                <Table.Td>{p.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Group>
    </Stack>
  );
}

function Trend({ trend }: { trend: ValidityView["trend"] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const monthName = (m: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${m}-01T00:00:00Z`),
    );
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h3" id={titleId}>
        {t("matching.validity.trend")}
      </Title>
      <Text size="sm" c="gray.7">
        {t("matching.validity.trendHint")}
      </Text>
      <Table w="auto" striped data-testid="validity-trend">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("matching.validity.month")}</Table.Th>
            <Table.Th>{t("matching.validity.outcomes")}</Table.Th>
            <Table.Th>{t("matching.validity.auc")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trend.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Td>{monthName(m.month)}</Table.Td>
              <Table.Td>{m.outcomes}</Table.Td>
              <Table.Td>{m.auc === null ? "—" : auc3(m.auc, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
