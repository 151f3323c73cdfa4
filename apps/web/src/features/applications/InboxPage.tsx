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
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ApplicationStatus, type ApplicationView } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { urlFilters } from "../../lib/url-filters";
import { inboxQuery } from "../../lib/url-queries";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { usePageTitle } from "../../ui/usePageTitle";
import {
  INBOX_PAGE_SIZE,
  useApplications,
  useContactMessages,
  useDecideApplication,
} from "./useApplications";

// The inbox opens on applications waiting for a decision; the tab, filter and page live in the URL.
const inboxFilters = urlFilters(inboxQuery);
const STATUS_COLOR = { new: "yellow", approved: "teal", declined: "gray" } as const;
type Decision = { application: ApplicationView; action: "approve" | "decline" };

/** /admin/applications (ADMIN): applications of new agencies and messages of the contact form. */
export function InboxPage() {
  const { t } = useTranslation();
  usePageTitle(t("applications.inbox.pageTitle"));
  const [params, setParams] = useSearchParams();
  const filters = inboxFilters.read(params);

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("applications.inbox.title")}
        </Title>
        <Text c="gray.7">{t("applications.inbox.lead")}</Text>
      </Stack>
      <Tabs
        value={filters.tab}
        onChange={(tab) =>
          setParams(
            inboxFilters.write({
              ...filters,
              page: 1,
              tab: tab === "messages" ? "messages" : "applications",
            }),
          )
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="applications">{t("applications.inbox.tabs.applications")}</Tabs.Tab>
          <Tabs.Tab value="messages">{t("applications.inbox.tabs.messages")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="applications" pt="lg">
          <ApplicationsTab
            status={filters.status}
            page={filters.page}
            onChange={(next) => setParams(inboxFilters.write({ ...filters, ...next }))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="lg">
          <MessagesTab
            page={filters.page}
            onPage={(page) => setParams(inboxFilters.write({ ...filters, page }))}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

type StatusFilter = ApplicationStatus | "all";

function ApplicationsTab(p: {
  status: StatusFilter;
  page: number;
  onChange: (next: { status?: StatusFilter; page: number }) => void;
}) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const list = useApplications(p.status === "all" ? null : p.status, p.page);
  const decide = useDecideApplication();
  const [pending, setPending] = useState<Decision | null>(null);

  const confirm = async ({ application, action }: Decision) => {
    try {
      await decide.mutateAsync({ id: application.id, action });
      notifications.show({ color: "teal", message: t(`applications.inbox.${action}d`) });
    } catch (error) {
      notifications.show({ color: "red", message: toMessage(error) });
    }
    setPending(null);
  };

  return (
    <Stack gap="md">
      <SegmentedControl
        value={p.status}
        onChange={(value) => p.onChange({ status: value as StatusFilter, page: 1 })}
        data={[
          ...ApplicationStatus.options.map((s) => ({
            value: s,
            label: t(`applications.inbox.statuses.${s}`),
          })),
          { value: "all", label: t("applications.inbox.all") },
        ]}
        aria-label={t("applications.inbox.status")}
        maw={520}
      />
      {list.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} />}
          title={t("applications.inbox.loadFailed")}
        >
          {toMessage(list.error)}
        </Alert>
      ) : list.data?.total === 0 ? (
        <Card padding="xl" withBorder>
          <Text c="gray.7" ta="center">
            {t("applications.inbox.empty")}
          </Text>
        </Card>
      ) : (
        <Stack gap="sm">
          {list.data?.items.map((a) => (
            <Card
              key={a.id}
              padding="md"
              withBorder
              component="article"
              aria-labelledby={`application-${a.id}`}
              data-testid="application-item"
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Title order={2} fz="h4" id={`application-${a.id}`}>
                      {a.agencyName}
                    </Title>
                    <Badge color={STATUS_COLOR[a.status]} variant="light">
                      {t(`applications.inbox.badge.${a.status}`)}
                    </Badge>
                    <Badge color="gray" variant="outline">
                      {a.locale === "en-US" ? "EN" : "RU"}
                    </Badge>
                    {a.plan && (
                      <Badge color="indigo" variant="light" data-testid="application-plan">
                        {t("applications.inbox.plan", { plan: t(`pricing.plans.${a.plan}.name`) })}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="gray.7">
                    {formatDateTime(a.createdAt)}
                  </Text>
                </Group>
                <Text size="sm">
                  {a.firstName} {a.lastName} · {a.city}
                </Text>
                <Group gap="md" wrap="wrap">
                  <Anchor href={`mailto:${a.email}`} size="sm">
                    {a.email}
                  </Anchor>
                  <Anchor href={`tel:${a.phone.replace(/[^\d+]/g, "")}`} size="sm">
                    {a.phone}
                  </Anchor>
                </Group>
                {a.message && (
                  <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                    {a.message}
                  </Text>
                )}
                {a.status === "new" ? (
                  <Group gap="xs" justify="flex-end">
                    <Button
                      size="xs"
                      color="teal"
                      onClick={() => setPending({ application: a, action: "approve" })}
                    >
                      {t("applications.inbox.approve")}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setPending({ application: a, action: "decline" })}
                    >
                      {t("applications.inbox.decline")}
                    </Button>
                  </Group>
                ) : (
                  <Text size="xs" c="gray.7">
                    {t(`applications.inbox.decidedBy.${a.status}`, {
                      name: a.decidedByName ?? t("applications.inbox.formerAdmin"),
                      date: formatDateTime(a.decidedAt),
                    })}
                  </Text>
                )}
              </Stack>
            </Card>
          ))}
          <Paging total={list.data?.total ?? 0} page={p.page} onPage={(page) => p.onChange({ page })} />
        </Stack>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={t(`applications.inbox.confirm.${pending?.action ?? "approve"}Title`)}
        message={t(`applications.inbox.confirm.${pending?.action ?? "approve"}Text`, {
          name: pending ? `${pending.application.firstName} ${pending.application.lastName}` : "",
          agency: pending?.application.agencyName ?? "",
          email: pending?.application.email ?? "",
        })}
        confirmLabel={t(`applications.inbox.${pending?.action ?? "approve"}`)}
        confirmColor={pending?.action === "decline" ? "red" : "teal"}
        isPending={decide.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) void confirm(pending);
        }}
      />
    </Stack>
  );
}

function MessagesTab({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const list = useContactMessages(page);
  if (list.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={20} />}
        title={t("applications.inbox.loadFailed")}
      >
        {toMessage(list.error)}
      </Alert>
    );
  }
  if (list.data?.total === 0) {
    return (
      <Card padding="xl" withBorder>
        <Text c="gray.7" ta="center">
          {t("applications.inbox.noMessages")}
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      {list.data?.items.map((m) => (
        <Card
          key={m.id}
          padding="md"
          withBorder
          component="article"
          aria-labelledby={`message-${m.id}`}
          data-testid="contact-message"
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Title order={2} fz="h4" id={`message-${m.id}`}>
                  {m.topic ?? t("applications.inbox.noTopic")}
                </Title>
                <Badge color="gray" variant="outline">
                  {m.locale === "en-US" ? "EN" : "RU"}
                </Badge>
              </Group>
              <Text size="xs" c="gray.7">
                {formatDateTime(m.createdAt)}
              </Text>
            </Group>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {m.name}
              </Text>
              <Anchor href={`mailto:${m.email}`} size="sm">
                {m.email}
              </Anchor>
            </Group>
            <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
              {m.message}
            </Text>
          </Stack>
        </Card>
      ))}
      <Paging total={list.data?.total ?? 0} page={page} onPage={onPage} />
    </Stack>
  );
}

function Paging({ total, page, onPage }: { total: number; page: number; onPage: (page: number) => void }) {
  if (total <= INBOX_PAGE_SIZE) return null;
  return (
    <Group justify="center">
      <Pagination total={Math.ceil(total / INBOX_PAGE_SIZE)} value={page} onChange={onPage} />
    </Group>
  );
}
