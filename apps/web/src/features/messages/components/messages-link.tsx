import { MessageSquare } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { paths } from '../../../lib/paths.ts';
import { useUnreadSummary } from '../api/conversations.ts';
import { useMessageStream } from '../live.ts';

/** The header's way to the messages, with how many are unread. */
export function MessagesLink({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const unread = useUnreadSummary(userId).data?.unread_total ?? 0;
  return (
    <Link
      to={paths.messages}
      aria-label={unread > 0 ? t('header.messages_unread', { count: unread }) : t('header.messages')}
      title={t('header.messages')}
      className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary"
    >
      <MessageSquare className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="messages-count"
          className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

/** Renders nothing: holds the one live stream of the signed-in user's messages. */
export function MessagingLive({ userId }: { userId: string }) {
  useMessageStream(userId);
  return null;
}
