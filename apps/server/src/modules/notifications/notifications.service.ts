import type { Notification, NotificationKind, NotificationList } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';

/** The English wording of each kind; screens translate by kind with the same params. */
const wording: Record<NotificationKind, { title: string; message: (params: Record<string, string>) => string }> = {
  proposal_received: {
    title: 'New proposal',
    message: (p) => `${p.worker_name} sent a proposal for "${p.job_title}".`,
  },
  interest_received: {
    title: 'New interest',
    message: (p) => `${p.worker_name} is interested in "${p.job_title}".`,
  },
  proposal_accepted: {
    title: 'Proposal accepted',
    message: (p) => `${p.employer_name} accepted your proposal for "${p.job_title}".`,
  },
  proposal_not_selected: {
    title: 'Proposal not selected',
    message: (p) => `${p.employer_name} hired another professional for "${p.job_title}". Thank you for your proposal.`,
  },
  job_invitation: {
    title: 'Invitation to a project',
    message: (p) => `${p.employer_name} invited you to "${p.job_title}".`,
  },
  job_closed: {
    title: 'Project closed',
    message: (p) => `${p.employer_name} closed "${p.job_title}". It takes no proposals until it is reopened.`,
  },
  job_reopened: {
    title: 'Project reopened',
    message: (p) => `${p.employer_name} reopened "${p.job_title}". Your proposal is pending again.`,
  },
};

/**
 * What the sender wrote or chose along with the event (Express Interest, Invite to Job): kept in the
 * params so every screen can show it in its reader's language, and written into the e-mail.
 */
export const detailParams = ['note', 'proposed_rate', 'availability_start', 'estimated_duration'] as const;
const detailLabels: Record<(typeof detailParams)[number], string> = {
  note: 'Message',
  proposed_rate: 'Proposed rate (USD per hour)',
  availability_start: 'Available from',
  estimated_duration: 'Estimated duration',
};

/** A notification's English title and message, as stored; the details follow on their own lines. */
export function describeNotification(kind: NotificationKind, params: Record<string, string>) {
  const details = detailParams.filter((name) => params[name]).map((name) => `${detailLabels[name]}: ${params[name]}`);
  return { title: wording[kind].title, message: wording[kind].message(params), details };
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

export const notFoundMessage = 'Notification not found';

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

  return {
    /**
     * Records a notification in the caller's transaction, so it exists exactly when the event does;
     * an e-mail, when asked for, is queued in the same transaction. Call `delivery.dispatchSoon()` after commit.
     */
    async notify(event: NotificationEvent, executor: Db) {
      const { title, message: text, details } = describeNotification(event.kind, event.params);
      await repository.insert(
        { userId: event.userId, kind: event.kind, title, message: text, link: event.link, params: event.params, createdAt: clock() },
        executor,
      );
      if (event.email) {
        await delivery.enqueue(
          { channel: 'email', to: event.email, subject: title, text: [text, ...details, '', `${publicUrl}${event.link}`, ''].join('\n') },
          executor,
        );
      }
    },

    dispatchSoon: () => delivery.dispatchSoon(),

    async list(userId: string, limit: number): Promise<NotificationList> {
      const [rows, unread] = await Promise.all([repository.listForUser(userId, limit), repository.countUnread(userId)]);
      return { notifications: rows.map(toNotification), unread_count: unread };
    },

    async markRead(userId: string, id: string) {
      if (!(await repository.markRead(userId, id))) throw new AppError('not_found', notFoundMessage);
    },

    markAllRead: (userId: string) => repository.markAllRead(userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
