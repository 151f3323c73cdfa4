import { type ChatMessageView, chatApi, type MessagesPage } from "@matchdesk/contract";
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";

const CHATS_QUERY = { pageSize: 100 } as const;
const HISTORY_PAGE = 50;

/** The caller's chat list (not the histories: a new message changes only their order and counts). */
export const chatsKey = queryKeyOf(chatApi.list);
/** The history of one chat: its pages share this key, as the infinite query keeps them. */
export const messagesKey = (chatId: string) => queryKeyOf(chatApi.messages, { params: { id: chatId } });
/** Every loaded history, for a reload after a gap. */
export const allMessagesKey = queryKeyOf(chatApi.messages);

export type MessagesData = InfiniteData<MessagesPage, string | undefined>;

/** The caller's conversations, most recent first. */
export function useChats() {
  return useQuery(queryOf(chatApi.list, { query: CHATS_QUERY }));
}

/** History of one chat, newest page first; older pages load on demand. */
export function useMessages(chatId: string | null) {
  return useInfiniteQuery({
    queryKey: messagesKey(chatId ?? ""),
    enabled: chatId !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(chatApi.messages, {
        params: { id: chatId ?? "" },
        query: { limit: HISTORY_PAGE, before: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** The loaded messages, oldest first. */
export function flattenMessages(data: Pick<MessagesData, "pages"> | undefined): ChatMessageView[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.items);
}

/** Adds a message to the loaded history once (the socket and the send answer both bring it). */
export function withMessage(
  data: MessagesData | undefined,
  message: ChatMessageView,
): MessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, items: [...newest!.items, message] }, ...older] };
}

/** Marks the caller's messages read up to `messageId` (a read receipt from the other person). */
export function withReadUpTo(data: MessagesData | undefined, readerId: string, messageId: string) {
  if (!data) return data;
  const all = flattenMessages(data);
  const index = all.findIndex((m) => m.id === messageId);
  if (index < 0) return data;
  const readIds = new Set(
    all
      .slice(0, index + 1)
      .filter((m) => m.senderId !== readerId)
      .map((m) => m.id),
  );
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((m) => (readIds.has(m.id) && !m.isRead ? { ...m, isRead: true } : m)),
    })),
  };
}

export function useOpenChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: string) => call(chatApi.open, { body: { participantId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsKey }),
  });
}

export function useSendMessage(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(chatApi.send, { params: { id: chatId }, body: { body } }),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagesData>(messagesKey(chatId), (data) => withMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: chatsKey });
    },
  });
}

export function useReadChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => call(chatApi.read, { params: { id: chatId }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsKey }),
  });
}
