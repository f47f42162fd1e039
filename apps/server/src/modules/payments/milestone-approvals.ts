import { money, paymentMessages, serviceFeeOf, subtractMoney, type CurrencyCode } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { requireEmployer, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { createBatcher } from '../../lib/batcher.ts';
import type { ContractRow, ContractsRepository } from '../contracts/contracts.repository.ts';
import type { JobState, JobStateService } from '../jobs/job-state.ts';
import type { NotificationEvent, NotificationsService } from '../notifications/notifications.service.ts';
import { partyName } from '../profiles/public-user.ts';
import type { MoneyMovements } from './money-movements.ts';
import { amountParams, paymentNotice } from './payment-notices.ts';
import type { MilestoneRow, PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { PeopleLookup, PersonSummary } from './people.ts';

export interface ApprovalRequest {
  milestoneId: string;
  /** The employer approving it, or `automatic` when its review period has run out. */
  by: Actor | 'automatic';
  notes: string | null;
}

interface Accepted {
  index: number;
  request: ApprovalRequest;
  milestone: MilestoneRow;
  payment: PaymentRow;
  contract: ContractRow;
  job: JobState;
}

type Settling = { payment: PaymentRow; contract: ContractRow; job: JobState };

/**
 * Completes the payments among these whose every milestone is now approved: the payment is released
 * and its contract and job completed, in three statements however many there are. Answers the items
 * that completed one (the first of each payment).
 */
export function createCompletion(dependencies: {
  repository: PaymentsRepository;
  contracts: ContractsRepository;
  jobState: JobStateService;
}) {
  const { repository, contracts, jobState } = dependencies;
  return async function completeSettled<T extends Settling>(items: T[], now: Date, tx: Tx): Promise<T[]> {
    // An hourly contract is paid week by week and ends when a party ends it, not when its bills are paid.
    const fixed = items.filter(({ contract }) => contract.jobType !== 'hourly');
    const settled = new Set(await repository.listSettledPayments([...new Set(fixed.map(({ payment }) => payment.id))], tx));
    const completed = [...new Map(fixed.filter(({ payment }) => settled.has(payment.id)).map((item) => [item.payment.id, item])).values()];
    await repository.releasePayments(
      completed.map(({ payment }) => payment.id),
      now,
      tx,
    );
    await contracts.completeContracts(
      completed.map(({ contract }) => contract.id),
      now,
      tx,
    );
    await jobState.completeJobs(
      completed.map(({ job }) => job.id),
      now,
      tx,
    );
    return completed;
  };
}

/** Both sides hear that the job is complete, each with the other's name. */
export const completionNotices = (job: JobState, parties: { employer: PersonSummary; professional: PersonSummary }) => [
  paymentNotice(parties.employer, 'job_completed', job, { party_name: partyName(parties.professional) }),
  paymentNotice(parties.professional, 'job_completed', job, { party_name: partyName(parties.employer) }),
];

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
  people: PeopleLookup;
  notifications: NotificationsService;
  clock: () => Date;
}) {
  const { db, repository, movements, contracts, jobState, people, notifications, clock } = dependencies;
  const completeSettled = createCompletion({ repository, contracts, jobState });

  /** Decides each request in turn against the locked rows: accepted, or refused with the error its caller gets. */
  function decide(
    requests: ApprovalRequest[],
    rows: Map<string, { milestone: MilestoneRow; payment: PaymentRow }>,
    contractRows: ContractRow[],
    jobRows: JobState[],
  ) {
    const contractById = new Map(contractRows.map((contract) => [contract.id, contract]));
    const jobById = new Map(jobRows.map((job) => [job.id, job]));
    const outcomes: PromiseSettledResult<void>[] = [];
    const accepted = new Map<string, Accepted>();
    requests.forEach((request, index) => {
      try {
        const row = rows.get(request.milestoneId);
        if (!row) throw new AppError('not_found', paymentMessages.milestoneNotFound);
        const { milestone, payment } = row;
        const contract = contractById.get(payment.contractId);
        const job = jobById.get(payment.jobId);
        if (!contract || !job) throw new Error(`payment ${payment.id} has no contract or job`);
        if (request.by !== 'automatic') requireEmployer(request.by, contract, paymentMessages.onlyOwnerApproves);
        if (payment.isCash) throw new AppError('conflict', paymentMessages.notCashConfirmable);
        if (payment.status === 'disputed') throw new AppError('conflict', paymentMessages.disputeOpen);
        // A second request for a milestone in the same batch finds it approved, as it would one batch later.
        if (milestone.status !== 'submitted' || accepted.has(milestone.id)) throw new AppError('conflict', paymentMessages.notApprovable);
        accepted.set(milestone.id, { index, request, milestone, payment, contract, job });
        outcomes[index] = fulfilled;
      } catch (error) {
        outcomes[index] = rejected(error);
      }
    });
    return { outcomes, accepted };
  }

  async function approveAll(requests: ApprovalRequest[], tx: Tx): Promise<PromiseSettledResult<void>[]> {
    const locked = await repository.lockMilestonesWithPayments([...new Set(requests.map((request) => request.milestoneId))], tx);
    const paymentRows = locked.map((row) => row.payment);
    const contractRows = await contracts.findContracts([...new Set(paymentRows.map((payment) => payment.contractId))], tx);
    const jobRows = await jobState.findJobs([...new Set(paymentRows.map((payment) => payment.jobId))], tx);
    const { outcomes, accepted } = decide(requests, new Map(locked.map((row) => [row.milestone.id, row])), contractRows, jobRows);
    if (accepted.size === 0) return outcomes;

    const now = clock();
    const released = await movements.releaseWholeHolds(
      [...accepted.values()].map(({ milestone, payment, contract, job }) => ({
        milestoneId: milestone.id,
        paymentId: payment.id,
        jobId: job.id,
        professionalId: contract.professionalId,
        currency: payment.currency,
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
    await repository.approveMilestones(
      approvals.map(({ milestone, request }) => ({
        id: milestone.id,
        reviewerNotes: request.notes,
        isAutoApproved: request.by === 'automatic',
      })),
      now,
      tx,
    );

    const completed = await completeSettled(approvals, now, tx);
    const pairs = await people.partiesOfAll(
      approvals.map(({ contract }) => contract),
      tx,
    );
    const parties = new Map(approvals.map(({ contract }, index) => [contract.id, pairs[index]]));
    const partiesOf = (contract: ContractRow) => {
      const pair = parties.get(contract.id);
      if (!pair) throw new Error(`no parties for contract ${contract.id}`);
      return pair;
    };
    const notices: NotificationEvent[] = [];
    for (const { milestone, payment, contract, job, request } of approvals) {
      const { employer, professional } = partiesOf(contract);
      const amount = money(milestone.amountMinor, payment.currency as CurrencyCode);
      const net = subtractMoney(amount, serviceFeeOf(amount));
      const params = { milestone_title: milestone.title, ...amountParams(net.minor, net.currency) };
      if (request.by === 'automatic') {
        notices.push(paymentNotice(professional, 'milestone_auto_approved', job, params));
        notices.push(paymentNotice(employer, 'milestone_auto_approved', job, params));
      } else {
        notices.push(paymentNotice(professional, 'milestone_approved', job, { ...params, employer_name: partyName(employer) }));
      }
    }
    for (const { contract, job } of completed) notices.push(...completionNotices(job, partiesOf(contract)));
    await notifications.notifyAll(notices, tx);
    return outcomes;
  }

  const batcher = createBatcher<ApprovalRequest, void>({
    // Enough to carry a busy minute's approvals in a few dozen transactions, small enough that one
    // batch's locks are held for milliseconds; two batches at once, so one is written while the next commits.
    maxBatch: 64,
    concurrency: 2,
    async write(requests) {
      const outcomes = await transaction(db, (tx) => approveAll(requests, tx));
      void notifications.dispatchSoon();
      return outcomes;
    },
  });

  return {
    /** Approves one milestone, together with whatever approvals arrive at the same moment; throws its refusal. */
    approve: (request: ApprovalRequest) => batcher.submit(request),
  };
}

export type MilestoneApprovals = ReturnType<typeof createMilestoneApprovals>;
