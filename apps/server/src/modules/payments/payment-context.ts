import { paymentMessages } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { ContractsRepository } from '../contracts/index.ts';
import type { JobStateService } from '../jobs/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import type { MoneyMovements } from './money-movements.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PeopleLookup } from '../users/index.ts';

/** What the payment services are built from (payments.service.ts and the plan and disputes it is made of). */
export interface PaymentDependencies {
  db: Db;
  repository: PaymentsRepository;
  ledger: LedgerRepository;
  movements: MoneyMovements;
  checkouts: CheckoutService;
  jobState: JobStateService;
  contracts: ContractsRepository;
  people: PeopleLookup;
  notifications: NotificationsService;
  clock: () => Date;
}

/** A payment or a milestone as a call names it, with the contract and job behind it, or 404. */
export function createPaymentContexts({
  repository,
  contracts,
  jobState,
}: Pick<PaymentDependencies, 'repository' | 'contracts' | 'jobState'>) {
  async function paymentContext(paymentId: string) {
    const payment = isRowId(paymentId) ? await repository.findPayment(paymentId) : undefined;
    if (!payment) throw new AppError('not_found', paymentMessages.paymentNotFound);
    const [contract, job] = await Promise.all([contracts.findContract(payment.contractId), jobState.findJob(payment.jobId)]);
    if (!contract || !job) throw new Error(`payment ${payment.id} has no contract or job`);
    return { payment, contract, job };
  }

  async function milestoneContext(milestoneId: string) {
    const found = isRowId(milestoneId) ? await repository.findMilestoneWithPayment(milestoneId) : undefined;
    if (!found) throw new AppError('not_found', paymentMessages.milestoneNotFound);
    const { milestone, payment } = found;
    const [contract, job] = await Promise.all([contracts.findContract(payment.contractId), jobState.findJob(payment.jobId)]);
    if (!contract || !job) throw new Error(`milestone ${milestone.id} has no contract or job`);
    return { milestone, payment, contract, job };
  }

  return { paymentContext, milestoneContext };
}
