import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import type { NotificationView } from "@matchdesk/contract";
import { IconBell } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import classes from "./NotificationBell.module.css";
import { notificationLink } from "./notification-link";
import { useNotifications, useReadNotifications } from "./useNotifications";

/** The header's bell: the unread count, the latest notifications, mark one or all read. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The e-mail copy links to `?notifications=open`: the list is open on arrival.
  const [params] = useSearchParams();
  const [isOpen, setOpen] = useState(() => params.get("notifications") === "open");
  const list = useNotifications();
  const read = useReadNotifications();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];

  const openItem = (item: NotificationView) => {
    if (!item.isRead) read.mutate({ ids: [item.id] });
    const link = notificationLink(item);
    if (link) {
      setOpen(false);
      void navigate(link);
    }
  };

  return (
    <Popover opened={isOpen} onChange={setOpen} position="bottom-end" width={360} shadow="md" withinPortal>
      {/* The target is the button itself: the popup's ARIA attributes belong on it, not on the badge's wrapper. */}
      <Indicator label={unread > 99 ? "99+" : unread} size={18} disabled={unread === 0} offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpen((o) => !o)}
            aria-label={t("chat.notifications.bell", { count: unread })}
            data-testid="notification-bell"
          >
            <IconBell size={22} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm" className={classes.head}>
          <Text fw={600}>{t("chat.notifications.title")}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={read.isPending}
            onClick={() => read.mutate({ all: true })}
          >
            {t("chat.notifications.readAll")}
          </Button>
        </Group>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm" p="md" ta="center">
            {list.isError ? t("chat.notifications.loadError") : t("chat.notifications.empty")}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={0} component="ul" className={classes.items}>
              {items.map((item) => (
                <li key={item.id}>
                  <UnstyledButton
                    className={classes.item}
                    data-unread={!item.isRead || undefined}
                    onClick={() => openItem(item)}
                  >
                    <Text size="sm" fw={item.isRead ? 400 : 600}>
                      {t(`chat.notifications.kinds.${item.kind}`, item.params)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(item.createdAt)}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
