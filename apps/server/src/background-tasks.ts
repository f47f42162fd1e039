import type { Task } from './tasks/task-queue.ts';

/** The parts of the built server the background tasks call; app.ts hands them over. */
export interface TaskServices {
  payments: { runAutoApprovals(limit?: number): Promise<{ warned: number; approved: number }> };
  timesheets: { runAutoApprovals(limit?: number): Promise<{ approved: number }> };
  reviews: { releaseDueReviews(): Promise<number> };
  time: { capOverrunning(): Promise<number> };
  payouts: { resendUnsent(): Promise<void> };
  messaging: { emailUnread(): Promise<number> };
  delivery: { dispatchDue(): Promise<void> };
  webhooks: { retryDue(): Promise<number> };
  privacy: { buildSoon(): Promise<void> };
  prune: Array<() => Promise<unknown>>;
}

const BATCH = 100;
/** A run that filled its batch goes round again at once, up to this many batches; what is left waits for the next run. */
const MOST_BATCHES = 50;

async function inBatches(runBatch: () => Promise<number>) {
  for (let batch = 0; batch < MOST_BATCHES; batch += 1) {
    if ((await runBatch()) < BATCH) return;
  }
}

/**
 * Every background and scheduled task of the product (decision 54). The search indexes' catch-up is not
 * one of them: each process keeps its own index in memory and reads the change log for itself (main.ts).
 */
export const backgroundTasks = (services: TaskServices): Task[] => [
  {
    // Milestones submitted 14 days ago are approved for their employers; both sides are warned 3 days before.
    name: 'payments.auto-approve',
    cron: '*/15 * * * *',
    run: () =>
      inBatches(async () => {
        const { warned, approved } = await services.payments.runAutoApprovals(BATCH);
        return Math.max(warned, approved);
      }),
  },
  {
    // Weeks of hours the employer left unreviewed for 7 days are approved for them.
    name: 'timesheets.auto-approve',
    cron: '*/15 * * * *',
    run: () => inBatches(async () => (await services.timesheets.runAutoApprovals(BATCH)).approved),
  },
  { name: 'reviews.release', cron: '*/15 * * * *', run: () => services.reviews.releaseDueReviews() },
  { name: 'time.stop-overrunning', cron: '*/15 * * * *', run: () => services.time.capOverrunning() },
  // Payouts the provider never acknowledged (a timeout, a fault) are sent again with the same keys.
  { name: 'payouts.resend', cron: '* * * * *', run: () => services.payouts.resendUnsent() },
  // Messages unread for 15 minutes are e-mailed, once per conversation until read.
  { name: 'messaging.email-unread', cron: '* * * * *', run: () => services.messaging.emailUnread() },
  // E-mail and SMS a transport refused, when their next attempt is due, and any a stopped process left unsent.
  { name: 'delivery.send-due', cron: '* * * * *', run: () => services.delivery.dispatchDue() },
  // Copies of users' data they asked for, and any a stopped process left unmade; archives past their seven days go.
  { name: 'privacy.build-exports', cron: '* * * * *', run: () => services.privacy.buildSoon() },
  // Payment events whose application failed are applied again.
  { name: 'payments.retry-events', cron: '* * * * *', run: () => services.webhooks.retryDue() },
  {
    // Counters, challenges, codes, registrations, views and search changes that no longer serve.
    name: 'maintenance.prune',
    cron: '7 * * * *',
    run: async () => {
      for (const prune of services.prune) await prune();
    },
  },
];
