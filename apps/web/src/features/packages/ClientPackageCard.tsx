import { Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { PackageView } from "@matchdesk/contract";
import { IconPackage, IconPlayerPause, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format-date";
import { formatMoney } from "../../lib/format-money";
import { LoadFailed } from "../../ui/LoadFailed";
import { AddPackageForm } from "./AddPackageForm";
import { PackageProgress } from "./PackageProgress";
import { PausePackageDialog } from "./PausePackageDialog";
import { currentPackage } from "./package-display";
import { useClientPackages } from "./usePackages";

/**
 * The client's package on their page (matchmaker, admin): delivered of promised, the period, the
 * price and the one pause; the form to record one (shown at once while the client has none).
 */
export function ClientPackageCard({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const packages = useClientPackages(clientId);
  const [isAdding, setIsAdding] = useState(false);
  const items = packages.data?.items ?? [];
  const current = currentPackage(items);
  const others = items.filter((p) => p !== current);

  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="package-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconPackage size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Title order={2} fz="h4" id="package-title">
              {t("packages.card.title")}
            </Title>
          </Group>
          {current && !isAdding && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setIsAdding(true)}
            >
              {t("packages.card.add")}
            </Button>
          )}
        </Group>
        {packages.isError ? (
          <LoadFailed
            title={t("packages.card.loadFailed")}
            error={packages.error}
            onRetry={() => void packages.refetch()}
          />
        ) : packages.isPending ? (
          <Skeleton h={72} />
        ) : !current ? (
          <>
            <Text size="sm" c="gray.7">
              {t("packages.card.empty")}
            </Text>
            <AddPackageForm clientId={clientId} />
          </>
        ) : (
          <>
            <CurrentPackage clientId={clientId} pkg={current} />
            {isAdding && (
              <>
                <Divider />
                <AddPackageForm clientId={clientId} onDone={() => setIsAdding(false)} />
              </>
            )}
            {others.length > 0 && <EarlierPackages items={others} />}
          </>
        )}
      </Stack>
    </Card>
  );
}

function CurrentPackage({ clientId, pkg }: { clientId: string; pkg: PackageView }) {
  const { t, i18n } = useTranslation();
  const [isPausing, setIsPausing] = useState(false);
  const canPause = pkg.status === "active" && pkg.pause === null;
  return (
    <Stack gap="sm">
      <PackageProgress pkg={pkg} showSchedule />
      <Group justify="space-between" gap="sm" align="center">
        <Text size="sm">
          {t("packages.card.price", { price: formatMoney(pkg.price, pkg.currency, i18n.language) })}
        </Text>
        {canPause && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlayerPause size={16} />}
            onClick={() => setIsPausing(true)}
          >
            {t("packages.pause.open")}
          </Button>
        )}
      </Group>
      {pkg.pause && (
        <Text size="sm" c="gray.7">
          {t("packages.card.paused", {
            from: formatDate(pkg.pause.startsOn),
            until: formatDate(pkg.pause.until),
            count: pkg.pause.days,
          })}
        </Text>
      )}
      {canPause && (
        <PausePackageDialog
          opened={isPausing}
          onClose={() => setIsPausing(false)}
          clientId={clientId}
          pkg={pkg}
        />
      )}
    </Stack>
  );
}

function EarlierPackages({ items }: { items: PackageView[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t("packages.card.others")}
      </Text>
      {items.map((p) => (
        <Text key={p.id} size="sm" c="gray.7">
          {t("packages.card.otherLine", {
            from: formatDate(p.startsOn),
            to: formatDate(p.endsOn),
            delivered: p.delivered,
            count: p.introductionsPromised,
            status: t(`packages.status.${p.status}`),
          })}
        </Text>
      ))}
    </Stack>
  );
}
