import { Anchor, Avatar, Badge, Card, Group, Progress, Stack, Text, Title } from "@mantine/core";
import type { PackageOverviewItem } from "@matchdesk/contract";
import { IconPackage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../lib/format-date";
import { clientPath } from "../../lib/paths";
import { BehindBadge, PackageStatusBadge } from "./PackageProgress";
import { deliveredPercent } from "./package-display";
import { usePackagesOverview } from "./usePackages";

/**
 * The matchmaker's running packages on the dashboard: delivered of promised per client, those
 * behind schedule first. Shown only while some client has a running package.
 */
export function PackagesOverviewCard() {
  const { t } = useTranslation();
  const overview = usePackagesOverview();
  const data = overview.data;
  if (!data || data.total === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="packages-overview-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconPackage size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} fz="h4" id="packages-overview-title">
            {t("packages.overview.title")}
          </Title>
          <Badge variant="light">{data.total}</Badge>
        </Group>
        <Text size="sm" c={data.behindSchedule > 0 ? "orange.9" : "gray.7"}>
          {data.behindSchedule > 0
            ? t("packages.overview.behind", { count: data.behindSchedule })
            : t("packages.overview.onTrack")}
        </Text>
        <Stack gap="xs">
          {data.items.map((item) => (
            <OverviewRow key={item.id} item={item} />
          ))}
        </Stack>
        {data.total > data.items.length && (
          <Text size="xs" c="dimmed">
            {t("packages.overview.more", { count: data.total - data.items.length })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function OverviewRow({ item }: { item: PackageOverviewItem }) {
  const { t } = useTranslation();
  const name = `${item.clientFirstName} ${item.clientLastName}`.trim();
  const percent = deliveredPercent(item);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="package-row">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar
          src={item.clientAvatarUrl}
          name={name}
          color="rose"
          radius="xl"
          size={36}
          aria-hidden
          visibleFrom="xs"
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Anchor
              component={Link}
              to={clientPath(item.clientId)}
              fw={600}
              style={{ overflowWrap: "anywhere" }}
            >
              {name}
            </Anchor>
            <Group gap={6}>
              {item.behindSchedule && <BehindBadge />}
              {item.status === "paused" && <PackageStatusBadge pkg={item} />}
            </Group>
          </Group>
          <Progress
            value={percent}
            color={item.behindSchedule ? "orange" : "teal"}
            radius="xl"
            size="sm"
            aria-label={t("packages.deliveredShare", { percent })}
          />
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {t("packages.delivered", { delivered: item.delivered, count: item.introductionsPromised })}
            </Text>
            <Text size="xs" c="dimmed">
              {t("packages.overview.ends", { date: formatDate(item.endsOn) })}
            </Text>
          </Group>
          {item.behindSchedule && (
            <Text size="xs" c="orange.9">
              {t("packages.expected", { count: item.expectedByNow })}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
