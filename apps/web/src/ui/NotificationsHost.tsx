import { useNotifications } from "@mantine/notifications";
import { NOTIFICATION_MS } from "@matchdesk/contract";
import { lazy, Suspense, useState } from "react";

const Notifications = lazy(async () => ({
  default: (await import("./notifications-container")).Notifications,
}));

/**
 * Mounts Mantine's notification container with the first notice. Notices wait in the store until
 * then, so the public site does not load the container (and its transitions) up front.
 */
export function NotificationsHost() {
  const { notifications } = useNotifications();
  const [isMounted, setMounted] = useState(false);
  if (!isMounted && notifications.length > 0) setMounted(true);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={NOTIFICATION_MS} position="top-right" />
    </Suspense>
  );
}
