import { MessageSquare } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { headerIconClass, IconCount } from '../../../components/ui/header-icon.tsx';
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
      className={headerIconClass}
    >
      <MessageSquare className="size-5" aria-hidden="true" />
      <IconCount count={unread} cap={99} testId="messages-count" />
    </Link>
  );
}

/** Renders nothing: holds the one live stream of the signed-in user's messages. */
export function MessagingLive({ userId }: { userId: string }) {
  useMessageStream(userId);
  return null;
}
