import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications.ts';
import { isAppPath, useNotificationText } from '../notification-text.ts';
import { relativeTime } from '../relative-time.ts';

/** The user's latest notifications as their recent activity, each leading where the bell's does and read once opened, as there. */
export function ActivityFeed({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('auth');
  const notifications = useNotifications(userId);
  const markRead = useMarkNotificationsRead(userId);
  const textOf = useNotificationText();
  const now = new Date();
  const items = notifications.data?.notifications ?? [];
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby="activity-title">
      <h2 id="activity-title" className="text-lg font-semibold text-slate-950">
        {t('dashboard.activity')}
      </h2>
      {notifications.isPending ? <Spinner label={t('dashboard.loading')} className="py-6" /> : null}
      {notifications.isError ? <Alert tone="error">{t('dashboard.activity_failed')}</Alert> : null}
      {notifications.isSuccess && items.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('dashboard.no_activity')}</p> : null}
      <ol className="mt-3 divide-y divide-slate-100">
        {items.map((notification) => {
          const { title, message } = textOf(notification);
          const body = (
            <>
              <p className="font-medium text-slate-900">{title}</p>
              <p className="text-sm text-slate-600">{message}</p>
              <p className="mt-0.5 text-xs text-slate-500">{relativeTime(notification.created_at, now, i18n.language)}</p>
            </>
          );
          return (
            <li key={notification.id} className="py-3">
              {isAppPath(notification.link) ? (
                <Link
                  to={notification.link}
                  onClick={() => {
                    if (!notification.is_read) markRead.mutate(notification.id);
                  }}
                  className="block rounded-lg hover:bg-slate-50"
                >
                  {body}
                </Link>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
