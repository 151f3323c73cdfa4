import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type AdminReviewView, ReviewStatus } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { urlFilters } from "../../lib/url-filters";
import { moderationQuery } from "../../lib/url-queries";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { usePageTitle } from "../../ui/usePageTitle";
import { useModerateReview, useModerationQueue } from "./useMarketplace";

const STATUSES = ReviewStatus.options;

// The queue opens on what waits for a decision; "all" is a choice of its own, kept in the URL.
const moderationFilters = urlFilters(moderationQuery);
const STATUS_COLOR = { pending: "yellow", approved: "teal", rejected: "gray" } as const;

/** SPEC 2 /admin/reviews (ADMIN): the moderation queue; the filter lives in the URL. */
export function ReviewsModerationPage() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  usePageTitle(t("marketplace.moderation.pageTitle"));
  const [params, setParams] = useSearchParams();
  const filters = moderationFilters.read(params);
  const status = filters.status === "all" ? null : filters.status;
  const page = filters.page;
  const queue = useModerationQueue(status, page);
  const moderate = useModerateReview();
  const [toDelete, setToDelete] = useState<AdminReviewView | null>(null);

  const act = async (review: AdminReviewView, action: "approved" | "rejected" | "delete") => {
    try {
      await moderate.mutateAsync({ id: review.id, action });
      const key = action === "delete" ? "deleted" : action;
      notifications.show({ color: "teal", message: t(`marketplace.moderation.${key}`) });
    } catch (error) {
      notifications.show({ color: "red", message: toMessage(error) });
    }
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("marketplace.moderation.title")}
        </Title>
        <Text c="gray.7">{t("marketplace.moderation.lead")}</Text>
      </Stack>
      <SegmentedControl
        value={filters.status}
        onChange={(value) =>
          setParams(moderationFilters.write({ page: 1, status: value as typeof filters.status }))
        }
        data={[
          ...STATUSES.map((s) => ({ value: s, label: t(`marketplace.moderation.statuses.${s}`) })),
          { value: "all", label: t("marketplace.moderation.all") },
        ]}
        aria-label={t("marketplace.moderation.status")}
        maw={520}
      />
      {queue.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} />}
          title={t("marketplace.moderation.loadFailed")}
        >
          {toMessage(queue.error)}
        </Alert>
      ) : queue.data?.total === 0 ? (
        <Card padding="xl" withBorder>
          <Text c="gray.7" ta="center">
            {t("marketplace.moderation.empty")}
          </Text>
        </Card>
      ) : (
        <Stack gap="sm">
          {queue.data?.items.map((review) => (
            <Card key={review.id} padding="md" withBorder data-testid="moderation-item">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Text fw={600}>{review.authorName}</Text>
                    <Text size="sm" c="dimmed">
                      {review.authorEmail}
                    </Text>
                    <Badge color={STATUS_COLOR[review.status]} variant="light">
                      {t(`marketplace.moderation.statuses.${review.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(review.createdAt)}
                  </Text>
                </Group>
                <Text size="sm">
                  {t("marketplace.moderation.agency")}:{" "}
                  <Anchor component={Link} to={`/agency/${review.agencyLogin}`}>
                    {review.agencyName}
                  </Anchor>
                </Text>
                <Text style={{ whiteSpace: "pre-line" }}>{review.text}</Text>
                <Group gap="xs" justify="flex-end">
                  {review.status !== "approved" && (
                    <Button size="xs" color="teal" onClick={() => void act(review, "approved")}>
                      {t("marketplace.moderation.approve")}
                    </Button>
                  )}
                  {review.status !== "rejected" && (
                    <Button size="xs" variant="default" onClick={() => void act(review, "rejected")}>
                      {t("marketplace.moderation.reject")}
                    </Button>
                  )}
                  <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(review)}>
                    {t("marketplace.moderation.delete")}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
          {(queue.data?.total ?? 0) > 20 && (
            <Group justify="center">
              <Pagination
                total={Math.ceil((queue.data?.total ?? 0) / 20)}
                value={page}
                onChange={(p) => setParams(moderationFilters.write({ ...filters, page: p }))}
              />
            </Group>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t("marketplace.moderation.confirmTitle")}
        message={t("marketplace.moderation.confirmText", { name: toDelete?.authorName ?? "" })}
        confirmLabel={t("marketplace.moderation.delete")}
        isPending={moderate.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) void act(toDelete, "delete").then(() => setToDelete(null));
        }}
      />
    </Stack>
  );
}
