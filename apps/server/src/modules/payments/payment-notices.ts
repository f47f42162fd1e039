import { formatMoney, toDecimal, type Money, type NotificationKind } from '@mihna/shared';
import type { NotificationEvent } from '../notifications/index.ts';
import type { PersonSummary } from '../users/index.ts';

export const paymentLink = (jobId: string) => `/projects/${jobId}/payment`;
export const amountText = (amount: Money) => formatMoney(amount);

/** An amount in a notification: English text for the stored message and e-mail, and the data screens format themselves. */
export const amountParams = (amount: Money) => ({
  amount_text: amountText(amount),
  amount: String(toDecimal(amount)),
  currency: amount.currency,
});

/** What one side of a contract is told about its job's money, in the bell and by e-mail, leading to the payment page. */
export const paymentNotice = (
  recipient: PersonSummary,
  kind: NotificationKind,
  job: { id: string; title: string },
  params: Record<string, string>,
): NotificationEvent => ({
  userId: recipient.id,
  kind,
  link: paymentLink(job.id),
  params: { job_title: job.title, job_id: job.id, ...params },
  email: recipient.email,
});
