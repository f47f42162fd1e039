import { money, paymentMessages, timeMessages, type CurrencyCode, type Money } from '@mihna/shared';
import type { Tx } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContractRow, ContractsRepository } from '../contracts/index.ts';
import type { JobStateService } from '../jobs/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { partyName } from '../profiles/index.ts';
import type { CheckoutService, PaidCheckout } from './checkout.service.ts';
import type { MoneyMovements } from './money-movements.ts';
import { amountParams, paymentLink, paymentNotice } from './payment-notices.ts';
import { createPaymentsAccess } from './payments.access.ts';
import { amountOf } from './stored-amount.ts';
import type { MilestoneRow, PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { PeopleLookup } from '../users/index.ts';

/**
 * An hourly contract's payment status from its weekly bills: pending while an approved week awaits
 * the employer's payment, released once every one is paid. A dispute keeps its own status.
 */
export function hourlyPaymentStatus(payment: Pick<PaymentRow, 'status'>, bills: Pick<MilestoneRow, 'status'>[]): PaymentRow['status'] {
  if (payment.status === 'disputed') return 'disputed';
  return bills.some((bill) => bill.status === 'pending' || bill.status === 'paid_in_cash') ? 'pending' : 'released';
}

/**
 * Hourly contracts are paid week by week: each approved timesheet becomes a milestone of its approved
 * hours × rate on the contract's payment, which the employer pays through the provider's checkout.
 * The charge goes into the payment's escrow and, the hours being approved already, is released to the
 * professional at once, less the same 2% service fee, in the same ledger transactions as any milestone.
 * A cash contract's weekly bill is settled in person, as any cash milestone.
 */
export function createHourlyBilling(dependencies: {
  repository: PaymentsRepository;
  movements: MoneyMovements;
  checkouts: CheckoutService;
  contracts: ContractsRepository;
  jobState: JobStateService;
  people: PeopleLookup;
  notifications: NotificationsService;
  clock: () => Date;
}) {
  const { repository, movements, checkouts, contracts, jobState, people, notifications, clock } = dependencies;
  const access = createPaymentsAccess(repository);

  return {
    /** Adds a week's approved hours to the contract's payment (made on the first bill) as a milestone awaiting payment. */
    async billHours(
      input: { contract: ContractRow; weekStart: string; seconds: number; amount: Money; at: Date },
      tx: Tx,
    ): Promise<MilestoneRow> {
      const { contract, amount, at } = input;
      const existing = await repository.findPaymentByJob(contract.jobId, tx);
      const payment = existing
        ? await repository.lockPayment(existing.id, tx)
        : await repository.insertPayment(
            {
              contractId: contract.id,
              jobId: contract.jobId,
              status: 'pending',
              totalMinor: amount.minor,
              currency: contract.currency,
              isCash: contract.paymentMethod === 'cash',
              createdAt: at,
              updatedAt: at,
            },
            tx,
          );
      if (!payment) throw new Error(`the payment of contract ${contract.id} was made by another transaction`);
      const bills = await repository.listMilestones(payment.id, tx);
      const hours = (input.seconds / 3600).toFixed(2);
      const [bill] = await repository.insertMilestones(
        [
          {
            paymentId: payment.id,
            position: bills.length,
            title: `Hours for the week of ${input.weekStart}`,
            description: `${hours} hours approved`,
            amount,
            dueDate: null,
          },
        ],
        tx,
      );
      if (!bill) throw new Error('insert returned no milestone');
      if (existing) await repository.addToPayment(payment.id, amount, hourlyPaymentStatus(payment, [...bills, bill]), at, tx);
      return bill;
    },

    /** The employer pays a week's approved hours through the provider's checkout; asking again reuses it. */
    async payHours(actor: Actor, bill: { milestoneId: string; weekStart: string }) {
      await access.require(actor, 'hours.pay', bill.milestoneId);
      const found = await repository.findMilestoneWithPayment(bill.milestoneId);
      if (!found) throw new AppError('not_found', paymentMessages.milestoneNotFound);
      const { milestone, payment } = found;
      const contract = await contracts.findContract(payment.contractId);
      const job = await jobState.findJob(payment.jobId);
      if (!contract || !job) throw new Error(`payment ${payment.id} has no contract or job`);
      if (payment.isCash) throw new AppError('conflict', paymentMessages.cashNoEscrow);
      if (milestone.status !== 'pending') throw new AppError('conflict', timeMessages.alreadyPaid);
      return checkouts.open({
        purpose: 'timesheet',
        subjectId: milestone.id,
        payerId: actor.id,
        amount: amountOf(milestone),
        description: `Approved hours on "${job.title}", week of ${bill.weekStart}`,
        returnPath: paymentLink(job.id),
      });
    },

    /**
     * A week's hours were paid: the charge is held in the payment's escrow and released to the
     * professional (less the service fee) in the same transaction. A dispute holds only the milestones
     * it is about, never a week paid after it (decision 45).
     */
    async applyHoursPaid(checkout: Pick<PaidCheckout, 'id' | 'subjectId'>, tx: Tx) {
      const found = await repository.findMilestoneWithPayment(checkout.subjectId, tx);
      if (!found) throw new Error(`checkout ${checkout.id} pays for an unknown milestone`);
      const payment = await repository.lockPayment(found.payment.id, tx);
      const bill = await repository.lockMilestone(found.milestone.id, tx);
      if (!payment || !bill) throw new Error(`milestone ${found.milestone.id} vanished`);
      // A week's bill is paid once: a second paid checkout for it is refunded by the webhook inbox before this.
      if (bill.status !== 'pending') throw new Error(`checkout ${checkout.id} pays for milestone ${bill.id}, which is ${bill.status}`);
      const now = clock();
      const billed = money(bill.amountMinor, payment.currency as CurrencyCode);
      const isNew = await movements.escrowFunded(
        {
          checkoutId: checkout.id,
          paymentId: payment.id,
          jobId: payment.jobId,
          currency: billed.currency,
          milestones: [{ id: bill.id, amount: billed }],
          at: now,
        },
        tx,
      );
      if (!isNew) return;
      const contract = await contracts.findContract(payment.contractId, tx);
      const job = await jobState.findJob(payment.jobId, tx);
      if (!contract || !job) throw new Error(`payment ${payment.id} has no contract or job`);
      await movements.releaseWholeHolds(
        [
          {
            milestoneId: bill.id,
            paymentId: payment.id,
            jobId: job.id,
            professionalId: contract.professionalId,
            amount: billed,
          },
        ],
        now,
        tx,
      );
      await repository.updateMilestone(bill.id, { status: 'approved', approvedAt: now }, tx);
      const bills = await repository.listMilestones(payment.id, tx);
      await repository.setPaymentStatus(payment.id, hourlyPaymentStatus(payment, bills), now, tx);
      const parties = await people.partiesOf(contract, tx);
      await notifications.notify(
        paymentNotice(parties.professional, 'hours_paid', job, {
          employer_name: partyName(parties.employer),
          ...amountParams(amountOf(bill)),
        }),
        tx,
      );
    },
  };
}

export type HourlyBilling = ReturnType<typeof createHourlyBilling>;
