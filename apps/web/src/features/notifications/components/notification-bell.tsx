import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Notification } from '@mihna/shared';
import clsx from 'clsx';
import { Bell } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { headerIconClass, IconCount } from '../../../components/ui/header-icon.tsx';
import { Link } from '../../../lib/router/index.tsx';
import { useDurationLabel } from '../../../lib/durations.ts';
import { formatDate, languageOf } from '../../../lib/format.ts';
import { useProposedAmount } from '../../../lib/use-proposed-amount.ts';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications.ts';
import { relativeTime } from '../relative-time.ts';
import { isAppPath, useNotificationText } from '../notification-text.ts';

/**
 * What the sender wrote or chose with the event (Express Interest, Invite to Job): their note, and the
 * rate, start date and duration, in the reader's language.
 */
function useNotificationDetails() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const durationLabel = useDurationLabel();
  const proposedAmount = useProposedAmount();
  return ({ params }: Notification) => {
    const rate = Number(params.proposed_rate);
    const jobType = params.job_type === 'fixed' ? 'fixed' : 'hourly';
    const facts = [
      params.proposed_rate && Number.isFinite(rate)
        ? t('notifications.details.rate', {
            rate: proposedAmount({ proposed_rate: rate, currency: params.currency ?? 'AED', job_type: jobType }),
          })
        : null,
      params.availability_start ? t('notifications.details.available', { date: formatDate(params.availability_start, language) }) : null,
      params.estimated_duration ? t('notifications.details.duration', { duration: durationLabel(params.estimated_duration) }) : null,
    ].filter((fact) => fact !== null);
    return { note: params.note ?? null, facts };
  };
}

export function NotificationBell({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const notifications = useNotifications(userId);
  const markRead = useMarkNotificationsRead(userId);
  const textOf = useNotificationText();
  const detailsOf = useNotificationDetails();
  const unread = notifications.data?.unread_count ?? 0;
  const items = notifications.data?.notifications ?? [];
  const now = new Date();

  // Opening one notice reads that one only; "Mark all read" is its own action.
  function markOpened(notification: Notification) {
    if (!notification.is_read) markRead.mutate(notification.id);
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={unread > 0 ? t('notifications.label_unread', { unread }) : t('notifications.label')}
          className={headerIconClass}
        >
          <Bell className="size-5" aria-hidden="true" />
          <IconCount count={unread} cap={9} testId="notification-count" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <DropdownMenu.Label className="font-semibold text-slate-950">{t('notifications.title')}</DropdownMenu.Label>
            {unread > 0 ? (
              <DropdownMenu.Item
                onSelect={(event) => {
                  event.preventDefault();
                  markRead.mutate(null);
                }}
                className="cursor-pointer rounded-md px-2 py-1 text-sm font-medium text-primary-strong outline-none data-[highlighted]:bg-slate-100"
              >
                {t('notifications.mark_all_read')}
              </DropdownMenu.Item>
            ) : null}
          </div>
          {notifications.isPending ? (
            <p className="px-4 py-8 text-center text-sm text-slate-600">{t('loading')}</p>
          ) : notifications.isError && items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-600">{t('notifications.failed')}</p>
          ) : items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-600">{t('notifications.empty')}</p>
          ) : (
            <div className="max-h-[min(70vh,28rem)] overflow-y-auto py-1">
              {items.map((notification) => {
                const text = textOf(notification);
                const details = detailsOf(notification);
                const className = clsx(
                  'flex cursor-pointer gap-3 px-4 py-3 outline-none data-[highlighted]:bg-slate-100',
                  !notification.is_read && 'bg-primary/5',
                );
                const content = (
                  <>
                    <span
                      aria-hidden="true"
                      className={clsx('mt-1.5 size-2 shrink-0 rounded-full', notification.is_read ? 'bg-transparent' : 'bg-primary')}
                    />
                    <span className="min-w-0 flex-1">
                      <span className={clsx('block text-sm text-slate-950', notification.is_read ? 'font-medium' : 'font-semibold')}>
                        {notification.is_read ? null : <span className="sr-only">{t('notifications.unread')} </span>}
                        {text.title}
                      </span>
                      <span className="mt-0.5 block text-sm text-slate-600">{text.message}</span>
                      {details.note ? (
                        <span
                          dir="auto"
                          className="mt-1 line-clamp-3 block border-s-2 border-slate-200 ps-2 text-sm break-words text-slate-700"
                        >
                          {details.note}
                        </span>
                      ) : null}
                      {details.facts.length > 0 ? (
                        <span className="mt-1 block text-xs text-slate-600">{details.facts.join(' · ')}</span>
                      ) : null}
                      <time dateTime={notification.created_at} className="mt-1 block text-xs text-slate-500">
                        {relativeTime(notification.created_at, now, i18n.language)}
                      </time>
                    </span>
                  </>
                );
                // A real link: it opens in a new tab too, and the menu reads it as one; choosing it marks that notice read.
                return isAppPath(notification.link) ? (
                  <DropdownMenu.Item key={notification.id} asChild onSelect={() => markOpened(notification)} className={className}>
                    <Link to={notification.link}>{content}</Link>
                  </DropdownMenu.Item>
                ) : (
                  <DropdownMenu.Item key={notification.id} onSelect={() => markOpened(notification)} className={className}>
                    {content}
                  </DropdownMenu.Item>
                );
              })}
            </div>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
