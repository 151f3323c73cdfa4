import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { CHAT_LIMITS, type ChatMessageView, type ChatView } from "@matchdesk/contract";
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconChecks,
  IconMessages,
  IconSend,
} from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import classes from "./ChatsPage.module.css";
import { useRealtime, useRealtimeStatus, useTyping } from "./RealtimeProvider";
import { flattenMessages, useChats, useMessages, useOpenChat, useReadChat, useSendMessage } from "./useChats";

const participantName = (chat: ChatView) =>
  `${chat.participant.firstName} ${chat.participant.lastName}`.trim() || chat.participant.agencyName || "—";

/**
 * SPEC 2 /admin/chats (INVITER, ADMIN): conversations on the left, the open one on the right (one
 * at a time on a phone). `?with=<userId>` opens the chat with someone from their card.
 */
export function ChatsPage() {
  const { t } = useTranslation();
  usePageTitle(t("chat.title"));
  const errorMessage = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const chatId = params.get("chat");
  const withUser = params.get("with");
  const chats = useChats();
  const open = useOpenChat();
  const isOnline = useRealtimeStatus();

  // Opening from a user's card: find or make the chat, then show it.
  const opening = useRef<string | null>(null);
  useEffect(() => {
    if (!withUser || opening.current === withUser) return;
    opening.current = withUser;
    open.mutate(withUser, {
      onSuccess: (chat) => setParams({ chat: chat.id }, { replace: true }),
      onSettled: () => {
        opening.current = null;
      },
    });
  }, [withUser, open, setParams]);

  const items = chats.data?.items ?? [];
  const selected = items.find((c) => c.id === chatId) ?? null;
  const select = (id: string | null) => setParams(id ? { chat: id } : {});

  return (
    <Stack maw={1200} gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("chat.title")}
          </Title>
          <Text c="gray.7">{t("chat.lead")}</Text>
        </Stack>
        {!isOnline && chats.isSuccess && (
          <Badge color="yellow" variant="light">
            {t("chat.reconnecting")}
          </Badge>
        )}
      </Group>
      {open.isError && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {errorMessage(open.error)}
        </Alert>
      )}
      {chats.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={t("chat.loadError")}>
          <Button variant="light" mt="sm" onClick={() => void chats.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : chats.isPending ? (
        <Skeleton h={420} radius="md" />
      ) : items.length === 0 && !chatId ? (
        <Card withBorder radius="md" p="xl">
          <EmptyState
            icon={<IconMessages size={28} />}
            variant="light"
            title={t("chat.emptyTitle")}
            description={t("chat.emptyText")}
          />
        </Card>
      ) : (
        <Card withBorder radius="md" p={0} className={classes.frame}>
          <Box className={classes.list} data-hidden-mobile={chatId ? "true" : undefined}>
            <Stack gap={0} component="ul" className={classes.items} aria-label={t("chat.listLabel")}>
              {items.map((chat) => (
                <li key={chat.id}>
                  <ChatListItem chat={chat} isActive={chat.id === chatId} onSelect={() => select(chat.id)} />
                </li>
              ))}
            </Stack>
          </Box>
          <Box className={classes.conversation} data-hidden-mobile={chatId ? undefined : "true"}>
            {selected ? (
              <Conversation key={selected.id} chat={selected} onBack={() => select(null)} />
            ) : (
              <Stack align="center" justify="center" h="100%" p="xl">
                <IconMessages size={36} color="var(--mantine-color-gray-5)" aria-hidden />
                <Text c="dimmed">{t("chat.pick")}</Text>
              </Stack>
            )}
          </Box>
        </Card>
      )}
    </Stack>
  );
}

function ChatListItem({
  chat,
  isActive,
  onSelect,
}: {
  chat: ChatView;
  isActive: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const name = participantName(chat);
  const typers = useTyping(chat.id);
  return (
    <UnstyledButton className={classes.item} data-active={isActive || undefined} onClick={onSelect}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar radius="xl" color="rose" name={name} src={chat.participant.avatarUrl} aria-hidden />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm" truncate>
              {name}
            </Text>
            {chat.unreadCount > 0 && (
              <Badge
                size="sm"
                circle={chat.unreadCount < 10}
                aria-label={t("chat.unread", { count: chat.unreadCount })}
              >
                {chat.unreadCount}
              </Badge>
            )}
          </Group>
          <Text size="xs" c={typers.length ? "rose.7" : "dimmed"} truncate>
            {typers.length
              ? t("chat.typingShort")
              : (chat.lastMessage?.body ?? chat.participant.agencyName ?? "")}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

function Conversation({ chat, onBack }: { chat: ChatView; onBack: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const me = useAuth().user?.id;
  const messages = useMessages(chat.id);
  const send = useSendMessage(chat.id);
  const read = useReadChat();
  const { connection } = useRealtime();
  const typers = useTyping(chat.id);
  const [draft, setDraft] = useState("");
  const lastTyping = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);
  const list = flattenMessages(messages.data);
  const last = list.at(-1);
  const name = participantName(chat);

  useEffect(() => {
    if (last) connection.noteMessage(last.id);
  }, [last, connection]);

  // What is shown is read: the other person sees the receipt.
  const readMutate = read.mutate;
  useEffect(() => {
    if (last && last.senderId !== me && !last.isRead && document.visibilityState === "visible") {
      readMutate(chat.id);
    }
  }, [last, me, chat.id, readMutate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message or the typing line appears
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    box.scrollTop = box.scrollHeight;
    // Again once the browser has laid out what just arrived (fonts, wrapped lines).
    const frame = requestAnimationFrame(() => {
      box.scrollTop = box.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [last?.id, typers.length]);

  const submit = () => {
    const body = draft.trim();
    if (!body || send.isPending) return;
    send.mutate(body, { onSuccess: () => setDraft("") });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const onChange = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > 1500) {
      lastTyping.current = now;
      connection.send({ type: "typing", chatId: chat.id });
    }
  };

  return (
    <Stack gap={0} h="100%">
      <Group className={classes.header} gap="sm" wrap="nowrap">
        <ActionIcon variant="subtle" hiddenFrom="sm" onClick={onBack} aria-label={t("chat.back")}>
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Avatar radius="xl" color="rose" name={name} src={chat.participant.avatarUrl} aria-hidden />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {chat.participant.agencyName ?? t(`roles.${chat.participant.role}`)}
          </Text>
        </Stack>
      </Group>
      <Box
        ref={scroller}
        className={classes.messages}
        role="log"
        aria-live="polite"
        aria-label={t("chat.messagesLabel", { name })}
      >
        {messages.hasNextPage && (
          <Group justify="center" mb="sm">
            <Button
              variant="subtle"
              size="xs"
              loading={messages.isFetchingNextPage}
              onClick={() => void messages.fetchNextPage()}
            >
              {t("chat.older")}
            </Button>
          </Group>
        )}
        {messages.isPending ? (
          <Skeleton h={120} />
        ) : messages.isError ? (
          <Alert color="red" icon={<IconAlertCircle />}>
            {errorMessage(messages.error)}
          </Alert>
        ) : list.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t("chat.noMessages", { name })}
          </Text>
        ) : (
          <Stack gap="xs">
            {list.map((message) => (
              <MessageBubble key={message.id} message={message} isMine={message.senderId === me} />
            ))}
          </Stack>
        )}
        <Text size="xs" c="rose.7" mt="xs" h={18} data-testid="typing">
          {typers.length > 0 ? t("chat.typing", { name }) : ""}
        </Text>
      </Box>
      <Box className={classes.composer}>
        {send.isError && (
          <Text size="sm" c="red" mb={6}>
            {errorMessage(send.error)}
          </Text>
        )}
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <Textarea
            aria-label={t("chat.messageLabel")}
            placeholder={t("chat.placeholder")}
            value={draft}
            onChange={(event) => onChange(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={CHAT_LIMITS.messageMax}
            style={{ flex: 1 }}
          />
          <ActionIcon
            size={36}
            radius="md"
            onClick={submit}
            loading={send.isPending}
            disabled={!draft.trim()}
            aria-label={t("chat.send")}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </Box>
    </Stack>
  );
}

function MessageBubble({ message, isMine }: { message: ChatMessageView; isMine: boolean }) {
  const { t } = useTranslation();
  return (
    <Box className={classes.bubble} data-mine={isMine || undefined} data-testid="message">
      {/* Text only: React escapes it, and line breaks are kept by CSS. */}
      <Text size="sm" className={classes.body}>
        {message.body}
      </Text>
      <Group gap={4} justify="flex-end" mt={2}>
        <Text size="xs" c={isMine ? "rose.1" : "dimmed"}>
          {formatDateTime(message.createdAt).slice(11)}
        </Text>
        {isMine &&
          (message.isRead ? (
            <IconChecks size={14} aria-label={t("chat.read")} data-testid="read" />
          ) : (
            <IconCheck size={14} aria-label={t("chat.sent")} />
          ))}
      </Group>
    </Box>
  );
}
