import { notifications as notices, useNotifications } from "@mantine/notifications";
import { NOTIFICATION_MS } from "@matchdesk/contract";
import { lazy, Suspense, useEffect, useState } from "react";

const Notifications = lazy(async () => ({
  default: (await import("./notifications-container")).Notifications,
}));

/**
 * Mounts Mantine's notification container with the first notice. Notices wait in the store until
 * then, so the public site does not load the container (and its transitions) up front. Past the
 * container's limit a new notice would wait until an old one closes; the oldest makes room instead,
 * so the result of what the person just did shows at once.
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [isMounted, setMounted] = useState(false);
  if (!isMounted && notifications.length > 0) setMounted(true);
  const oldest = queue.length > 0 ? notifications[0]?.id : undefined;
  useEffect(() => {
    if (oldest) notices.hide(oldest);
  }, [oldest]);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={NOTIFICATION_MS} position="top-right" />
    </Suspense>
  );
}
