import {
  type CurrencyCode,
  type expressInterestSchema,
  type invitationInputSchema,
  jobMessages,
  type JobProposalsResponse,
  loginMessages,
  type MyProposalsResponse,
  type NotificationKind,
  type proposalInputSchema,
  proposalMessages,
  type ProposalStage,
  type ReceivedProposalsResponse,
  type settableProposalStages,
  subjectLinks,
} from '@mihna/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { requireAmount } from '../../lib/money-input.ts';
import { type ContractsRepository, pairKey } from '../contracts/index.ts';
import { anonymousViewer, isTakingProposals, type JobCardRow, type JobState, type JobStateService, type Viewer } from '../jobs/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { ModerationService } from '../moderation/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { partyName } from '../profiles/index.ts';
import { createProposalsAccess } from './proposals.access.ts';
import {
  readableNote,
  toInterestDetails,
  toOwnProposal,
  toProposal,
  toWorker,
  type ProposalView,
  type Reader,
} from './proposal-response.ts';
import type { IdentityLookup } from '../identity/index.ts';
import { createProposalsRepository, type Person, type ProposalRow } from './proposals.repository.ts';

export type ProposalSubmission = z.output<typeof proposalInputSchema>;
export type InterestSubmission = z.output<typeof expressInterestSchema>;
export type InvitationSubmission = z.output<typeof invitationInputSchema>;

const fullName = (person: Pick<Person, 'firstName' | 'lastName'>) => `${person.firstName} ${person.lastName}`;
const projectLink = (jobId: string) => `/projects/${jobId}`;

/**
 * What a professional chose along with Express Interest, as notification params (only what was given),
 * its free text as the employer may read it: a notification, once sent, is not rewritten at funding.
 */
function interestParams(input: InterestSubmission, message: string | undefined, job: JobState, reader: Reader): Record<string, string> {
  const params: Record<string, string> = {};
  if (message) params.note = readableNote(message, reader);
  if (input.proposed_rate !== undefined)
    Object.assign(params, { proposed_rate: String(input.proposed_rate), currency: job.currency, job_type: job.jobType });
  if (input.availability_start) params.availability_start = input.availability_start;
  if (input.estimated_duration) params.estimated_duration = readableNote(input.estimated_duration, reader);
  return params;
}

function requireJob(job: JobState | undefined): JobState {
  if (!job) throw new AppError('not_found', jobMessages.notFound);
  return job;
}

function requireOpenJob(job: JobState | undefined): JobState {
  const found = requireJob(job);
  if (!isTakingProposals(found)) throw new AppError('conflict', jobMessages.notOpen);
  return found;
}

// Cash changes hands in person, so a cash project is open only to professionals of its own emirate.
const canTakeCashJob = (worker: Person, job: JobState) =>
  job.region !== null && worker.emirate === job.region && worker.country === job.country;

export function createProposalsService(dependencies: {
  db: Db;
  moderation: ModerationService;
  notifications: NotificationsService;
  jobState: JobStateService;
  contracts: ContractsRepository;
  /** Who verified their national identity (the identity module's lookup): the badge beside a professional's name. */
  identity: Pick<IdentityLookup, 'badgesOf'>;
  clock: () => Date;
}) {
  const { db, moderation, notifications, jobState, contracts, identity, clock } = dependencies;
  const repository = createProposalsRepository(db);
  const access = createProposalsAccess(repository);

  /**
   * How an employer reads what each of these professionals sent them: contact details only from those
   * they have a funded contract with (decision 42). One query for a whole list.
   */
  async function readersFor(employerId: string, professionalIds: string[], executor: Db = db) {
    const unique = [...new Set(professionalIds)];
    const [funded, badgeOf] = await Promise.all([
      contracts.fundedPairs(
        unique.map((professionalId) => ({ employerId, professionalId })),
        executor,
      ),
      identity.badgesOf(unique, executor),
    ]);
    return (professionalId: string): ProposalView => ({
      reader: funded.has(pairKey(employerId, professionalId)) ? 'other-funded' : 'other',
      identity: badgeOf(professionalId),
    });
  }

  /** The actor's name and place, for notifications and the cash rule. */
  async function personOf(actor: Actor, executor: Db = db): Promise<Person> {
    const person = await repository.findPerson(actor.id, executor);
    if (!person) throw new AppError('unauthorized', loginMessages.notAuthenticated);
    return person;
  }

  /** A proposal the access rule has found (proposals are withdrawn, never deleted). */
  async function requireProposal(id: string): Promise<ProposalRow> {
    const proposal = await repository.findProposal(id);
    if (!proposal) throw new AppError('not_found', proposalMessages.proposalNotFound);
    return proposal;
  }

  async function jobOf(proposal: ProposalRow): Promise<JobState> {
    const job = await jobState.findJob(proposal.jobId);
    if (!job) throw new Error(`proposal ${proposal.id} has no job`);
    return job;
  }

  async function workerOf(proposal: ProposalRow, executor: Tx): Promise<Person> {
    const worker = await repository.findPerson(proposal.workerId, executor);
    if (!worker) throw new Error(`proposal ${proposal.id} has no worker`);
    return worker;
  }

  /** Tells one proposal's author, in the bell and by e-mail, what the employer decided on it. */
  const tellWorker = (worker: Person, kind: NotificationKind, job: { id: string; title: string }, employerName: string, tx: Tx) =>
    notifications.notify(
      {
        userId: worker.id,
        kind,
        link: projectLink(job.id),
        params: { employer_name: employerName, job_title: job.title, job_id: job.id },
        email: worker.email,
      },
      tx,
    );

  /** Tells proposals' authors what the employer did with the job (not selected, closed, reopened). */
  async function tellAuthors(
    authors: { workerId: string }[],
    job: { id: string; title: string },
    kind: NotificationKind,
    employerName: string,
    executor: Tx,
  ) {
    for (const { workerId } of authors) {
      await notifications.notify(
        {
          userId: workerId,
          kind,
          link: projectLink(job.id),
          params: { employer_name: employerName, job_title: job.title, job_id: job.id },
        },
        executor,
      );
    }
  }

  /** The invitation's note as the invited professional reads it: contact details only once a contract with the employer is funded. */
  async function invitationOf(job: Pick<JobCardRow, 'employerId'>, user: Actor, invitation: { message: string | null; createdAt: Date }) {
    const { message } = invitation;
    const pair = { employerId: job.employerId, professionalId: user.id };
    const isFunded = message !== null && (await contracts.fundedPairs([pair])).size > 0;
    const shown = message === null ? null : readableNote(message, isFunded ? 'other-funded' : 'other');
    return { message: shown, is_masked: shown !== message, created_at: invitation.createdAt.toISOString() };
  }

  return {
    /** Who the viewer is to the job: their proposal and interest (as they sent them), and the invitation they were sent. */
    async viewerOf(job: Pick<JobCardRow, 'id' | 'jobType' | 'employerId'>, user: Actor | undefined): Promise<Viewer> {
      if (!user) return anonymousViewer(undefined);
      const records = await repository.viewerRecords(job.id, user.id);
      return {
        user,
        proposal: records.proposal ? toOwnProposal(records.proposal, job.jobType) : null,
        interest: records.interest ? toInterestDetails(records.interest, job.jobType, 'author') : null,
        invitation: records.invitation ? await invitationOf(job, user, records.invitation) : null,
      };
    },

    /** A professional proposes on an open job; the job is locked so the proposal and an acceptance happen in turn. */
    async submitProposal(actor: Actor, input: ProposalSubmission) {
      await access.require(actor, 'proposal.create');
      const proposal = await transaction(db, async (tx) => {
        const job = requireOpenJob(await jobState.lockJob(input.job_id, tx));
        const author = await personOf(actor, tx);
        if (job.paymentMethod === 'cash' && !canTakeCashJob(author, job)) {
          throw new AppError('forbidden', job.country === 'AE' ? proposalMessages.cashSameEmirate : proposalMessages.cashSameRegion);
        }
        const moderated = moderation.moderateFields({ proposal_text: input.proposal_text });
        const row = await repository.insertProposal(
          {
            jobId: job.id,
            workerId: actor.id,
            proposalText: moderated.values.proposal_text ?? input.proposal_text,
            proposedAmountMinor: requireAmount(input.proposed_rate, job.currency as CurrencyCode, 'proposed_rate').minor,
            currency: job.currency,
            estimatedHours: input.estimated_hours,
            createdAt: clock(),
          },
          tx,
        );
        if (!row) throw new AppError('conflict', proposalMessages.duplicateProposal);
        await jobState.changeProposalCount(job.id, 1, tx);
        await notifications.notify(
          {
            userId: job.employerId,
            kind: 'proposal_received',
            link: subjectLinks.proposal(job.id, row.id),
            params: { worker_name: fullName(author), job_title: job.title, job_id: job.id },
          },
          tx,
        );
        const badgeOf = await identity.badgesOf([author.id], tx);
        return {
          proposal: toProposal(row, job.jobType, author, { reader: 'author', identity: badgeOf(author.id) }),
          moderation_messages: moderated.messages,
        };
      });
      void notifications.dispatchSoon();
      return { ...proposal, message: proposalMessages.submitted };
    },

    /** Only the job's owner reads its proposals, and the interests professionals expressed in it. */
    async listProposals(actor: Actor, jobId: string): Promise<JobProposalsResponse> {
      await access.require(actor, 'proposal.list', jobId);
      const job = requireJob(await jobState.findJob(jobId));
      const [proposals, interests] = await Promise.all([repository.listProposalsForJob(job.id), repository.listInterestsForJob(job.id)]);
      const readerOf = await readersFor(
        job.employerId,
        [...proposals, ...interests].map(({ worker }) => worker.id),
      );
      return {
        proposals: proposals.map(({ proposal, worker }) => toProposal(proposal, job.jobType, worker, readerOf(worker.id))),
        interests: interests.map(({ interest, worker }) => ({
          id: interest.id,
          ...toInterestDetails(interest, job.jobType, readerOf(worker.id).reader),
          worker: toWorker(worker, readerOf(worker.id).identity),
        })),
      };
    },

    /** The professional's own proposals, newest first, each with its project. */
    async listMyProposals(actor: Actor, page: { skip: number; limit: number }): Promise<MyProposalsResponse> {
      const { rows, total } = await repository.listWorkerProposals(actor.id, page);
      return {
        proposals: rows.map(({ proposal, job: { jobType, employerId, ...job }, employer }) => ({
          ...toOwnProposal(proposal, jobType),
          job: { ...job, employer_id: employerId, employer_name: partyName({ role: 'employer', ...employer }) },
        })),
        total,
        has_next: page.skip + rows.length < total,
      };
    },

    /** The author takes back a pending proposal; the project's count drops, and they may propose again. */
    async withdrawProposal(actor: Actor, proposalId: string) {
      await access.require(actor, 'proposal.withdraw', proposalId);
      const proposal = await requireProposal(proposalId);
      const withdrawn = await transaction(db, async (tx) => {
        // The job's lock orders this against an acceptance of the same proposal.
        const job = await jobState.lockJob(proposal.jobId, tx);
        if (!job) throw new AppError('not_found', jobMessages.notFound);
        const row = await repository.withdrawProposal(proposal.id, tx);
        if (!row) throw new AppError('conflict', proposalMessages.notWithdrawable);
        await jobState.changeProposalCount(proposal.jobId, -1, tx);
        return toOwnProposal(row, job.jobType);
      });
      return { proposal: withdrawn, message: proposalMessages.withdrawn };
    },

    /** Withdraws every pending proposal of a worker (their account is being deleted), in the caller's transaction. */
    async withdrawAllOf(workerId: string, tx: Tx) {
      for (const { jobId } of await repository.withdrawPendingOf(workerId, tx)) await jobState.changeProposalCount(jobId, -1, tx);
    },

    /** Tells the authors of the job's pending proposals what happened to it, in the caller's transaction. */
    async notifyPendingAuthors(job: { id: string; title: string }, kind: NotificationKind, employerName: string, executor: Tx) {
      await tellAuthors(await repository.listPendingAuthors(job.id, executor), job, kind, employerName, executor);
    },

    /**
     * The owner accepts one pending proposal of an open job, which assigns the job. The job's row is
     * locked and its status read again, so of two acceptances racing on one job exactly one wins.
     */
    async acceptProposal(actor: Actor, proposalId: string) {
      await access.require(actor, 'proposal.accept', proposalId);
      const proposal = await requireProposal(proposalId);
      const job = await jobOf(proposal);
      const notAcceptable = () => new AppError('conflict', proposalMessages.notAcceptable);
      if (proposal.status !== 'pending' || !isTakingProposals(job)) throw notAcceptable();

      const accepted = await transaction(db, async (tx) => {
        const locked = await jobState.lockJob(job.id, tx);
        if (!locked || !isTakingProposals(locked)) throw notAcceptable();
        // A suspended, blocked or deleted professional cannot be hired (their row is held while this runs).
        if ((await repository.lockPersonShared(proposal.workerId, tx))?.accountStatus !== 'active') throw notAcceptable();
        const now = clock();
        const row = await repository.acceptProposal(proposal.id, now, tx);
        if (!row) throw notAcceptable();
        await jobState.setJobStatus(job.id, 'assigned', now, tx);
        await contracts.insertContract(
          {
            jobId: job.id,
            proposalId: row.id,
            employerId: locked.employerId,
            professionalId: row.workerId,
            jobType: locked.jobType,
            paymentMethod: locked.paymentMethod,
            agreedAmountMinor: row.proposedAmountMinor,
            currency: row.currency,
            createdAt: now,
          },
          tx,
        );
        const employer = await personOf(actor, tx);
        const declined = await repository.declineOtherProposals(job.id, row.id, tx);
        await tellAuthors(declined, { id: job.id, title: locked.title }, 'proposal_not_selected', partyName(employer), tx);
        const worker = await workerOf(row, tx);
        await tellWorker(worker, 'proposal_accepted', { id: job.id, title: locked.title }, partyName(employer), tx);
        // Hired is not yet funded: the text stays as the employer read it until the escrow is paid.
        const readerOf = await readersFor(actor.id, [worker.id], tx);
        return toProposal(row, locked.jobType, worker, readerOf(worker.id));
      });
      void notifications.dispatchSoon();
      return { proposal: accepted, job_status: 'assigned' as const, message: proposalMessages.accepted };
    },

    /**
     * The owner marks a pending proposal reviewed or shortlisted (or back to pending), or declines it,
     * which tells its author. Under the job's lock, as accepting and withdrawing are.
     */
    async markProposal(actor: Actor, proposalId: string, stage: (typeof settableProposalStages)[number]) {
      await access.require(actor, 'proposal.mark', proposalId);
      const proposal = await requireProposal(proposalId);
      const job = await jobOf(proposal);
      const marked = await transaction(db, async (tx) => {
        const locked = await jobState.lockJob(job.id, tx);
        if (!locked) throw new AppError('not_found', jobMessages.notFound);
        const row = await repository.markProposal(
          proposal.id,
          stage === 'rejected' ? { status: 'not_selected' } : { reviewStage: stage === 'pending' ? null : stage },
          tx,
        );
        if (!row) throw new AppError('conflict', proposalMessages.notMarkable);
        const worker = await workerOf(row, tx);
        if (stage === 'rejected')
          await tellWorker(worker, 'proposal_declined', { id: job.id, title: locked.title }, partyName(await personOf(actor, tx)), tx);
        const readerOf = await readersFor(actor.id, [worker.id], tx);
        return toProposal(row, locked.jobType, worker, readerOf(worker.id));
      });
      if (stage === 'rejected') void notifications.dispatchSoon();
      return { proposal: marked, message: proposalMessages.marked };
    },

    /** The proposals on all of an employer's projects, newest first, of one stage when asked (§2 Applications). */
    async listReceivedProposals(
      actor: Actor,
      page: { skip: number; limit: number; stage?: ProposalStage },
    ): Promise<ReceivedProposalsResponse> {
      await access.require(actor, 'proposal.listReceived');
      const { rows, total } = await repository.listReceivedProposals(actor.id, page);
      const readerOf = await readersFor(
        actor.id,
        rows.map(({ worker }) => worker.id),
      );
      return {
        proposals: rows.map(({ proposal, worker, job: { jobType, ...job } }) => ({
          ...toProposal(proposal, jobType, worker, readerOf(worker.id)),
          job,
        })),
        total,
        has_next: page.skip + rows.length < total,
      };
    },

    /** A professional tells the owner of an open job they are interested, once per job. */
    async expressInterest(actor: Actor, jobId: string, input: InterestSubmission) {
      await access.require(actor, 'interest.create');
      if (!isRowId(jobId)) throw new AppError('not_found', jobMessages.notFound);

      const moderationMessages = await transaction(db, async (tx) => {
        const job = requireOpenJob(await jobState.lockJob(jobId, tx));
        const author = await personOf(actor, tx);
        const rate =
          input.proposed_rate === undefined ? null : requireAmount(input.proposed_rate, job.currency as CurrencyCode, 'proposed_rate');
        const moderated = moderation.moderateFields({ message: input.message });
        const interestId = await repository.insertInterest(
          {
            jobId: job.id,
            workerId: actor.id,
            message: moderated.values.message ?? input.message ?? null,
            proposedAmountMinor: rate?.minor ?? null,
            currency: job.currency,
            availabilityStart: input.availability_start ?? null,
            estimatedDuration: input.estimated_duration ?? null,
            createdAt: clock(),
          },
          tx,
        );
        if (!interestId) throw new AppError('conflict', proposalMessages.duplicateInterest);
        const readerOf = await readersFor(job.employerId, [actor.id], tx);
        await notifications.notify(
          {
            userId: job.employerId,
            kind: 'interest_received',
            link: subjectLinks.interest(job.id, interestId),
            params: {
              worker_name: fullName(author),
              job_title: job.title,
              job_id: job.id,
              ...interestParams(input, moderated.values.message ?? input.message, job, readerOf(actor.id).reader),
            },
          },
          tx,
        );
        return moderated.messages;
      });
      void notifications.dispatchSoon();
      return { success: true as const, message: proposalMessages.interestExpressed, moderation_messages: moderationMessages };
    },

    /** An employer invites an active professional to one of their own open jobs; the professional is also e-mailed. */
    async inviteProfessional(actor: Actor, jobId: string, input: InvitationSubmission) {
      await access.require(actor, 'invitation.create', jobId);

      const moderationMessages = await transaction(db, async (tx) => {
        const job = requireJob(await jobState.lockJob(jobId, tx));
        if (!isTakingProposals(job)) throw new AppError('forbidden', proposalMessages.inviteOwnOpenJob);
        const professional = await repository.findPerson(input.professional_id, tx);
        if (professional?.role !== 'professional' || professional.accountStatus !== 'active') {
          throw new AppError('not_found', proposalMessages.notAProfessional);
        }
        const moderated = moderation.moderateFields({ message: input.message });
        const isNew = await repository.insertInvitation(
          {
            jobId: job.id,
            professionalId: professional.id,
            message: moderated.values.message ?? input.message ?? null,
            createdAt: clock(),
          },
          tx,
        );
        if (!isNew) throw new AppError('conflict', proposalMessages.duplicateInvitation);
        const note = moderated.values.message ?? input.message;
        const readerOf = await readersFor(actor.id, [professional.id], tx);
        await notifications.notify(
          {
            userId: professional.id,
            kind: 'job_invitation',
            link: projectLink(job.id),
            params: {
              employer_name: partyName(await personOf(actor, tx)),
              job_title: job.title,
              job_id: job.id,
              ...(note ? { note: readableNote(note, readerOf(professional.id).reader) } : {}),
            },
            email: professional.email,
          },
          tx,
        );
        return moderated.messages;
      });
      void notifications.dispatchSoon();
      return { success: true as const, message: proposalMessages.invited, moderation_messages: moderationMessages };
    },
  };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
