import clsx from 'clsx';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';
import { useParams } from '../../lib/router/index.tsx';
import { useSession } from '../../lib/session.tsx';
import { ConversationList } from '../../features/messages/components/conversation-list.tsx';
import { ConversationView } from '../../features/messages/components/conversation-view.tsx';

/**
 * /messages and /messages/{id}: the conversations beside the open one on a wide screen; on a phone the
 * list, or the conversation with a way back to the list.
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const { conversationId } = useParams();
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-7xl px-0 sm:px-4 sm:py-4 lg:px-8">
      <title>{t('title')}</title>
      <div className="grid h-[calc(100dvh-4rem)] min-h-[26rem] overflow-hidden bg-white ring-slate-200 sm:h-[calc(100dvh-6rem)] sm:rounded-2xl sm:ring-1 grid-cols-1 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <aside className={clsx('min-h-0 border-slate-200 lg:border-e', conversationId ? 'hidden lg:block' : 'block')}>
          <ConversationList userId={user.id} role={user.role} activeId={conversationId} />
        </aside>
        <section className={clsx('min-h-0', conversationId ? 'block' : 'hidden lg:block')} aria-label={t('conversation')}>
          {conversationId ? (
            <ConversationView key={conversationId} userId={user.id} conversationId={conversationId} />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-slate-500">
              <MessageSquare className="size-12 text-slate-300" aria-hidden="true" />
              <p>{t('choose')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
