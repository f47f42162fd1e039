import {
  isSettledMilestone,
  money,
  paymentMessages,
  timeMessages,
  type CurrencyCode,
  type MilestoneChangeInput,
  type ServerMessage,
  type SetupPaymentInput,
} from '@mihna/shared';
import { transaction, type Tx } from '../../db/transaction.ts';
import { requireEmployer, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import { requireAmount } from '../../lib/money-input.ts';
import type { ContractRow } from '../contracts/index.ts';
import type { JobState } from '../jobs/index.ts';
import { partyName } from '../profiles/index.ts';
import { completionNotices } from './milestone-approvals.ts';
import { amountParams, amountText, paymentLink, paymentNotice } from './payment-notices.ts';
import type { PaymentDependencies } from './payment-context.ts';
import { planCommitment, planStatus } from './payment-state.ts';
import type { MilestoneRow, PaymentRow } from './payments.repository.ts';

type Completion = (items: { payment: PaymentRow; contract: ContractRow; job: JobState }[], now: Date, tx: Tx) => Promise<unknown[]>;

const refuse = (field: (string | number)[], msg: ServerMessage) =>
  new AppError('validation_failed', [{ loc: ['body', ...field], msg, type: 'value_error' }]);

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
  amountMinor: number;
  dueDate: Date | null;
}

/** One milestone as typed, checked: its amount in the job's currency, its due date read. */
function readMilestone(
  input: MilestoneChangeInput | SetupPaymentInput['milestones'][number],
  currency: CurrencyCode,
  field: (string | number)[],
) {
  return {
    title: input.title,
    description: input.description,
    amountMinor: requireAmount(input.amount ?? 0, currency, [...field, 'amount'].join('.')).minor,
    dueDate: readDueDate(input.due_date, field),
  } satisfies Planned;
}

/**
 * A fixed-price contract's milestone plan (decision 45): laid out by the employer and edited freely
 * until it is funded; later, milestones are added to the running contract, each funded on its own, and
 * one not funded yet can still be changed or taken out. The plan's total never exceeds the price the
 * employer accepted (the hired proposal's amount).
 */
export function createMilestonePlan(dependencies: PaymentDependencies & { completeSettled: Completion }) {
  const { db, repository, ledger, movements, checkouts, jobState, contracts, people, notifications, completeSettled, clock } = dependencies;

  /**
   * The owner's fixed-price job and its running contract, or the refusal. The payment, when there is one,
   * is locked before the job, the order every money path locks them in (completing a job writes it
   * under its payment's lock).
   */
  async function ownContract(actor: Actor, jobId: string, tx: Tx, paymentId?: string) {
    const payment = paymentId ? await repository.lockPayment(paymentId, tx) : undefined;
    const job = await jobState.lockJob(jobId, tx);
    if (!job) throw new AppError('not_found', paymentMessages.jobNotFound);
    requireEmployer(actor, job, paymentMessages.onlyOwnerSetsUp);
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
  function checkTotal(contract: ContractRow, change: { beforeMinor: number; afterMinor: number }, field: (string | number)[]) {
    if (change.afterMinor <= contract.agreedAmountMinor || change.afterMinor <= change.beforeMinor) return;
    throw refuse(
      field,
      paymentMessages.budgetExceeded(
        amountText(change.afterMinor, contract.currency),
        amountText(contract.agreedAmountMinor, contract.currency),
      ),
    );
  }

  const holdsOf = async (paymentId: string, tx: Tx) =>
    new Set((await ledger.holdsOfPayments([paymentId], tx)).map((hold) => hold.milestoneId));

  /** The milestone of a running contract's plan that its owner may change: not funded, not settled, not paid in cash. */
  async function changeableMilestone(actor: Actor, milestoneId: string, tx: Tx) {
    const found = isRowId(milestoneId) ? await repository.findMilestoneWithPayment(milestoneId, tx) : undefined;
    if (!found) throw new AppError('not_found', paymentMessages.milestoneNotFound);
    const { job, contract, payment } = await ownContract(actor, found.payment.jobId, tx, found.payment.id);
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

  return {
    /**
     * POST /jobs/{jobId}/setup-payment: the owner lays out the milestones (§5), or lays them out again
     * while nothing is funded (the plan is replaced, and a checkout opened for the old total closed).
     */
    async setupPayment(actor: Actor, jobId: string, input: SetupPaymentInput) {
      const complete = input.milestones
        .map((milestone, index) => ({ milestone, index }))
        .filter(({ milestone }) => milestone.title !== '' && milestone.description !== '' && milestone.amount !== undefined);
      if (!isRowId(jobId)) throw new AppError('not_found', paymentMessages.jobNotFound);
      await transaction(db, async (tx) => {
        const existing = await repository.findPaymentByJob(jobId, tx);
        const owned = await ownContract(actor, jobId, tx, existing?.id);
        const { job, contract } = owned;
        let payment = owned.payment;
        if (complete.length === 0) throw refuse(['milestones'], paymentMessages.noCompleteMilestone);
        const currency = contract.currency as CurrencyCode;
        const planned = complete.map(({ milestone, index }) => readMilestone(milestone, currency, ['milestones', index]));
        const old = payment ? await repository.lockMilestones(payment.id, tx) : [];
        const holds = payment ? await ledger.holdsOfPayments([payment.id], tx) : [];
        checkTotal(
          contract,
          {
            beforeMinor: planCommitment(old, holds),
            afterMinor: planned.reduce((sum, milestone) => sum + milestone.amountMinor, 0),
          },
          ['milestones'],
        );
        const now = clock();
        let firstPosition = 0;
        if (payment) {
          if (holds.length > 0 || old.some((milestone) => milestone.status !== 'pending'))
            throw new AppError('conflict', paymentMessages.alreadySetUp);
          await repository.deleteMilestones(
            old.map((milestone) => milestone.id),
            tx,
          );
          // New rows take new positions: the unique position index is checked row by row.
          firstPosition = Math.max(-1, ...old.map((milestone) => milestone.position)) + 1;
        } else {
          payment = await repository.insertPayment(
            {
              contractId: contract.id,
              jobId: job.id,
              status: 'pending',
              totalMinor: planned.reduce((sum, milestone) => sum + milestone.amountMinor, 0),
              currency,
              isCash: contract.paymentMethod === 'cash',
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
          if (!payment) throw new AppError('conflict', paymentMessages.alreadySetUp);
        }
        await repository.insertMilestones(
          planned.map((milestone, index) => ({ paymentId: payment.id, position: firstPosition + index, currency, ...milestone })),
          tx,
        );
        await planChanged(payment, null, now, tx);
        await tellProfessional(contract, job, tx);
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.setupDone };
    },

    /** The owner adds a milestone to the running contract's plan; once escrow was funded, it is funded on its own. */
    async addMilestone(actor: Actor, paymentId: string, input: MilestoneChangeInput) {
      const found = isRowId(paymentId) ? await repository.findPayment(paymentId) : undefined;
      if (!found) throw new AppError('not_found', paymentMessages.paymentNotFound);
      await transaction(db, async (tx) => {
        const { job, contract, payment } = await ownContract(actor, found.jobId, tx, found.id);
        if (!payment) throw new AppError('not_found', paymentMessages.paymentNotFound);
        const milestones = await repository.lockMilestones(payment.id, tx);
        const added = readMilestone(input, payment.currency as CurrencyCode, []);
        const before = planCommitment(milestones, await ledger.holdsOfPayments([payment.id], tx));
        checkTotal(contract, { beforeMinor: before, afterMinor: before + added.amountMinor }, ['amount']);
        const position = Math.max(-1, ...milestones.map((milestone) => milestone.position)) + 1;
        await repository.insertMilestones([{ paymentId: payment.id, position, currency: payment.currency, ...added }], tx);
        await planChanged(payment, null, clock(), tx);
        await tellProfessional(contract, job, tx);
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.milestoneAdded };
    },

    /** The owner changes a milestone not funded yet. */
    async updateMilestone(actor: Actor, milestoneId: string, input: MilestoneChangeInput) {
      await transaction(db, async (tx) => {
        const { contract, payment, milestones, milestone, holds } = await changeableMilestone(actor, milestoneId, tx);
        const changed = readMilestone(input, payment.currency as CurrencyCode, []);
        const before = planCommitment(milestones, holds);
        checkTotal(contract, { beforeMinor: before, afterMinor: before - milestone.amountMinor + changed.amountMinor }, ['amount']);
        await repository.updateMilestone(milestone.id, changed, tx);
        await planChanged(payment, milestone, clock(), tx);
      });
      return { message: paymentMessages.milestoneUpdated };
    },

    /** The owner takes out a milestone not funded yet; the plan keeps at least one (§5). When the rest is settled, the job is done. */
    async removeMilestone(actor: Actor, milestoneId: string) {
      await transaction(db, async (tx) => {
        const { job, contract, payment, milestones, milestone } = await changeableMilestone(actor, milestoneId, tx);
        if (milestones.filter((row) => row.status !== 'cancelled').length <= 1)
          throw new AppError('conflict', paymentMessages.lastMilestone);
        await repository.deleteMilestones([milestone.id], tx);
        const now = clock();
        await planChanged(payment, milestone, now, tx);
        const rest = milestones.filter((row) => row.id !== milestone.id);
        if (
          rest.every((row) => isSettledMilestone(row.status)) &&
          (await completeSettled([{ payment, contract, job }], now, tx)).length > 0
        ) {
          // Completed as released; refunded instead when a dispute before gave everything back.
          await planChanged(payment, null, now, tx);
          await notifications.notifyAll(completionNotices(job, await people.partiesOf(contract, tx)), tx);
        }
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.milestoneRemoved };
    },

    /** The owner pays a milestone added to a running contract into escrow through the provider's checkout. */
    async fundMilestone(actor: Actor, milestoneId: string) {
      const found = isRowId(milestoneId) ? await repository.findMilestoneWithPayment(milestoneId) : undefined;
      if (!found) throw new AppError('not_found', paymentMessages.milestoneNotFound);
      const { milestone, payment } = found;
      const job = await jobState.findJob(payment.jobId);
      if (!job) throw new Error(`payment ${payment.id} has no job`);
      requireEmployer(actor, job, paymentMessages.onlyOwnerFunds);
      if (payment.isCash) throw new AppError('conflict', paymentMessages.cashNoEscrow);
      if (job.jobType === 'hourly') throw new AppError('conflict', timeMessages.paidByTimesheets);
      const funded = new Set((await ledger.holdsOfPayments([payment.id])).map((hold) => hold.milestoneId));
      if (funded.has(milestone.id) || milestone.status !== 'pending') throw new AppError('conflict', paymentMessages.alreadyFunded);
      // The plan laid out before work started is funded together, through create-escrow.
      if (funded.size === 0) throw new AppError('conflict', paymentMessages.notYetFunded);
      return checkouts.open({
        purpose: 'milestone',
        subjectId: milestone.id,
        payerId: actor.id,
        amount: money(milestone.amountMinor, milestone.currency as CurrencyCode),
        description: `Milestone "${milestone.title}" of "${job.title}"`,
        returnPath: paymentLink(job.id),
      });
    },

    /**
     * A milestone's own checkout was paid: its amount is held in escrow. Refunded instead when the
     * milestone changed or went since the page opened (its checkout is closed then, but a page can
     * still be paid late).
     */
    async applyMilestoneFunded(checkout: { id: string; subjectId: string; amountMinor: number; currency: string }, tx: Tx) {
      const found = await repository.findMilestoneWithPayment(checkout.subjectId, tx);
      if (!found) return 'refund' as const;
      const payment = await repository.lockPayment(found.payment.id, tx);
      const milestone = await repository.lockMilestone(found.milestone.id, tx);
      if (!payment || !milestone) return 'refund' as const;
      const funded = await holdsOf(payment.id, tx);
      if (funded.has(milestone.id) || milestone.status !== 'pending' || milestone.amountMinor !== checkout.amountMinor)
        return 'refund' as const;
      const now = clock();
      const isNew = await movements.escrowFunded(
        {
          checkoutId: checkout.id,
          paymentId: payment.id,
          jobId: payment.jobId,
          currency: payment.currency,
          milestones: [{ id: milestone.id, amountMinor: milestone.amountMinor }],
          at: now,
        },
        tx,
      );
      if (!isNew) return;
      const contract = await contracts.findContract(payment.contractId, tx);
      const job = await jobState.findJob(payment.jobId, tx);
      if (!contract || !job) throw new Error(`payment ${payment.id} has no contract or job`);
      const parties = await people.partiesOf(contract, tx);
      await notifications.notify(
        paymentNotice(parties.professional, 'escrow_funded', job, {
          employer_name: partyName(parties.employer),
          ...amountParams(milestone.amountMinor, milestone.currency),
        }),
        tx,
      );
    },
  };
}

export type MilestonePlan = ReturnType<typeof createMilestonePlan>;
