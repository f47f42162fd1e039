import type { Notification, NotificationKind } from '@mihna/shared';
import { useTranslation } from '../../i18n/index.ts';
import { formatAmount, formatDate, formatNumber, languageOf } from '../../lib/format.ts';

/** The names each kind's sentence needs; without them the API's English text is shown instead. */
const kindParams: Record<NotificationKind, readonly string[]> = {
  proposal_received: ['worker_name', 'job_title'],
  interest_received: ['worker_name', 'job_title'],
  proposal_accepted: ['employer_name', 'job_title'],
  proposal_not_selected: ['employer_name', 'job_title'],
  proposal_declined: ['employer_name', 'job_title'],
  project_taken_down: ['job_title', 'reason'],
  project_reinstated: ['job_title'],
  job_invitation: ['employer_name', 'job_title'],
  job_closed: ['employer_name', 'job_title'],
  job_reopened: ['employer_name', 'job_title'],
  payment_setup: ['employer_name', 'job_title'],
  escrow_funded: ['employer_name', 'job_title', 'amount_text'],
  milestone_submitted: ['worker_name', 'milestone_title', 'job_title'],
  milestone_approved: ['employer_name', 'milestone_title', 'job_title', 'amount_text'],
  milestone_auto_approve_soon: ['milestone_title', 'job_title', 'date'],
  milestone_auto_approved: ['milestone_title', 'job_title', 'amount_text'],
  dispute_opened: ['party_name', 'job_title'],
  dispute_resolved: ['job_title'],
  cash_marked: ['worker_name', 'milestone_title', 'job_title'],
  cash_confirmed: ['employer_name', 'milestone_title', 'job_title'],
  job_completed: ['job_title', 'party_name'],
  featured_active: ['job_title', 'date'],
  payout_paid: ['amount_text', 'iban_last4'],
  payout_failed: ['amount_text', 'iban_last4'],
  review_received: ['party_name', 'job_title'],
  timesheet_reviewed: ['employer_name', 'week', 'job_title', 'hours', 'amount_text', 'disputed_count'],
  timesheet_auto_approved: ['week', 'job_title', 'hours', 'amount_text'],
  hours_paid: ['employer_name', 'amount_text', 'job_title'],
  new_conversation: ['sender_name'],
};

/** Amounts and dates in the reader's language, where the event carries them as data. */
function readableParams(params: Record<string, string>, language: 'en' | 'ar'): Record<string, string> {
  const readable: Record<string, string> = {};
  const amount = Number(params.amount);
  if (params.amount && params.currency && Number.isFinite(amount)) readable.amount_text = formatAmount(amount, params.currency, language);
  if (params.date) readable.date = formatDate(params.date, language);
  if (params.week) readable.week = formatDate(params.week, language);
  if (params.hours) readable.hours = formatNumber(Number(params.hours), language, { fractionDigits: 2 });
  return readable;
}

export function useNotificationText() {
  const { t, i18n } = useTranslation();
  return (notification: Notification) => {
    const needed = kindParams[notification.kind] as readonly string[] | undefined;
    const key = `notifications.kinds.${notification.kind}`;
    if (!needed?.every((name) => notification.params[name]) || !i18n.exists(`${key}.title`)) {
      return { title: notification.title, message: notification.message };
    }
    // Names and titles keep their own direction inside a sentence in the other script (an English title in Arabic text).
    const params = { ...notification.params, ...readableParams(notification.params, languageOf(i18n.language)) };
    const isolated = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, `\u2068${value}\u2069`]));
    return { title: t(`${key}.title`), message: t(`${key}.message`, isolated) };
  };
}

/** Only paths inside the app are followed, never another site. */
export const isAppPath = (link: string | null): link is string => link !== null && /^\/(?!\/)/.test(link);
