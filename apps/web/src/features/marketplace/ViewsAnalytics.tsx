import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ViewsView } from "@matchdesk/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { LocalizedDateInput } from "../../ui/DateInput";
import { useCountryName } from "./CountrySelect";
import { useViews } from "./useMarketplace";

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** The owner's views: totals, a line of daily views, bars for sources and countries (SPEC 3 view analytics). */
export function ViewsAnalytics() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const [range, setRange] = useState(() => ({
    from: isoDay(new Date(Date.now() - 29 * DAY_MS)),
    to: isoDay(new Date()),
  }));
  const views = useViews(range);
  const country = useCountryName();
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="views-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="h4" id="views-title">
            {t("marketplace.analytics.title")}
          </Title>
          <Group gap="sm">
            <LocalizedDateInput
              label={t("marketplace.analytics.from")}
              value={range.from}
              max={range.to}
              onChange={(from) => from && setRange({ ...range, from })}
            />
            <LocalizedDateInput
              label={t("marketplace.analytics.to")}
              value={range.to}
              min={range.from}
              onChange={(to) => to && setRange({ ...range, to })}
            />
          </Group>
        </Group>
        {views.isError ? (
          <Alert color="red" variant="light" title={t("marketplace.analytics.loadFailed")}>
            {toMessage(views.error)}
          </Alert>
        ) : views.data ? (
          <>
            <SimpleGrid cols={2}>
              <Stat label={t("marketplace.analytics.total")} value={views.data.total} />
              <Stat label={t("marketplace.analytics.unique")} value={views.data.unique} />
            </SimpleGrid>
            {views.data.total === 0 ? (
              <Text c="gray.7">{t("marketplace.analytics.empty")}</Text>
            ) : (
              <>
                <DailyLine daily={views.data.daily} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  <Bars
                    title={t("marketplace.analytics.sources")}
                    items={views.data.sources.map((s) => ({
                      label: s.key === "direct" ? t("marketplace.analytics.direct") : s.key,
                      value: s.views,
                    }))}
                  />
                  <Bars
                    title={t("marketplace.analytics.countries")}
                    items={views.data.countries.map((c) => ({
                      label: c.key === "unknown" ? t("marketplace.analytics.unknown") : country(c.key),
                      value: c.views,
                    }))}
                  />
                </SimpleGrid>
              </>
            )}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card padding="md" bg="gray.0">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={30} fw={700} data-testid="views-stat">
        {value}
      </Text>
    </Card>
  );
}

/** Daily views as a line; an SVG keeps the page free of a chart library. */
function DailyLine({ daily }: { daily: ViewsView["daily"] }) {
  const { t } = useTranslation();
  const width = 600;
  const height = 160;
  const pad = 8;
  const max = Math.max(1, ...daily.map((d) => d.views));
  const step = daily.length > 1 ? (width - pad * 2) / (daily.length - 1) : 0;
  const points = daily.map(
    (d, i) => [pad + i * step, height - pad - (d.views / max) * (height - pad * 2)] as const,
  );
  const line = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  const area = `${pad},${height - pad} ${line} ${(pad + (daily.length - 1) * step).toFixed(1)},${height - pad}`;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t("marketplace.analytics.daily")}
      </Text>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        role="img"
        aria-label={t("marketplace.analytics.daily")}
        preserveAspectRatio="none"
      >
        <polygon points={area} fill="var(--mantine-color-rose-1)" />
        <polyline
          points={line}
          fill="none"
          stroke="var(--mantine-color-rose-6)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        {points.map(([x, y], i) => (
          <circle
            key={daily[i]!.date}
            cx={x}
            cy={y}
            r={daily.length > 60 ? 0 : 2.5}
            fill="var(--mantine-color-rose-7)"
          >
            <title>
              {t("marketplace.analytics.chartLabel", {
                date: formatDate(daily[i]!.date),
                count: daily[i]!.views,
              })}
            </title>
          </circle>
        ))}
      </svg>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {formatDate(daily[0]?.date)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDate(daily.at(-1)?.date)}
        </Text>
      </Group>
    </Stack>
  );
}

function Bars({ title, items }: { title: string; items: { label: string; value: number }[] }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {items.map((item) => (
        <Stack key={item.label} gap={2}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {item.label}
            </Text>
            <Text size="sm" fw={600}>
              {item.value}
            </Text>
          </Group>
          <div style={{ height: 8, borderRadius: 4, background: "var(--mantine-color-gray-1)" }}>
            <div
              style={{
                width: `${(item.value / max) * 100}%`,
                height: "100%",
                borderRadius: 4,
                background: "var(--mantine-color-rose-6)",
              }}
            />
          </div>
        </Stack>
      ))}
    </Stack>
  );
}
