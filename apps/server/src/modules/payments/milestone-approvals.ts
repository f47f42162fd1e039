import { isSettledMilestone, money, paymentMessages, serviceFeeOf, subtractMoney, type CurrencyCode } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { writeTogether } from '../../db/together.ts';
import { transaction, writeAtTheEnd, type Tx } from '../../db/transaction.ts';
import { requireEmployer, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { createBatcher } from '../../lib/batcher.ts';
import type { ContractRow, ContractsRepository } from '../contracts/index.ts';
import type { JobState, JobStateService } from '../jobs/index.ts';
import type { NotificationEvent, NotificationsService } from '../notifications/index.ts';
import { partyName } from '../profiles/index.ts';
import type { MoneyMovements } from './money-movements.ts';
import { isOnHold } from './payment-state.ts';
import { amountParams, paymentNotice } from './payment-notices.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { PersonSummary } from '../users/index.ts';
import { moneyMetrics } from '../../plugins/metrics.ts';

export interface ApprovalRequest {
  milestoneId: string;
  /** The employer approving it, or `automatic` when its review period has run out. */
  by: Actor | 'automatic';
  notes: string | null;
}

type ApprovalContext = Awaited<ReturnType<PaymentsRepository['lockApprovalContext']>>[number];

interface Accepted {
  index: number;
  request: ApprovalRequest;
  context: ApprovalContext;
}

type Settling = { payment: PaymentRow; contract: ContractRow; job: JobState };

/**
 * Completes the payments among these whose every milestone is now approved: the payment is released
 * and its contract and job completed, in one statement however many there are. Answers the items
 * that completed one (the first of each payment).
 */
export function createCompletion(dependencies: {
  repository: PaymentsRepository;
  contracts: ContractsRepository;
  jobState: JobStateService;
}) {
  const { repository } = dependencies;
  return async function completeSettled<T extends Settling>(items: T[], now: Date, tx: Tx): Promise<T[]> {
    // An hourly contract is paid week by week and ends when a party ends it, not when its bills are paid.
    const fixed = items.filter(({ contract }) => contract.jobType !== 'hourly');
    const settled = new Set(await repository.listSettledPayments([...new Set(fixed.map(({ payment }) => payment.id))], tx));
    const completed = [...new Map(fixed.filter(({ payment }) => settled.has(payment.id)).map((item) => [item.payment.id, item])).values()];
    await writeTogether(tx, completionStatements(dependencies, completed, now));
    return completed;
  };
}

/** The statements that release these payments and complete their contracts and jobs. */
function completionStatements(
  dependencies: { repository: PaymentsRepository; contracts: ContractsRepository; jobState: JobStateService },
  completed: { payment: { id: string }; contract: { id: string }; job: { id: string } }[],
  now: Date,
) {
  return [
    dependencies.repository.releasePaymentsStatement(
      completed.map(({ payment }) => payment.id),
      now,
    ),
    dependencies.contracts.completeContractsStatement(
      completed.map(({ contract }) => contract.id),
      now,
    ),
    dependencies.jobState.completeJobsStatement(
      completed.map(({ job }) => job.id),
      now,
    ),
  ];
}

/** Both sides hear that the job is complete, each with the other's name. */
export const completionNotices = (
  job: { id: string; title: string },
  parties: { employer: PersonSummary; professional: PersonSummary },
) => [
  paymentNotice(parties.employer, 'job_completed', job, { party_name: partyName(parties.professional) }),
  paymentNotice(parties.professional, 'job_completed', job, { party_name: partyName(parties.employer) }),
];

/** An approval asked of a cash job's milestone: it is confirmed as cash paid in person, not released from escrow. */
export class CashMilestone extends Error {}

const fulfilled: PromiseFulfilledResult<void> = { status: 'fulfilled', value: undefined };
const rejected = (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason });

/**
 * Approving a submitted milestone releases its hold (less the 2% service fee) and, when it was the
 * payment's last, completes the payment, the contract and the job; both sides hear of it.
 *
 * Approvals that arrive together are written together (lib/batcher.ts): one database transaction and
 * a fixed number of statements per batch however many it holds, which is what lets a busy marketplace
 * release hundreds a second on two cores. Each approval is still decided on its own, under the locks
 * of its payment and milestone, and refused with its own error without holding back the others.
 */
export function createMilestoneApprovals(dependencies: {
  db: Db;
  repository: PaymentsRepository;
  movements: MoneyMovements;
  contracts: ContractsRepository;
  jobState: JobStateService;
  notifications: NotificationsService;
  clock: () => Date;
}) {
  const { db, repository, movements, contracts, jobState, notifications, clock } = dependencies;

  /** Decides each request in turn against the locked rows: accepted, or refused with the error its caller gets. */
  function decide(requests: ApprovalRequest[], contexts: Map<string, ApprovalContext>) {
    const outcomes: PromiseSettledResult<void>[] = [];
    const accepted = new Map<string, Accepted>();
    requests.forEach((request, index) => {
      try {
        const context = contexts.get(request.milestoneId);
        if (!context) throw new AppError('not_found', paymentMessages.milestoneNotFound);
        const { milestone, payment, contract } = context;
        // 'milestone.approve' (payments.access.ts), decided here against the rows the batch locked: its employer only.
        if (request.by !== 'automatic') requireEmployer(request.by, contract, paymentMessages.onlyOwnerApproves);
        // The spec's approve of a cash milestone confirms the cash instead (cash-milestones.ts), out of the batch.
        if (payment.isCash) throw new CashMilestone();
        // Only the milestone a dispute is about waits for it; the rest of the contract goes on (decision 45).
        if (isOnHold(milestone)) throw new AppError('conflict', paymentMessages.milestoneOnHold);
        // A second request for a milestone in the same batch finds it approved, as it would one batch later;
        // one whose hold is no longer pending (released or refunded) has nothing to release.
        if (milestone.status !== 'submitted' || accepted.has(milestone.id) || context.holdMinor === null)
          throw new AppError('conflict', paymentMessages.notApprovable);
        accepted.set(milestone.id, { index, request, context });
        outcomes[index] = fulfilled;
      } catch (error) {
        outcomes[index] = rejected(error);
      }
    });
    return { outcomes, accepted };
  }

  /**
   * The statements of one batch: the context read and locked (one), the holds released in the ledger
   * (one), and every other write (the milestones, completed payments, contracts and jobs, and the
   * notices) with the ledger's monthly totals and fee invoices in the transaction's last (transaction.ts).
   */
  async function approveAll(requests: ApprovalRequest[], tx: Tx): Promise<PromiseSettledResult<void>[]> {
    const rows = await repository.lockApprovalContext([...new Set(requests.map((request) => request.milestoneId))], tx);
    const { outcomes, accepted } = decide(requests, new Map(rows.map((row) => [row.milestone.id, row])));
    if (accepted.size === 0) return outcomes;

    const now = clock();
    const released = await movements.releaseWholeHolds(
      [...accepted.values()].map(({ context: { milestone, payment, contract, job, holdMinor } }) => ({
        milestoneId: milestone.id,
        paymentId: payment.id,
        jobId: job.id,
        professionalId: contract.professionalId,
        amount: money(holdMinor ?? 0, payment.currency as CurrencyCode),
      })),
      now,
      tx,
    );
    for (const [milestoneId, approval] of accepted) {
      if (released.has(milestoneId)) continue;
      outcomes[approval.index] = rejected(new AppError('conflict', paymentMessages.notApprovable));
      accepted.delete(milestoneId);
    }
    const approvals = [...accepted.values()];

    // A fixed-price payment completes when every one of its milestones is settled, now or before (its
    // milestones were all read under lock). An hourly contract is paid week by week and ends when a party ends it.
    const unsettled = new Set(
      rows.filter(({ milestone }) => !isSettledMilestone(milestone.status) && !accepted.has(milestone.id)).map(({ payment }) => payment.id),
    );
    const completed = [
      ...new Map(
        approvals
          .filter(({ context }) => context.contract.jobType !== 'hourly' && !unsettled.has(context.payment.id))
          .map(({ context }) => [context.payment.id, context]),
      ).values(),
    ];

    const notices: NotificationEvent[] = [];
    for (const { context, request } of approvals) {
      const { milestone, payment, job, employer, professional } = context;
      const amount = money(milestone.amountMinor, payment.currency as CurrencyCode);
      const net = subtractMoney(amount, serviceFeeOf(amount));
      const params = { milestone_title: milestone.title, ...amountParams(net) };
      if (request.by === 'automatic') {
        notices.push(paymentNotice(professional, 'milestone_auto_approved', job, params));
        notices.push(paymentNotice(employer, 'milestone_auto_approved', job, params));
      } else {
        notices.push(paymentNotice(professional, 'milestone_approved', job, { ...params, employer_name: partyName(employer) }));
      }
    }
    for (const { job, employer, professional } of completed) notices.push(...completionNotices(job, { employer, professional }));

    // Written with the ledger's monthly totals and fee invoices, in the transaction's last round trip.
    writeAtTheEnd(tx, [
      repository.approveMilestonesStatement(
        approvals.map(({ context, request }) => ({
          id: context.milestone.id,
          reviewerNotes: request.notes,
          isAutoApproved: request.by === 'automatic',
        })),
        now,
      ),
      ...completionStatements({ repository, contracts, jobState }, completed, now),
      ...notifications.notificationStatements(notices),
    ]);
    return outcomes;
  }

  const batcher = createBatcher<ApprovalRequest, void>({
    // Enough to carry a busy minute's approvals in a few dozen transactions, small enough that one
    // batch's locks are held for milliseconds. One batch at a time: the next gathers while this one is
    // written. Two at once made smaller batches that waited on each other's locks (the invoice counter,
    // the employers' dashboard counts) and cost more round trips: at 500 a second, p95 41-44 ms against
    // 30-33 ms, with a third more of the database's CPU (bench/money.mjs, 20,000 jobs in escrow).
    maxBatch: 64,
    concurrency: 1,
    async write(requests) {
      const outcomes = await transaction(db, (tx) => approveAll(requests, tx));
      void notifications.dispatchSoon();
      return outcomes;
    },
  });

  return {
    /** Approves one milestone, together with whatever approvals arrive at the same moment; throws its refusal. */
    approve: async (request: ApprovalRequest) => {
      const approved = await batcher.submit(request);
      moneyMetrics.approvals.inc({ by: request.by === 'automatic' ? 'automatic' : 'employer' });
      return approved;
    },
  };
}

export type MilestoneApprovals = ReturnType<typeof createMilestoneApprovals>;
