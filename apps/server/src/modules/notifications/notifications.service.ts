import { currencies, formatMoney, isolate, notificationMessages, parseMoney, writeNotification } from '@mihna/shared';
import type { CurrencyCode, Notification, NotificationKind, NotificationLanguage, NotificationList } from '@mihna/shared';
import { writeTogether } from '../../db/together.ts';
import type { Tx } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DeliveryService } from '../delivery/index.ts';
import { createNotificationsAccess } from './notifications.access.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';

/**
 * What the sender wrote or chose along with the event (Express Interest, Invite to Job): kept in the
 * params so every screen can show it in its reader's language, and written into the e-mail.
 */
export const detailParams = ['note', 'proposed_rate', 'availability_start', 'estimated_duration'] as const;
const detailLabels: Record<NotificationLanguage, Record<(typeof detailParams)[number], string>> = {
  en: { note: 'Message', proposed_rate: 'Proposed rate', availability_start: 'Available from', estimated_duration: 'Estimated duration' },
  ar: { note: 'الرسالة', proposed_rate: 'السعر المقترح', availability_start: 'متاح من', estimated_duration: 'المدة المتوقعة' },
};

function detailValue(name: (typeof detailParams)[number], params: Record<string, string>, language: NotificationLanguage) {
  const value = params[name] ?? '';
  const rate = name === 'proposed_rate' && isCurrency(params.currency) ? parseMoney(value, params.currency) : undefined;
  if (rate === undefined || typeof rate === 'string') return isolate(value);
  const perHour = params.job_type === 'hourly' ? { en: ' per hour', ar: ' للساعة' }[language] : '';
  return `${isolate(formatMoney(rate, language))}${perHour}`;
}

const isCurrency = (code: string | undefined): code is CurrencyCode => currencies.some((currency) => currency.code === code);

/** A notification's title, message and the sender's details, in one language; the details follow on their own lines. */
export function describeNotification(kind: NotificationKind, params: Record<string, string>, language: NotificationLanguage = 'en') {
  const details = detailParams
    .filter((name) => params[name])
    .map((name) => `${detailLabels[language][name]}: ${detailValue(name, params, language)}`);
  return { ...writeNotification(kind, params, language), details };
}

export interface NotificationEvent {
  userId: string;
  kind: NotificationKind;
  /** The app path it leads to, e.g. /projects/{id}. */
  link: string;
  params: Record<string, string>;
  /** Also e-mail it to this address, with the link. */
  email?: string;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  message: row.message,
  link: row.link,
  params: row.params,
  is_read: row.isRead,
  created_at: row.createdAt.toISOString(),
});

export function createNotificationsService(dependencies: {
  repository: NotificationsRepository;
  delivery: DeliveryService;
  publicUrl: string;
  clock: () => Date;
}) {
  const { repository, delivery, publicUrl, clock } = dependencies;
  const access = createNotificationsAccess(repository);

  /**
   * Both languages in one e-mail, as the codes are: we do not know which one its reader reads. Each
   * part ends with the notice's link, absolute on the public address.
   */
  function emailText(event: NotificationEvent) {
    const url = `${publicUrl}${event.link}`;
    return (['en', 'ar'] as const)
      .map((language) => {
        const { message, details } = describeNotification(event.kind, event.params, language);
        return [message, ...details, '', url].join('\n');
      })
      .join('\n\n')
      .concat('\n');
  }

  /** The statements that record these notifications and queue their e-mails, to write with others (db/together.ts). */
  function notificationStatements(events: NotificationEvent[]) {
    const createdAt = clock();
    const described = events.map((event) => ({ event, ...describeNotification(event.kind, event.params) }));
    const recorded = repository.insertStatement(
      described.map(({ event, title, message }) => ({
        userId: event.userId,
        kind: event.kind,
        title,
        message,
        link: event.link,
        params: event.params,
        createdAt,
      })),
    );
    const queued = delivery.enqueueStatement(
      described.flatMap(({ event, title }) =>
        event.email ? [{ channel: 'email' as const, to: event.email, subject: title, text: emailText(event) }] : [],
      ),
    );
    return [recorded, queued];
  }

  /** Records notifications (and queues their e-mails) in one statement, in the caller's transaction. */
  const notifyAll = (events: NotificationEvent[], tx: Tx) => writeTogether(tx, notificationStatements(events));

  return {
    /**
     * Records a notification in the caller's transaction, so it exists exactly when the event does;
     * an e-mail, when asked for, is queued in the same transaction. Call `delivery.dispatchSoon()` after commit.
     */
    notify: (event: NotificationEvent, executor: Tx) => notifyAll([event], executor),

    notifyAll,
    notificationStatements,

    dispatchSoon: () => delivery.dispatchSoon(),

    /** The actor's own notifications, newest first, and how many are unread. */
    async list(actor: Actor, limit: number): Promise<NotificationList> {
      const [rows, unread] = await Promise.all([repository.listForUser(actor.id, limit), repository.countUnread(actor.id)]);
      return { notifications: rows.map(toNotification), unread_count: unread };
    },

    async markRead(actor: Actor, id: string) {
      await access.require(actor, 'notification.markRead', id);
      if (!(await repository.markRead(actor.id, id))) throw new AppError('not_found', notificationMessages.notFound);
    },

    /** Every one of the actor's own notifications. */
    markAllRead: (actor: Actor) => repository.markAllRead(actor.id),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
