import { Badge, Group, Progress, Stack, Text } from "@mantine/core";
import type { PackageStatus, PackageView } from "@matchdesk/contract";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format-date";
import { deliveredPercent } from "./package-display";

const STATUS_COLOR: Record<PackageStatus, string> = {
  upcoming: "gray",
  active: "teal",
  paused: "yellow",
  ended: "gray",
};

export function PackageStatusBadge({ pkg }: { pkg: PackageView }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[pkg.status]} tt="none">
      {pkg.status === "paused" && pkg.pause
        ? t("packages.status.pausedUntil", { date: formatDate(pkg.pause.until) })
        : t(`packages.status.${pkg.status}`)}
    </Badge>
  );
}

export function BehindBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="orange" tt="none">
      {t("packages.behind")}
    </Badge>
  );
}

/**
 * Delivered of promised with a bar, the period and how far into it the package is. `showSchedule`
 * adds what was due by now and the behind-schedule mark, for the matchmaker.
 */
export function PackageProgress({ pkg, showSchedule }: { pkg: PackageView; showSchedule: boolean }) {
  const { t } = useTranslation();
  const percent = deliveredPercent(pkg);
  const isBehind = showSchedule && pkg.behindSchedule;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" align="baseline">
        <Text fw={600} fz="lg">
          {t("packages.delivered", { delivered: pkg.delivered, count: pkg.introductionsPromised })}
        </Text>
        <Group gap={6}>
          {isBehind && <BehindBadge />}
          <PackageStatusBadge pkg={pkg} />
        </Group>
      </Group>
      <Progress
        value={percent}
        color={isBehind ? "orange" : "teal"}
        radius="xl"
        aria-label={t("packages.deliveredShare", { percent })}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="gray.7">
          {t("packages.period", { from: formatDate(pkg.startsOn), to: formatDate(pkg.endsOn) })}
        </Text>
        {(pkg.status === "active" || pkg.status === "paused") && (
          <Text size="sm" c="gray.7">
            {t("packages.day", { day: pkg.elapsedDays, count: pkg.totalDays })}
          </Text>
        )}
      </Group>
      {showSchedule && (pkg.status === "active" || pkg.status === "paused") && pkg.expectedByNow > 0 && (
        <Text size="sm" c={isBehind ? "orange.9" : "gray.7"}>
          {t("packages.expected", { count: pkg.expectedByNow })}
        </Text>
      )}
    </Stack>
  );
}
