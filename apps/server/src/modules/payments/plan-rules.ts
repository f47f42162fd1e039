import {
  money,
  paymentMessages,
  timeMessages,
  type CurrencyCode,
  type MilestoneChangeInput,
  type Money,
  type SetupPaymentInput,
} from '@mihna/shared';
import type { Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import { requireAmount } from '../../lib/money-input.ts';
import type { ContractRow } from '../contracts/index.ts';
import type { JobState } from '../jobs/index.ts';
import { partyName } from '../profiles/index.ts';
import { refuse, type PaymentDependencies } from './payment-context.ts';
import { amountText, paymentNotice } from './payment-notices.ts';
import { planStatus } from './payment-state.ts';
import type { MilestoneRow, PaymentRow } from './payments.repository.ts';

/** A due date as the dialog sends it: a timestamp in milliseconds, an ISO date or date-time, or nothing. */
function readDueDate(value: number | string | null | undefined, field: (string | number)[]): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(typeof value === 'number' ? value : value.length === 10 ? `${value}T00:00:00Z` : value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 2000 || year > 2100) throw refuse([...field, 'due_date'], 'Invalid format');
  return date;
}

interface Planned {
  title: string;
  description: string;
  amount: Money;
  dueDate: Date | null;
}

/** One milestone as typed, checked: its amount in the job's currency, its due date read. */
export function readMilestone(
  input: MilestoneChangeInput | SetupPaymentInput['milestones'][number],
  currency: CurrencyCode,
  field: (string | number)[],
) {
  return {
    title: input.title,
    description: input.description,
    amount: requireAmount(input.amount ?? 0, currency, [...field, 'amount'].join('.')),
    dueDate: readDueDate(input.due_date, field),
  } satisfies Planned;
}

/**
 * What every change to a fixed-price plan (decision 45) checks and does: the owner's running contract,
 * the plan's total against the accepted price, the milestone that may still change, and what follows a change.
 */
export function createPlanRules(dependencies: PaymentDependencies) {
  const { repository, ledger, jobState, contracts, people, notifications } = dependencies;

  /**
   * The fixed-price job and its running contract, or the refusal; whether the actor owns it was asked
   * before (payments.access.ts). The payment, when there is one, is locked before the job, the order
   * every money path locks them in (completing a job writes it under its payment's lock).
   */
  async function ownContract(jobId: string, tx: Tx, paymentId?: string) {
    const payment = paymentId ? await repository.lockPayment(paymentId, tx) : undefined;
    const job = await jobState.lockJob(jobId, tx);
    if (!job) throw new AppError('not_found', paymentMessages.jobNotFound);
    if (job.jobType === 'hourly') throw new AppError('conflict', timeMessages.paidByTimesheets);
    const contract = await contracts.findContractByJob(job.id, tx);
    if (job.status !== 'assigned' || contract?.status !== 'active') throw new AppError('conflict', paymentMessages.notAssigned);
    return { job, contract, payment };
  }

  /**
   * The plan's total against the accepted price, in the spec's words (§5), counting what each milestone
   * will really pay (planCommitment). A change that does not raise the total is always allowed, so a plan
   * laid out before this rule can still be brought down.
   */
  function checkTotal(contract: ContractRow, change: { before: Money; after: Money }, field: (string | number)[]) {
    const agreed = money(contract.agreedAmountMinor, contract.currency as CurrencyCode);
    if (change.after.minor <= agreed.minor || change.after.minor <= change.before.minor) return;
    throw refuse(field, paymentMessages.budgetExceeded(amountText(change.after), amountText(agreed)));
  }

  const holdsOf = async (paymentId: string, tx: Tx) =>
    new Set((await ledger.holdsOfPayments([paymentId], tx)).map((hold) => hold.milestoneId));

  /** The milestone of a running contract's plan that its owner may change: not funded, not settled, not paid in cash. */
  async function changeableMilestone(milestoneId: string, tx: Tx) {
    const found = isRowId(milestoneId) ? await repository.findMilestoneWithPayment(milestoneId, tx) : undefined;
    if (!found) throw new AppError('not_found', paymentMessages.milestoneNotFound);
    const { job, contract, payment } = await ownContract(found.payment.jobId, tx, found.payment.id);
    const milestones = await repository.lockMilestones(found.payment.id, tx);
    const milestone = milestones.find((row) => row.id === milestoneId);
    if (!payment || !milestone) throw new AppError('not_found', paymentMessages.milestoneNotFound);
    const holds = await ledger.holdsOfPayments([payment.id], tx);
    if (holds.some((hold) => hold.milestoneId === milestone.id) || milestone.status !== 'pending')
      throw new AppError('conflict', paymentMessages.notChangeable);
    return { job, contract, payment, milestones, milestone, holds };
  }

  /** After a change to the plan: its total and status again, and any open checkout for the old amount closed. */
  async function planChanged(payment: PaymentRow, milestone: Pick<MilestoneRow, 'id'> | null, now: Date, tx: Tx) {
    const milestones = await repository.listMilestones(payment.id, tx);
    const funded = await holdsOf(payment.id, tx);
    const hasOpenDispute = (await repository.findOpenDispute(payment.id, tx)) !== undefined;
    await repository.setPaymentTotal(payment.id, planStatus(milestones, { isFunded: funded.size > 0, hasOpenDispute }), now, tx);
    if (funded.size === 0) await repository.cancelOpenCheckout('escrow', payment.id, now, tx);
    if (milestone) await repository.cancelOpenCheckout('milestone', milestone.id, now, tx);
  }

  async function tellProfessional(contract: ContractRow, job: JobState, tx: Tx) {
    const parties = await people.partiesOf(contract, tx);
    await notifications.notify(
      paymentNotice(parties.professional, 'payment_setup', job, { employer_name: partyName(parties.employer) }),
      tx,
    );
  }

  return { ownContract, checkTotal, holdsOf, changeableMilestone, planChanged, tellProfessional };
}

export type PlanRules = ReturnType<typeof createPlanRules>;
