import { notifications } from "@mantine/notifications";
import { introductionsApi, matchingApi, type NotificationKind, type ServerEvent } from "@matchdesk/contract";
import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import { queryKeyOf } from "../../lib/api";
import { notificationsKey } from "../notifications/useNotifications";
import { RealtimeConnection, realtimeUrl } from "./realtime";
import { TypingStore } from "./typing-store";
import {
  allMessagesKey,
  chatsKey,
  type MessagesData,
  messagesKey,
  withMessage,
  withReadUpTo,
} from "./useChats";

/** Notifications that also pop up as they arrive (the rest wait quietly in the bell). */
const TOASTED: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  "introduction_proposed",
  "introduction_accepted",
  "introduction_rejected",
]);

type Realtime = { connection: RealtimeConnection; typing: TypingStore };

/** What a step of an introduction changes on the open page: the workspace, a card's history, a client's list. */
const INTRODUCTION_KEYS = [
  matchingApi.introductions,
  introductionsApi.introduction,
  introductionsApi.myIntroductions,
].map((def) => queryKeyOf(def));

const RealtimeContext = createContext<Realtime | null>(null);

/**
 * Opens the app's one socket while a user is signed in and keeps the query cache in step with
 * what it pushes: new messages, read receipts, notifications, and a reload after a gap.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The current language's t, read when a notification arrives: a language switch must not
  // restart the effect (that would reconnect the socket and reload every chat).
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  const realtime = useMemo<Realtime>(
    () => ({ connection: new RealtimeConnection(realtimeUrl), typing: new TypingStore() }),
    [],
  );

  useEffect(() => {
    const { connection, typing } = realtime;
    const unsubscribe = connection.subscribe((event: ServerEvent) => {
      switch (event.type) {
        case "message":
          typing.stop(event.message.chatId, event.message.senderId);
          queryClient.setQueryData<MessagesData>(messagesKey(event.message.chatId), (data) =>
            withMessage(data, event.message),
          );
          void queryClient.invalidateQueries({ queryKey: chatsKey });
          break;
        case "read":
          queryClient.setQueryData<MessagesData>(messagesKey(event.chatId), (data) =>
            withReadUpTo(data, event.userId, event.messageId),
          );
          void queryClient.invalidateQueries({ queryKey: chatsKey });
          break;
        case "typing":
          typing.start(event.chatId, event.userId);
          break;
        case "notification":
          void queryClient.invalidateQueries({ queryKey: notificationsKey });
          if (event.notification.kind.startsWith("introduction_")) {
            for (const queryKey of INTRODUCTION_KEYS) void queryClient.invalidateQueries({ queryKey });
          }
          // The other side's answer to an introduction is worth a word on whatever page is open.
          if (TOASTED.has(event.notification.kind)) {
            notifications.show({
              color: event.notification.kind === "introduction_rejected" ? "gray" : "teal",
              message: tRef.current(
                `chat.notifications.kinds.${event.notification.kind}`,
                event.notification.params,
              ),
            });
          }
          break;
        case "resync":
          void queryClient.invalidateQueries({ queryKey: chatsKey });
          void queryClient.invalidateQueries({ queryKey: allMessagesKey });
          void queryClient.invalidateQueries({ queryKey: notificationsKey });
          break;
      }
    });
    connection.start();
    return () => {
      unsubscribe();
      connection.stop();
      typing.clear();
    };
  }, [realtime, queryClient]);

  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error("useRealtime outside RealtimeProvider");
  return realtime;
}

/** The ids of the people typing in a chat right now. */
export function useTyping(chatId: string | null): readonly string[] {
  const { typing } = useRealtime();
  return useSyncExternalStore(
    (listener) => typing.subscribe(listener),
    () => (chatId ? typing.typers(chatId) : NONE),
  );
}
const NONE: readonly string[] = [];

/**
 * Whether the socket is open (for a quiet "reconnecting" hint): read from the connection itself,
 * so a page mounted after the socket opened knows it, then kept current by its status events.
 */
export function useRealtimeStatus(): boolean {
  const { connection } = useRealtime();
  const subscribe = useCallback((listener: () => void) => connection.onStatus(listener), [connection]);
  return useSyncExternalStore(subscribe, () => connection.isOpen);
}
