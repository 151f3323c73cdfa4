import {
  Box,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TYPE_COLOR, usageBars, usageTypes } from "./usage-chart";
import { useUsage } from "./useCredits";

const RANGES = ["7", "30", "90"] as const;
const CHART_HEIGHT = 180;

/** Admins: credits spent per day across the marketplace, stacked by type, with a table for screen readers. */
export function UsageChart() {
  const { t } = useTranslation();
  const [days, setDays] = useState<(typeof RANGES)[number]>("30");
  const usage = useUsage(Number(days), true);
  const data = usage.data;
  const bars = data ? usageBars(data) : [];
  const types = data ? usageTypes(data) : [];
  const max = Math.max(1, ...bars.map((b) => b.total));
  const total = bars.reduce((sum, b) => sum + b.total, 0);

  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="usage-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h4" id="usage-title">
              {t("credits.usage.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("credits.usage.total", { count: total })}
            </Text>
          </Stack>
          <SegmentedControl
            size="xs"
            value={days}
            onChange={(value) => setDays(value as (typeof RANGES)[number])}
            data={RANGES.map((r) => ({ value: r, label: t("units.days", { count: Number(r) }) }))}
            aria-label={t("credits.usage.range")}
          />
        </Group>
        {!data ? (
          <Skeleton h={CHART_HEIGHT} />
        ) : (
          <>
            <Box
              aria-hidden
              style={{
                display: "flex",
                alignItems: "flex-end",
                gap: 2,
                height: CHART_HEIGHT,
                borderBottom: "1px solid var(--mantine-color-gray-3)",
              }}
            >
              {bars.map((bar) => (
                <Tooltip
                  key={bar.day}
                  label={`${bar.day.split("-").reverse().join(".")}: ${t("units.credits", { count: bar.total })}`}
                  withinPortal
                >
                  <Box
                    style={{
                      flex: 1,
                      minWidth: 2,
                      height: `${(bar.total / max) * 100}%`,
                      display: "flex",
                      flexDirection: "column-reverse",
                    }}
                  >
                    {bar.parts.map((part) => (
                      <Box
                        key={part.type}
                        style={{
                          height: `${(part.spent / bar.total) * 100}%`,
                          background: `var(--mantine-color-${TYPE_COLOR[part.type]}-5)`,
                          borderRadius: 2,
                        }}
                      />
                    ))}
                  </Box>
                </Tooltip>
              ))}
            </Box>
            <Group gap="md">
              {types.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("credits.usage.empty")}
                </Text>
              ) : (
                types.map((type) => (
                  <Group key={type} gap={6}>
                    <Box
                      w={12}
                      h={12}
                      style={{ borderRadius: 3, background: `var(--mantine-color-${TYPE_COLOR[type]}-5)` }}
                    />
                    <Text size="sm">{t(`credits.types.${type}`)}</Text>
                  </Group>
                ))
              )}
            </Group>
            <VisuallyHidden>
              <table>
                <caption>{t("credits.usage.title")}</caption>
                <tbody>
                  {data.days.map((row) => (
                    <tr key={`${row.day}-${row.type}`}>
                      <td>{row.day}</td>
                      <td>{t(`credits.types.${row.type}`)}</td>
                      <td>{row.spent}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Card>
  );
}
