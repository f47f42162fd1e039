import { usablePayoutMethod } from './payout-methods.ts';
import { paidCheckoutEvent } from '../modules/payments/test-gateway.routes.ts';
import { randomUUID } from 'node:crypto';
import { milestoneChangeSchema, proposalInputSchema, setupPaymentSchema } from '@mihna/shared';
import type { App } from '../app.ts';
import type { Actor } from '../lib/access.ts';
import { AppError } from '../lib/app-error.ts';
import { createRandom } from '../lib/random.ts';
import { createUser, type TestClock } from './accounts.ts';
import { createEmployer, insertJob } from '../modules/proposals/test-jobs.ts';
import { checkLedgerInvariants, type InvariantViolation } from '../modules/payments/ledger-invariants.ts';
import { WebhookRefused } from '../modules/payments/providers/payment-provider.ts';
import { signPayload } from '../modules/payments/providers/webhook-signature.ts';
import { balanceAccount } from '../modules/payments/money-movements.ts';

interface SimJob {
  jobId: string;
  employer: Actor;
  professional: Actor;
  paymentId?: string;
  paymentStatus: string;
  milestones: Map<string, string>;
  /** Milestones escrow holds money for, and those in an open dispute. */
  held: Map<string, number>;
  inDispute: Set<string>;
  /** Milestones planned but not paid into escrow (the plan before funding, or one added later). */
  unfunded: string[];
  /** Signed deliveries made for this job's checkouts, replayed later as duplicates or stale events. */
  deliveries: { raw: string; signedAt: Date; checkoutId: string }[];
}

export interface SimulationReport {
  steps: number;
  counts: Record<string, number>;
  /** Steps the services carried out (the rest were refused in words, as they should be). */
  accepted: Record<string, number>;
  violations: (InvariantViolation & { step: number; action: string })[];
  /** Refusals the services answered with a server fault instead of a clear error. */
  faults: { step: number; action: string; error: string }[];
  /** Time spent checking invariants. */
  checkSeconds: number;
}

const IBAN = 'AE070331234567890123456';
const UNEXPECTED = ['internal', 'unavailable'];

/**
 * Random interleavings of everything money does, through the services users reach: hires, milestone
 * setup, checkouts, webhooks delivered once, twice, late (stale signatures) and out of order,
 * submissions, approvals racing each other, automatic approvals, disputes, resolutions with refunds,
 * and payouts racing each other. After every step the ledger's invariants are checked over what the
 * step touched, and over the whole ledger every `fullCheckEvery` steps and at the end.
 */
export async function runMoneySimulation(
  app: App,
  clock: TestClock,
  options: { seed: number; steps: number; fullCheckEvery?: number; jobs?: number },
): Promise<SimulationReport> {
  const random = createRandom(options.seed);
  const { payments, payouts, webhooks, proposals, config } = app.services;
  const db = app.services.database.db;
  const report: SimulationReport = { steps: 0, counts: {}, accepted: {}, violations: [], faults: [], checkSeconds: 0 };

  const employers = await Promise.all(
    Array.from({ length: 3 }, (_, index) => createEmployer(app, { first_name: 'Sim', last_name: `Employer ${index}` })),
  );
  const professionals = await Promise.all(
    Array.from({ length: 4 }, (_, index) => createUser(app, { first_name: 'Sim', last_name: `Professional ${index}` })),
  );
  const methodOf = new Map<string, string>();
  for (const professional of professionals) methodOf.set(professional.user.id, await usablePayoutMethod(app, professional.user.id, IBAN));
  const staff: Actor = { id: employers[0]!.user.id, role: 'employer' };
  const jobs: SimJob[] = [];
  const targetJobs = options.jobs ?? 40;

  async function hire() {
    const employer = random.pick(employers);
    const professional = random.pick(professionals);
    const job = await insertJob(app, employer.user.id, { title: `Simulated job ${jobs.length + 1}`, budgetMaxMinor: 1_000_000 });
    const proposal = await proposals.submitProposal(
      { id: professional.user.id, role: 'professional' },
      proposalInputSchema.parse({ job_id: job.id, proposal_text: 'Simulated proposal', proposed_rate: 6_000, estimated_hours: null }),
    );
    await proposals.acceptProposal({ id: employer.user.id, role: 'employer' }, proposal.proposal.id);
    jobs.push({
      jobId: job.id,
      employer: { id: employer.user.id, role: 'employer' },
      professional: { id: professional.user.id, role: 'professional' },
      paymentStatus: 'not_setup',
      milestones: new Map(),
      held: new Map(),
      inDispute: new Set(),
      unfunded: [],
      deliveries: [],
    });
  }

  /** The model reads the job back after acting on it: the services, not the model, decide what happened. */
  async function refresh(job: SimJob) {
    const current = await payments.getPaymentStatus(job.employer, job.jobId);
    job.paymentId = current.payment_id ?? undefined;
    job.paymentStatus = current.payment_status;
    job.milestones = new Map(current.milestones.map((milestone) => [milestone.id, milestone.status]));
    job.held = new Map(
      current.milestones.filter((milestone) => milestone.held_amount > 0).map((milestone) => [milestone.id, milestone.held_amount]),
    );
    job.inDispute = new Set(
      current.milestones.filter((milestone) => milestone.dispute?.status === 'open').map((milestone) => milestone.id),
    );
    job.unfunded = current.milestones
      .filter((milestone) => !milestone.is_funded && milestone.status === 'pending')
      .map((milestone) => milestone.id);
  }

  const isOpen = (job: SimJob) => job.paymentStatus !== 'released' && job.paymentStatus !== 'refunded';
  const open = () => jobs.filter(isOpen);
  /** Mostly a job where the action makes sense; sometimes any job, so refusals are exercised too. */
  const target = (fits: (job: SimJob) => boolean) => (random.chance(0.85) ? random.pickIfAny(open().filter(fits)) : random.pickIfAny(jobs));
  const milestoneIn = (job: SimJob, status: string) =>
    random.chance(0.85)
      ? random.pickIfAny([...job.milestones].filter(([, current]) => current === status).map(([id]) => id))
      : random.pickIfAny([...job.milestones.keys()]);
  const hasMilestone = (status: string) => (job: SimJob) => [...job.milestones.values()].includes(status);

  /** A checkout.session.completed event for the open checkout of the payment (or of a milestone added later), signed at `signedAt`, as the gateway sends it. */
  async function paidEvent(job: SimJob, signedAt: Date, milestoneId?: string) {
    const checkout = milestoneId
      ? await app.services.paymentsRepository.findOpenCheckout('milestone', milestoneId)
      : await app.services.paymentsRepository.findOpenCheckout('escrow', job.paymentId!);
    if (!checkout) return undefined;
    const raw = paidCheckoutEvent(checkout, signedAt, { event: `evt_sim_${randomUUID()}`, paymentIntent: `pi_sim_${randomUUID()}` });
    return { raw, signedAt, checkoutId: checkout.id };
  }

  async function deliver(delivery: { raw: string; signedAt: Date }) {
    const outcome = await webhooks.receive(delivery.raw, signPayload(config.testGatewaySecret, delivery.raw, delivery.signedAt));
    if (outcome.outcome === 'failed') {
      const stored = await app.services.paymentsRepository.findEvent('test', outcome.event_id);
      throw new Error(`event ${outcome.event_id} could not be applied: ${stored?.lastError ?? 'no error kept'}`);
    }
  }

  /** Runs an action on a job, then reads the job back whatever the answer. */
  async function on(job: SimJob | undefined, act: (job: SimJob) => Promise<unknown>) {
    if (!job) return;
    try {
      await act(job);
    } finally {
      await refresh(job);
    }
  }

  const actions: { name: string; weight: number; run: () => Promise<unknown> }[] = [
    {
      name: 'hire',
      weight: 2,
      run: async () => {
        if (open().length < targetJobs) await hire();
      },
    },
    {
      name: 'setup',
      weight: 3,
      run: () =>
        on(
          // Laid out, or laid out again while nothing is funded (a checkout opened for the old total closes).
          target((job) => job.paymentStatus === 'not_setup' || (job.paymentStatus === 'pending' && random.chance(0.3))),
          (job) => {
            const count = 1 + random.below(4);
            // Sometimes over the accepted price, sometimes with an impossible third decimal: refused, nothing changes.
            const amounts = Array.from({ length: count }, () =>
              random.chance(0.05) ? 6_000 : random.chance(0.03) ? 10.125 : 1 + random.below(1_500_00) / 100,
            );
            const input = setupPaymentSchema.parse({
              milestones: amounts.map((amount, index) => ({ title: `M${index}`, description: 'Work', amount, due_date: null })),
            });
            return payments.setupPayment(random.chance(0.03) ? job.professional : job.employer, job.jobId, input);
          },
        ),
    },
    {
      name: 'create-escrow',
      weight: 3,
      run: () =>
        on(
          target((job) => job.paymentStatus === 'pending'),
          async (job) => {
            if (!job.paymentId) return;
            await payments.createEscrow(random.chance(0.03) ? job.professional : job.employer, job.paymentId);
            const event = await paidEvent(job, clock.now());
            if (event) job.deliveries.push(event);
          },
        ),
    },
    {
      name: 'webhook',
      weight: 5,
      run: async () => {
        const fresh = random.chance(0.6);
        const job = fresh
          ? random.pickIfAny(
              open().filter(
                (candidate) => (candidate.paymentStatus === 'pending' || candidate.unfunded.length > 0) && candidate.deliveries.length > 0,
              ),
            )
          : random.pickIfAny(jobs.filter((candidate) => candidate.deliveries.length > 0));
        return on(job, async (chosen) => {
          const delivery = fresh ? chosen.deliveries.at(-1)! : random.pickIfAny(chosen.deliveries)!;
          if (random.chance(0.1)) {
            // The session's expiry arriving out of order, after (or instead of) its payment.
            const raw = JSON.stringify({
              id: `evt_sim_${randomUUID()}`,
              type: 'checkout.session.expired',
              data: { object: { id: delivery.checkoutId, metadata: { checkout_id: delivery.checkoutId } } },
            });
            return deliver({ raw, signedAt: clock.now() });
          }
          // A fresh delivery, or a replay: with its first signature time (refused once stale) or re-signed now (stored once).
          return deliver(fresh || random.chance(0.3) ? { ...delivery, signedAt: clock.now() } : delivery);
        });
      },
    },
    {
      name: 'add-milestone',
      weight: 2,
      run: () =>
        on(
          target((job) => job.paymentStatus === 'escrowed' || job.paymentStatus === 'disputed'),
          (job) => {
            if (!job.paymentId) return Promise.resolve();
            const input = milestoneChangeSchema.parse({ title: 'Extra', description: 'More work', amount: 1 + random.below(500_00) / 100 });
            return payments.addMilestone(random.chance(0.03) ? job.professional : job.employer, job.paymentId, input);
          },
        ),
    },
    {
      name: 'change-milestone',
      weight: 1,
      run: () =>
        on(
          target((job) => job.unfunded.length > 0),
          (job) => {
            const milestone = random.pickIfAny(job.unfunded) ?? random.pickIfAny([...job.milestones.keys()]);
            if (!milestone) return Promise.resolve();
            if (random.chance(0.5)) return payments.removeMilestone(job.employer, milestone);
            const input = milestoneChangeSchema.parse({
              title: 'Changed',
              description: 'Other work',
              amount: 1 + random.below(500_00) / 100,
            });
            return payments.updateMilestone(job.employer, milestone, input);
          },
        ),
    },
    {
      name: 'fund-milestone',
      weight: 2,
      run: () =>
        on(
          target((job) => job.unfunded.length > 0 && job.paymentStatus !== 'pending'),
          async (job) => {
            const milestone = random.pickIfAny(job.unfunded);
            if (!milestone) return;
            await payments.fundMilestone(job.employer, milestone);
            const event = await paidEvent(job, clock.now(), milestone);
            if (event) job.deliveries.push(event);
          },
        ),
    },
    {
      name: 'submit',
      weight: 6,
      run: () =>
        on(
          target((job) => (job.paymentStatus === 'escrowed' || job.paymentStatus === 'disputed') && hasMilestone('pending')(job)),
          (job) => {
            const milestone = milestoneIn(job, 'pending');
            if (!milestone) return Promise.resolve();
            return payments.submitMilestone(random.chance(0.03) ? job.employer : job.professional, milestone, {
              notes: 'Done',
              deliverable_urls: [],
            });
          },
        ),
    },
    {
      name: 'approve',
      weight: 6,
      run: () =>
        on(target(hasMilestone('submitted')), async (job) => {
          const milestone = milestoneIn(job, 'submitted');
          if (!milestone) return;
          // Racing approvals of the same milestone (a double click, two tabs): one releases, the rest are refused.
          const racers = random.chance(0.2) ? 2 + random.below(3) : 1;
          const approver = random.chance(0.03) ? job.professional : job.employer;
          const outcomes = await Promise.allSettled(
            Array.from({ length: racers }, () => payments.approveMilestone(approver, milestone, { notes: '' })),
          );
          const failure = outcomes.find((outcome) => outcome.status === 'rejected');
          if (failure?.status === 'rejected' && outcomes.every((outcome) => outcome.status === 'rejected')) throw failure.reason;
          if (failure?.status === 'rejected' && !(failure.reason instanceof AppError)) throw failure.reason;
        }),
    },
    {
      name: 'auto-approve',
      weight: 1,
      run: async () => {
        clock.advance(15 * 86_400_000);
        await payments.runAutoApprovals();
        for (const job of open().filter(hasMilestone('submitted'))) await refresh(job);
      },
    },
    {
      name: 'dispute',
      weight: 1,
      run: () =>
        on(
          target((job) => job.paymentStatus === 'escrowed'),
          (job) => {
            if (!job.paymentId) return Promise.resolve();
            // About one milestone escrow holds (sometimes one it does not hold: refused), or, as the spec's call, all it holds.
            const milestone = random.chance(0.7)
              ? (random.pickIfAny([...job.held.keys()]) ?? random.pickIfAny([...job.milestones.keys()]))
              : undefined;
            return payments.openDispute(random.chance(0.5) ? job.employer : job.professional, job.paymentId, {
              reason: 'Quality',
              description: 'Not as agreed',
              ...(milestone ? { milestone_id: milestone } : {}),
            });
          },
        ),
    },
    {
      name: 'resolve',
      weight: 2,
      run: () =>
        on(
          target((job) => job.paymentStatus === 'disputed'),
          async (job) => {
            if (!job.paymentId) return;
            const held = [...job.inDispute].reduce((sum, id) => sum + Math.round((job.held.get(id) ?? 0) * 100), 0);
            const releaseMinor = random.below(held + 1);
            await payments.resolveDispute(staff, job.paymentId, {
              decision: releaseMinor === held ? 'release' : releaseMinor === 0 ? 'refund' : 'split',
              releaseMinor,
              note: 'Resolved by staff',
              endContract: random.chance(0.25),
            });
          },
        ),
    },
    {
      name: 'payout',
      weight: 3,
      run: async () => {
        const professional = random.pick(professionals);
        const actor: Actor = { id: professional.user.id, role: 'professional' };
        const balance = await app.services.ledger.balanceOf(balanceAccount(actor.id, 'AED'));
        // Racing requests for most of the balance: together they would overdraw, so some are refused.
        const racers = random.chance(0.3) ? 2 + random.below(4) : 1;
        const outcomes = await Promise.allSettled(
          Array.from({ length: racers }, () =>
            payouts.requestPayout(actor, {
              amount: Math.max(1, Math.floor(balance * (0.3 + random.next() * 0.9))) / 100,
              currency: 'AED',
              payout_method_id: methodOf.get(actor.id)!,
            }),
          ),
        );
        const failure = outcomes.find((outcome) => outcome.status === 'rejected' && !(outcome.reason instanceof AppError));
        if (failure?.status === 'rejected') throw failure.reason;
      },
    },
  ];
  const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
  const choose = () => {
    let roll = random.below(totalWeight);
    for (const action of actions) {
      roll -= action.weight;
      if (roll < 0) return action;
    }
    return actions[0]!;
  };

  for (let index = 0; index < targetJobs / 2; index += 1) await hire();
  const fullCheckEvery = options.fullCheckEvery ?? 1_000;
  for (let step = 1; step <= options.steps; step += 1) {
    // Each step happens a second later, so the check over "what changed since" sees exactly this step.
    clock.advance(1_000);
    const since = clock.now();
    const action = choose();
    try {
      await action.run();
      report.accepted[action.name] = (report.accepted[action.name] ?? 0) + 1;
    } catch (error) {
      // A refusal is the service saying no in words (or a stale signature refused); anything else is a defect.
      const isRefusal = (error instanceof AppError && !UNEXPECTED.includes(error.code)) || error instanceof WebhookRefused;
      if (!isRefusal) {
        report.faults.push({ step, action: action.name, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        break;
      }
    }
    report.counts[action.name] = (report.counts[action.name] ?? 0) + 1;
    report.steps = step;
    const checkStarted = performance.now();
    const violations = await checkLedgerInvariants(db, step % fullCheckEvery === 0 ? {} : { since });
    report.checkSeconds += (performance.now() - checkStarted) / 1000;
    if (violations.length > 0) {
      report.violations.push(...violations.map((violation) => ({ ...violation, step, action: action.name })));
      break;
    }
  }
  const final = await checkLedgerInvariants(db);
  report.violations.push(...final.map((violation) => ({ ...violation, step: report.steps, action: 'final check' })));
  return report;
}
