import { paymentMessages, type PaymentStatusResponse } from '@mihna/shared';
import type { Actor, Side } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContractRow } from '../contracts/index.ts';
import type { JobState } from '../jobs/index.ts';
import type { PaymentDependencies } from './payment-context.ts';
import { createPaymentsAccess } from './payments.access.ts';
import { paymentView } from './payment-state.ts';

/** Reading where a job's money stands: the payment page of its two parties, and the console's view of it for staff. */
export function createPaymentReading(dependencies: Pick<PaymentDependencies, 'repository' | 'ledger' | 'jobState' | 'contracts'>) {
  const { repository, ledger, jobState, contracts } = dependencies;
  const access = createPaymentsAccess(repository);

  /** Where a job's money stands, read from its payment, milestones, holds and disputes (the same for both parties and staff). */
  async function viewOf(job: JobState, contract: ContractRow | undefined) {
    const payment = await repository.findPaymentByJob(job.id);
    const [milestones, holds, disputes] = payment
      ? await Promise.all([
          repository.listMilestones(payment.id),
          ledger.holdsOfPayments([payment.id]),
          repository.listDisputes(payment.id),
        ])
      : [[], [], []];
    return paymentView({ job, contract, payment, milestones, holds, disputes });
  }

  return {
    /** §3 Payment status, for the job's owner and its hired professional only. */
    async getPaymentStatus(actor: Actor, jobId: string): Promise<PaymentStatusResponse> {
      await access.require(actor, 'payment.read', jobId);
      const job = await jobState.findJob(jobId);
      if (!job) throw new AppError('not_found', paymentMessages.jobNotFound);
      const contract = await contracts.findContractByJob(job.id);
      // One of the two, as the rule found: the employer of the contract, or the job's owner before anyone is hired.
      const side: Side = actor.id === (contract ?? job).employerId ? 'employer' : 'professional';
      const view = await viewOf(job, contract);
      const checkout =
        view.payment_status === 'pending' && view.payment_id && side === 'employer'
          ? await repository.findOpenCheckout('escrow', view.payment_id)
          : undefined;
      return {
        ...view,
        viewer_role: side,
        other_party_id: contract ? (side === 'employer' ? contract.professionalId : contract.employerId) : null,
        checkout_url: checkout?.url ?? null,
      };
    },

    /** A job's payment as staff read it in the console (who may is the console's check): null before it is set up. */
    async describeForStaff(jobId: string) {
      const job = await jobState.findJob(jobId);
      const contract = job ? await contracts.findContractByJob(job.id) : undefined;
      if (!job || !contract) return null;
      const view = await viewOf(job, contract);
      return view.payment_id ? view : null;
    },
  };
}
