import { paymentMessages, type NotificationKind, type ServerMessage } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { ContractRow, ContractsRepository } from '../contracts/index.ts';
import type { JobState, JobStateService } from '../jobs/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { partyName } from '../profiles/index.ts';
import type { PeopleLookup, PersonSummary } from '../users/index.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import type { MoneyMovements } from './money-movements.ts';
import { paymentNotice } from './payment-notices.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';

/** What the payment services are built from (payments.service.ts and the use cases it is made of). */
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

/** Completes the payments among these whose every milestone is settled (milestone-approvals.ts createCompletion). */
export type Completion = (items: { payment: PaymentRow; contract: ContractRow; job: JobState }[], now: Date, tx: Tx) => Promise<unknown[]>;

/** A refusal of one field of the body (422), in the spec's words. */
export const refuse = (field: (string | number)[], msg: ServerMessage) =>
  new AppError('validation_failed', [{ loc: ['body', ...field], msg, type: 'value_error' }]);

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

export type MilestoneContext = Awaited<ReturnType<ReturnType<typeof createPaymentContexts>['milestoneContext']>>;

/** What the sides of a contract are told about its money, in the bell and by e-mail, in the caller's transaction. */
export function createPaymentTelling({ people, notifications }: Pick<PaymentDependencies, 'people' | 'notifications'>) {
  /** Tells one side of a contract. */
  const tell = (
    recipient: PersonSummary,
    kind: NotificationKind,
    job: { id: string; title: string },
    params: Record<string, string>,
    tx: Tx,
  ) => notifications.notify(paymentNotice(recipient, kind, job, params), tx);

  /** Tells the employer what their professional did with a milestone: handed it in, or says it was paid in cash. */
  async function tellEmployer(
    kind: 'milestone_submitted' | 'cash_marked',
    contract: ContractRow,
    job: { id: string; title: string },
    milestone: { title: string },
    tx: Tx,
  ) {
    const parties = await people.partiesOf(contract, tx);
    await tell(parties.employer, kind, job, { worker_name: partyName(parties.professional), milestone_title: milestone.title }, tx);
  }

  return { tell, tellEmployer };
}
