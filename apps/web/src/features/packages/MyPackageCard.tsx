import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format-date";
import { PackageProgress } from "./PackageProgress";
import { currentPackage } from "./package-display";
import { useMyPackages } from "./usePackages";

/**
 * A client's own package on their home page: how many introductions of those promised have
 * happened, and the period. Shown only when their matchmaker recorded one.
 */
export function MyPackageCard() {
  const { t } = useTranslation();
  const packages = useMyPackages();
  const items = packages.data?.items ?? [];
  const current = currentPackage(items);
  if (!current) return null;
  return (
    <Card shadow="xs" component="section" aria-labelledby="my-package-title">
      <Stack gap="md">
        <Title order={2} fz="h4" id="my-package-title">
          {t("packages.mine.title")}
        </Title>
        <PackageProgress pkg={current} showSchedule={false} />
        <Text size="sm" c="gray.7">
          {current.pause
            ? t("packages.mine.paused", {
                from: formatDate(current.pause.startsOn),
                until: formatDate(current.pause.until),
              })
            : t("packages.mine.lead")}
        </Text>
      </Stack>
    </Card>
  );
}
