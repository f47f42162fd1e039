import type {
  Attachment,
  Conversation,
  ConversationList,
  ConversationReportReason,
  Message,
  MessagePage,
  MessagingEvent,
  SendMessageRequest,
  UnreadSummary,
} from '@mihna/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** Everything about one user's messages sits under one key, so signing out or in starts clean. */
export const messagingKeys = {
  all: (userId: string) => ['messaging', userId] as const,
  list: (userId: string) => ['messaging', userId, 'list'] as const,
  conversation: (userId: string, id: string) => ['messaging', userId, 'conversation', id] as const,
  thread: (userId: string, id: string) => ['messaging', userId, 'thread', id] as const,
  unread: (userId: string) => ['messaging', userId, 'unread'] as const,
};

type ListData = InfiniteData<ConversationList, string | undefined>;
/** Pages of a conversation's messages: the first is the latest, each oldest first. */
export type ThreadData = InfiniteData<MessagePage, number | undefined>;

export const useConversations = (userId: string) =>
  useInfiniteQuery({
    queryKey: messagingKeys.list(userId),
    queryFn: ({ pageParam, signal }) => apiRequest<ConversationList>(apiPaths.conversations, { query: { before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const useConversation = (userId: string, id: string) =>
  useQuery({
    queryKey: messagingKeys.conversation(userId, id),
    queryFn: ({ signal }) => apiRequest<Conversation>(apiPaths.conversation(id), { signal }),
  });

/** Older pages load by the id of the oldest message shown (a keyset, never an offset). */
export const useThread = (userId: string, id: string) =>
  useInfiniteQuery({
    queryKey: messagingKeys.thread(userId, id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagePage>(apiPaths.conversationMessages(id), { query: { before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.has_older && page.messages[0] ? page.messages[0].id : undefined),
    // The live stream keeps it current; refetching would drop the older pages the reader scrolled to.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The header's count: kept current by the live stream, checked again when the window regains focus. */
export const useUnreadSummary = (userId: string) =>
  useQuery({
    queryKey: messagingKeys.unread(userId),
    queryFn: ({ signal }) => apiRequest<UnreadSummary>(apiPaths.conversationsUnread, { signal }),
    refetchOnWindowFocus: true,
  });

/** The messages of a thread in order, oldest first. */
export const threadMessages = (data: InfiniteData<MessagePage, unknown> | undefined): Message[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];

/** Puts a message into its conversation's thread, once, in id order. */
export function addToThread(queryClient: QueryClient, userId: string, message: Message) {
  queryClient.setQueryData<ThreadData>(messagingKeys.thread(userId, message.conversation_id), (data) => {
    if (!data || data.pages.some((page) => page.messages.some((shown) => shown.id === message.id))) return data;
    const [latest, ...older] = data.pages;
    if (!latest) return data;
    const messages = [...latest.messages, message].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...latest, messages }, ...older] };
  });
}

function updateInList(queryClient: QueryClient, userId: string, id: string, change: (conversation: Conversation) => Conversation) {
  let found = false;
  queryClient.setQueryData<ListData>(messagingKeys.list(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            conversations: page.conversations.map((conversation) => {
              if (conversation.id !== id) return conversation;
              found = true;
              return change(conversation);
            }),
          })),
        }
      : data,
  );
  queryClient.setQueryData<Conversation>(messagingKeys.conversation(userId, id), (conversation) =>
    conversation ? change(conversation) : conversation,
  );
  return found;
}

/** Moves a conversation to the top of the list (it has the latest activity). */
function moveToTop(queryClient: QueryClient, userId: string, id: string) {
  queryClient.setQueryData<ListData>(messagingKeys.list(userId), (data) => {
    const moved = data?.pages.flatMap((page) => page.conversations).find((conversation) => conversation.id === id);
    if (!data || !moved) return data;
    const pages = data.pages.map((page) => ({ ...page, conversations: page.conversations.filter((other) => other.id !== id) }));
    pages[0] = { ...pages[0]!, conversations: [moved, ...pages[0]!.conversations] };
    return { ...data, pages };
  });
}

/** A message to or from this user, sent from here or arriving on the live stream (which sends each once). */
export function receiveMessage(queryClient: QueryClient, userId: string, message: Message) {
  addToThread(queryClient, userId, message);
  const isIncoming = message.sender_id !== userId;
  const known = updateInList(queryClient, userId, message.conversation_id, (conversation) =>
    conversation.last_message && conversation.last_message.id >= message.id
      ? conversation
      : { ...conversation, last_message: message, unread_count: conversation.unread_count + (isIncoming ? 1 : 0) },
  );
  if (known) moveToTop(queryClient, userId, message.conversation_id);
  // A conversation the list has not shown yet (a new one, or further down than loaded): the list asks again.
  else void queryClient.invalidateQueries({ queryKey: messagingKeys.list(userId) });
  // The header's total is asked again rather than counted here: a message the lists already held is never counted twice.
  if (isIncoming) void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(userId) });
}

/** What the live stream says, applied to everything on screen. */
export function applyMessagingEvent(queryClient: QueryClient, userId: string, event: MessagingEvent) {
  if (event.type === 'message') {
    receiveMessage(queryClient, userId, event.message);
    return;
  }
  if (event.reader_id !== userId) {
    updateInList(queryClient, userId, event.conversation_id, (conversation) => ({
      ...conversation,
      other_read_id: Math.max(conversation.other_read_id, event.up_to),
    }));
    return;
  }
  // This user read it elsewhere (another tab or device): the counts are asked again.
  void queryClient.invalidateQueries({ queryKey: messagingKeys.list(userId) });
  void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(userId) });
}

export type SentMessage = Message & { moderation_messages?: string[] };

export function useSendMessage(userId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageRequest) => apiRequest<SentMessage>(apiPaths.conversationMessages(conversationId), { body }),
    onSuccess: (message) => receiveMessage(queryClient, userId, message),
  });
}

export const uploadAttachment = (conversationId: string, file: File) =>
  apiRequest<Attachment>(apiPaths.conversationAttachments(conversationId), {
    body: file,
    headers: { 'x-file-name': encodeURIComponent(file.name) },
  });

export function useMarkRead(userId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) =>
      apiRequest<{ read_up_to: number; unread_count: number }>(apiPaths.conversationRead(conversationId), { body: { up_to: upTo } }),
    onSuccess: ({ unread_count }) => {
      updateInList(queryClient, userId, conversationId, (conversation) => ({ ...conversation, unread_count }));
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(userId) });
    },
  });
}

export function useBlock(userId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      apiRequest<Conversation>(apiPaths.conversationBlock(conversationId), { method: block ? 'PUT' : 'DELETE' }),
    onSuccess: (conversation) => updateInList(queryClient, userId, conversationId, () => conversation),
  });
}

export const useReport = (conversationId: string) =>
  useMutation({
    mutationFn: (body: { reason: ConversationReportReason; details: string }) =>
      apiRequest<{ message: string }>(apiPaths.conversationReport(conversationId), { body }),
  });
