import type { Conversation } from '@mihna/shared';
import clsx from 'clsx';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatDate, formatTime, languageOf } from '../../../lib/format.ts';
import { Link } from '../../../lib/router/index.tsx';
import { paths } from '../../../lib/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useConversations } from '../api/conversations.ts';
import { localDay } from '../day.ts';
import { PersonAvatar } from './person.tsx';

/** The last message's first words, after 'You:' when it was the reader's; cut at its own end, in its own direction. */
function LastMessage({ conversation, userId, isUnread }: { conversation: Conversation; userId: string; isUnread: boolean }) {
  const { t } = useTranslation('messages');
  const message = conversation.last_message;
  const text = message ? message.body || (message.attachment ? `📎 ${message.attachment.file_name}` : '') : t('list.no_messages');
  return (
    <span className={clsx('flex min-w-0 flex-1 gap-1 text-sm', isUnread ? 'font-medium text-slate-900' : 'text-slate-600')}>
      {message?.sender_id === userId ? <span className="shrink-0">{t('list.you')}</span> : null}
      <span dir="auto" className="min-w-0 flex-1 truncate ltr:text-left rtl:text-right">
        {text}
      </span>
    </span>
  );
}

function ConversationItem({ conversation, userId, isActive }: { conversation: Conversation; userId: string; isActive: boolean }) {
  const { t, i18n } = useTranslation('messages');
  const language = languageOf(i18n.language);
  const at = conversation.last_message?.created_at ?? conversation.created_at;
  const isToday = localDay(at) === localDay(new Date().toISOString());
  const unread = conversation.unread_count;
  return (
    <li>
      <Link
        to={paths.conversation(conversation.id)}
        aria-current={isActive ? 'page' : undefined}
        data-testid="conversation"
        className={clsx(
          'flex gap-3 border-b border-slate-100 px-4 py-3 outline-none hover:bg-slate-50 focus-visible:bg-slate-100',
          isActive && 'bg-primary/5',
        )}
      >
        <PersonAvatar person={conversation.other} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            {/* Each text keeps its own direction (cut at its own end), aligned to the page's side. */}
            <span
              dir="auto"
              className={clsx(
                'min-w-0 flex-1 truncate text-slate-950 ltr:text-left rtl:text-right',
                unread > 0 ? 'font-bold' : 'font-semibold',
              )}
            >
              {conversation.other.name}
            </span>
            <time dateTime={at} className="shrink-0 text-xs text-slate-500">
              {isToday ? formatTime(at, language) : formatDate(at, language)}
            </time>
          </span>
          {conversation.job ? (
            <span dir="auto" className="block truncate text-xs font-medium text-primary-strong ltr:text-left rtl:text-right">
              {conversation.job.title}
            </span>
          ) : null}
          <span className="mt-0.5 flex items-center gap-2">
            <LastMessage conversation={conversation} userId={userId} isUnread={unread > 0} />
            {unread > 0 ? (
              <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-bold text-white">
                <span className="sr-only">{t('list.unread', { count: unread })}</span>
                <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The reader's conversations, the latest activity first, with what is unread in each. */
export function ConversationList({ userId, role, activeId }: { userId: string; role: string; activeId: string | undefined }) {
  const { t } = useTranslation('messages');
  const list = useConversations(userId);
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];

  return (
    <div className="flex h-full min-h-0 flex-col">
      <h1 className="border-b border-slate-200 px-4 py-3 text-lg font-bold text-slate-950">{t('title')}</h1>
      {list.isPending ? (
        <Spinner label={t('loading')} className="flex-1" />
      ) : list.isError && conversations.length === 0 ? (
        <div className="space-y-3 p-6 text-center text-sm text-slate-600">
          <p>{t('list.failed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : conversations.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <MessageSquare className="size-10 text-slate-300" aria-hidden="true" />
          <p className="font-semibold text-slate-950">{t('list.empty_title')}</p>
          <p className="text-sm text-slate-600">{t(role === 'employer' ? 'list.empty_employer' : 'list.empty_professional')}</p>
          <Button asChild variant="secondary" size="sm">
            <Link to={role === 'employer' ? paths.professionals : paths.projects()}>
              {t(role === 'employer' ? 'list.find_professionals' : 'list.find_projects')}
            </Link>
          </Button>
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ul>
            {conversations.map((conversation) => (
              <ConversationItem key={conversation.id} conversation={conversation} userId={userId} isActive={conversation.id === activeId} />
            ))}
          </ul>
          <LoadMore pages={list} label={t('list.more')} loadingLabel={t('loading')} className="p-3" />
        </div>
      )}
    </div>
  );
}
