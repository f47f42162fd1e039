import { notificationMessages, TIMESHEET_AUTO_APPROVE_DAYS } from '@mihna/shared';
import type { Notification, NotificationKind, NotificationList } from '@mihna/shared';
import { writeTogether } from '../../db/together.ts';
import type { Tx } from '../../db/transaction.ts';
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
  project_taken_down: {
    title: 'Project taken down',
    message: (p) =>
      `Mihna staff took down your project "${p.job_title}". It does not appear in search or take proposals. Reason: ${p.reason}`,
  },
  new_conversation: {
    title: 'New conversation',
    message: (p) => `${p.sender_name} sent you a message.`,
  },
  project_reinstated: {
    title: 'Project reinstated',
    message: (p) => `Mihna staff reinstated your project "${p.job_title}".`,
  },
  proposal_declined: {
    title: 'Proposal declined',
    message: (p) => `${p.employer_name} declined your proposal for "${p.job_title}". Thank you for your proposal.`,
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
  payment_setup: {
    title: 'Payment set up',
    message: (p) => `${p.employer_name} set up the milestones for "${p.job_title}". Work starts once escrow is funded.`,
  },
  escrow_funded: {
    title: 'Escrow funded',
    message: (p) => `${p.employer_name} funded escrow for "${p.job_title}": ${p.amount_text} is held for you. You can start work.`,
  },
  milestone_submitted: {
    title: 'Milestone submitted',
    message: (p) => `${p.worker_name} submitted "${p.milestone_title}" on "${p.job_title}" for your approval.`,
  },
  milestone_approved: {
    title: 'Milestone approved',
    message: (p) => `${p.employer_name} approved "${p.milestone_title}" on "${p.job_title}" and released ${p.amount_text}.`,
  },
  milestone_auto_approve_soon: {
    title: 'Milestone approves automatically soon',
    message: (p) =>
      `"${p.milestone_title}" on "${p.job_title}" will be approved automatically on ${p.date} unless the employer acts before then.`,
  },
  milestone_auto_approved: {
    title: 'Milestone approved automatically',
    message: (p) =>
      `"${p.milestone_title}" on "${p.job_title}" was approved automatically after 14 days, and ${p.amount_text} was released.`,
  },
  dispute_opened: {
    title: 'Dispute opened',
    message: (p) => `${p.party_name} opened a dispute on "${p.job_title}". Payment is on hold while our team reviews it.`,
  },
  dispute_resolved: {
    title: 'Dispute resolved',
    message: (p) => `The dispute on "${p.job_title}" was resolved by our team.`,
  },
  cash_marked: {
    title: 'Cash payment to confirm',
    message: (p) => `${p.worker_name} says "${p.milestone_title}" on "${p.job_title}" was paid in cash. Please confirm.`,
  },
  cash_confirmed: {
    title: 'Cash payment confirmed',
    message: (p) => `${p.employer_name} confirmed the cash payment for "${p.milestone_title}" on "${p.job_title}".`,
  },
  job_completed: {
    title: 'Project completed',
    message: (p) => `"${p.job_title}" is complete. You can now review ${p.party_name}.`,
  },
  featured_active: {
    title: 'Project featured',
    message: (p) => `"${p.job_title}" is featured at the top of search results until ${p.date}.`,
  },
  payout_paid: {
    title: 'Payout sent',
    message: (p) => `Your payout of ${p.amount_text} was sent to the bank account ending in ${p.iban_last4}.`,
  },
  payout_failed: {
    title: 'Payout returned',
    message: (p) =>
      `Your payout of ${p.amount_text} to the bank account ending in ${p.iban_last4} could not be sent. The amount is back in your available balance.`,
  },
  review_received: {
    title: 'New review',
    message: (p) => `${p.party_name} reviewed your work on "${p.job_title}".`,
  },
  timesheet_reviewed: {
    title: 'Timesheet reviewed',
    message: (p) =>
      `${p.employer_name} reviewed the week of ${p.week} on "${p.job_title}": ${p.hours} hours approved (${p.amount_text}), ${p.disputed_count} entries disputed.`,
  },
  timesheet_auto_approved: {
    title: 'Timesheet approved automatically',
    message: (p) =>
      `The week of ${p.week} on "${p.job_title}" was approved automatically after ${TIMESHEET_AUTO_APPROVE_DAYS} days without a review: ${p.hours} hours (${p.amount_text}).`,
  },
  hours_paid: {
    title: 'Hours paid',
    message: (p) => `${p.employer_name} paid ${p.amount_text} for your approved hours on "${p.job_title}". It is in your balance.`,
  },
};

/**
 * What the sender wrote or chose along with the event (Express Interest, Invite to Job): kept in the
 * params so every screen can show it in its reader's language, and written into the e-mail.
 */
export const detailParams = ['note', 'proposed_rate', 'availability_start', 'estimated_duration'] as const;
const detailLabels: Record<(typeof detailParams)[number], string> = {
  note: 'Message',
  proposed_rate: 'Proposed rate',
  availability_start: 'Available from',
  estimated_duration: 'Estimated duration',
};

/** A notification's English title and message, as stored; the details follow on their own lines. */
export function describeNotification(kind: NotificationKind, params: Record<string, string>) {
  const valueOf = (name: (typeof detailParams)[number]) =>
    name === 'proposed_rate' && params.currency
      ? `${params.currency} ${params.proposed_rate}${params.job_type === 'hourly' ? ' per hour' : ''}`
      : params[name];
  const details = detailParams.filter((name) => params[name]).map((name) => `${detailLabels[name]}: ${valueOf(name)}`);
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
      described.flatMap(({ event, title, message, details }) =>
        event.email
          ? [
              {
                channel: 'email' as const,
                to: event.email,
                subject: title,
                text: [message, ...details, '', `${publicUrl}${event.link}`, ''].join('\n'),
              },
            ]
          : [],
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

    async list(userId: string, limit: number): Promise<NotificationList> {
      const [rows, unread] = await Promise.all([repository.listForUser(userId, limit), repository.countUnread(userId)]);
      return { notifications: rows.map(toNotification), unread_count: unread };
    },

    async markRead(userId: string, id: string) {
      if (!(await repository.markRead(userId, id))) throw new AppError('not_found', notificationMessages.notFound);
    },

    markAllRead: (userId: string) => repository.markAllRead(userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
