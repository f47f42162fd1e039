import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { messagingMessages, type Attachment, type Message } from '@mihna/shared';
import { ArrowLeft, EllipsisVertical, ShieldCheck } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, languageOf } from '../../../lib/format.ts';
import { Link } from '../../../lib/router/index.tsx';
import { paths } from '../../../lib/paths.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { threadMessages, useBlock, useConversation, useMarkRead, useSendMessage, useThread } from '../api/conversations.ts';
import { groupByDay, nearDay } from '../day.ts';
import { Composer } from './composer.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { PersonAvatar, profilePathOf } from './person.tsx';
import { ReportDialog } from './report-dialog.tsx';

/** A message on its way: shown at once, replaced by the stored one when the server has it. */
interface Outgoing {
  client_key: string;
  body: string;
  attachment: Attachment | null;
  created_at: string;
  failure: string | null;
}

/** This far from the bottom (px) still counts as reading the latest: a new message scrolls into view. */
const NEAR_BOTTOM = 120;

const newClientKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

function DaySeparator({ day }: { day: string }) {
  const { t, i18n } = useTranslation('messages');
  const near = nearDay(day, new Date());
  return (
    <li className="my-3 flex justify-center" role="separator">
      <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600">
        {near ? t(`day.${near}`) : formatDate(day, languageOf(i18n.language))}
      </span>
    </li>
  );
}

/**
 * One conversation: its messages by day, the oldest loading as the reader scrolls up, new ones arriving
 * live, each of the reader's own showing sending, sent or read; what they have read is marked read.
 */
export function ConversationView({ userId, conversationId }: { userId: string; conversationId: string }) {
  const { t } = useTranslation('messages');
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const conversation = useConversation(userId, conversationId);
  const thread = useThread(userId, conversationId);
  const send = useSendMessage(userId, conversationId);
  const { mutate: markRead } = useMarkRead(userId, conversationId);
  const block = useBlock(userId, conversationId);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info' | 'error'; text: string } | null>(null);
  const [isBlocking, setBlocking] = useState(false);
  const [isReporting, setReporting] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const olderMarker = useRef<HTMLLIElement>(null);
  const distanceFromBottom = useRef(0);
  const shown = useRef<{ oldest: number; newest: number; outgoing: number } | null>(null);
  const markedUpTo = useRef(0);
  const markSeen = useRef(() => undefined as void);

  const stored = threadMessages(thread.data);
  const storedKeys = new Set(stored.map((message) => message.client_key));
  // The stream or the answer may bring the stored message first; either way it is shown once.
  const pending = outgoing.filter((message) => !storedKeys.has(message.client_key));
  const data = conversation.data;
  const newestIncoming = stored.findLast((message) => message.sender_id !== userId)?.id ?? 0;

  function deliver(message: Outgoing) {
    setOutgoing((list) => list.map((other) => (other.client_key === message.client_key ? { ...other, failure: null } : other)));
    send.mutate(
      { body: message.body, attachment_id: message.attachment?.id, client_key: message.client_key },
      {
        onSuccess: (sent) => {
          setOutgoing((list) => list.filter((other) => other.client_key !== message.client_key));
          const cleaned = sent.moderation_messages ?? [];
          if (cleaned.length > 0) setNotice({ tone: 'info', text: cleaned.map((text) => translate(text) ?? text).join(' ') });
        },
        onError: (error) =>
          setOutgoing((list) =>
            list.map((other) =>
              other.client_key === message.client_key ? { ...other, failure: serverMessage(error, t('send_failed')) } : other,
            ),
          ),
      },
    );
  }

  function sendNew(body: string, attachment: Attachment | null) {
    const message: Outgoing = { client_key: newClientKey(), body, attachment, created_at: new Date().toISOString(), failure: null };
    setOutgoing((list) => [...list, message]);
    deliver(message);
  }

  // Keeps the reader where they were: at the bottom as messages arrive, at the same message as older ones load above.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || stored.length + pending.length === 0) return;
    const now = { oldest: stored[0]?.id ?? 0, newest: stored.at(-1)?.id ?? 0, outgoing: pending.length };
    const before = shown.current;
    shown.current = now;
    const isOwnNew = pending.length > (before?.outgoing ?? 0) || stored.at(-1)?.sender_id === userId;
    if (
      !before ||
      ((now.newest !== before.newest || now.outgoing !== before.outgoing) && (distanceFromBottom.current < NEAR_BOTTOM || isOwnNew))
    ) {
      box.scrollTop = box.scrollHeight;
    } else if (now.oldest !== before.oldest) {
      box.scrollTop = box.scrollHeight - box.clientHeight - distanceFromBottom.current;
    }
  });

  // When the composer grows (a file chosen, several lines), the thread shrinks: a reader at the latest stays there.
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const observer = new ResizeObserver(() => {
      if (distanceFromBottom.current < NEAR_BOTTOM) box.scrollTop = box.scrollHeight;
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [conversation.isPending, thread.isPending]);

  // Older messages load when the top of the thread scrolls into view.
  useEffect(() => {
    const marker = olderMarker.current;
    if (!marker || !scroller.current) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && thread.hasNextPage && !thread.isFetchingNextPage) void thread.fetchNextPage();
      },
      { root: scroller.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [thread.hasNextPage, thread.isFetchingNextPage, thread.fetchNextPage]);

  // Read means seen: the page is in front of the reader and they are at the latest messages, not scrolled up through older ones.
  useEffect(() => {
    function mark() {
      if (document.visibilityState !== 'visible' || !data || data.unread_count === 0 || newestIncoming <= markedUpTo.current) return;
      if (distanceFromBottom.current >= NEAR_BOTTOM) return;
      const before = markedUpTo.current;
      markedUpTo.current = newestIncoming;
      markRead(newestIncoming, { onError: () => (markedUpTo.current = before) });
    }
    markSeen.current = mark;
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [data, newestIncoming, markRead]);

  if (conversation.isPending || thread.isPending) return <Spinner label={t('loading')} className="h-full" />;
  if (conversation.isError || thread.isError || !data) {
    const isMissing = [conversation.error, thread.error].some((error) => error instanceof ApiError && error.status === 404);
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="font-semibold text-slate-950">{isMissing ? translate(messagingMessages.conversationNotFound) : t('failed')}</p>
        <Link to={paths.messages} className="text-sm font-semibold text-primary-strong hover:underline">
          {t('back')}
        </Link>
      </div>
    );
  }

  const { other } = data;
  const stateOf = (message: Message) => (message.id <= data.other_read_id ? 'read' : 'sent');

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2.5 sm:px-4">
        <Link to={paths.messages} className="rounded-md p-1.5 text-slate-700 hover:bg-slate-100 lg:hidden" aria-label={t('back')}>
          <ArrowLeft className="size-5 rtl:rotate-180" aria-hidden="true" />
        </Link>
        <PersonAvatar person={other} />
        <div className="min-w-0 flex-1">
          <Link
            to={profilePathOf(other)}
            dir="auto"
            className="block truncate font-semibold text-slate-950 hover:underline ltr:text-left rtl:text-right"
          >
            {other.name}
          </Link>
          {data.job ? (
            <Link
              to={paths.project(data.job.id)}
              dir="auto"
              className="block truncate text-xs font-medium text-primary-strong hover:underline ltr:text-left rtl:text-right"
            >
              {data.job.title}
            </Link>
          ) : (
            <p className="text-xs text-slate-500">{t(`roles.${other.role}`)}</p>
          )}
        </div>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <button type="button" aria-label={t('actions.label')} className="rounded-md p-2 text-slate-700 hover:bg-slate-100">
              <EllipsisVertical className="size-5" aria-hidden="true" />
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={6}
              className="z-50 min-w-44 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
            >
              <DropdownMenu.Item
                onSelect={() => (data.blocked_by_you ? block.mutate(false) : setBlocking(true))}
                className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
              >
                {t(data.blocked_by_you ? 'actions.unblock' : 'actions.block')}
              </DropdownMenu.Item>
              <DropdownMenu.Item
                onSelect={() => setReporting(true)}
                className="cursor-pointer rounded-md px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
              >
                {t('actions.report')}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </header>

      <div
        ref={scroller}
        onScroll={(event) => {
          const box = event.currentTarget;
          distanceFromBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight;
          markSeen.current();
        }}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
        data-testid="thread"
      >
        <ol className="flex flex-col gap-1.5" aria-live="polite" aria-relevant="additions">
          <li ref={olderMarker} className="flex justify-center">
            {thread.hasNextPage ? (
              <Button variant="ghost" size="sm" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>
                {thread.isFetchingNextPage ? t('loading') : t('older')}
              </Button>
            ) : stored.length > 0 ? (
              <p className="flex items-center gap-1.5 py-2 text-xs text-slate-500">
                <ShieldCheck className="size-4 text-emerald-600" aria-hidden="true" />
                {t('start_note')}
              </p>
            ) : null}
          </li>
          {groupByDay([...stored, ...pending]).map((group) => [
            <DaySeparator key={`day-${group.day}`} day={group.day} />,
            ...group.items.map((message) =>
              'id' in message ? (
                <MessageBubble
                  key={message.id}
                  body={message.body}
                  attachment={message.attachment}
                  createdAt={message.created_at}
                  isMine={message.sender_id === userId}
                  isMasked={message.is_masked}
                  state={message.sender_id === userId ? stateOf(message) : undefined}
                  onImageLoad={() => {
                    if (distanceFromBottom.current < NEAR_BOTTOM && scroller.current)
                      scroller.current.scrollTop = scroller.current.scrollHeight;
                  }}
                />
              ) : (
                <MessageBubble
                  key={message.client_key}
                  body={message.body}
                  attachment={message.attachment}
                  createdAt={message.created_at}
                  isMine
                  isMasked={false}
                  state={message.failure ? 'failed' : 'sending'}
                  onImageLoad={() => undefined}
                >
                  {message.failure ? (
                    <p className="mt-1 text-end text-xs text-red-700">
                      {message.failure}{' '}
                      <button type="button" className="font-semibold underline" onClick={() => deliver(message)}>
                        {t('retry')}
                      </button>
                    </p>
                  ) : null}
                </MessageBubble>
              ),
            ),
          ])}
        </ol>
        {stored.length + pending.length === 0 ? <p className="py-10 text-center text-sm text-slate-500">{t('empty_thread')}</p> : null}
      </div>

      {notice ? (
        <div className="px-3 pb-2">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      {data.blocked_by_you ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          <p>{t('blocked_by_you')}</p>
          <Button variant="secondary" size="sm" onClick={() => block.mutate(false)} disabled={block.isPending}>
            {t('actions.unblock')}
          </Button>
        </div>
      ) : data.blocked_you ? (
        <p className="border-t border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">{translate(messagingMessages.blocked)}</p>
      ) : (
        <>
          {/* A conversation just opened from a profile: the cursor waits in the message box. */}
          <Composer conversationId={conversationId} onSend={sendNew} isFocused={stored.length === 0} />
          {data.contact_details_allowed ? null : <p className="bg-white px-4 pb-3 text-xs text-slate-500">{t('contact_hint')}</p>}
        </>
      )}

      <ConfirmDialog
        isOpen={isBlocking}
        title={t('block.title', { name: other.name })}
        description={t('block.text')}
        confirmLabel={t('actions.block')}
        cancelLabel={t('cancel')}
        isDestructive
        isBusy={block.isPending}
        error={block.isError ? <Alert tone="error">{serverMessage(block.error, t('failed'))}</Alert> : null}
        onCancel={() => setBlocking(false)}
        onConfirm={() => block.mutate(true, { onSuccess: () => setBlocking(false) })}
      />
      <ReportDialog
        conversationId={conversationId}
        isOpen={isReporting}
        onClose={() => setReporting(false)}
        onReported={(message) => {
          setReporting(false);
          setNotice({ tone: 'success', text: translate(message) ?? message });
        }}
      />
    </div>
  );
}
