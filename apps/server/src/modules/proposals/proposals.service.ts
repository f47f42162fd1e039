import {
  jobMessages,
  proposalMessages,
  type expressInterestSchema,
  type invitationInputSchema,
  type JobProposalsResponse,
  type MyProposalsResponse,
  type NotificationKind,
  type proposalInputSchema,
} from '@mihna/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { partyName } from '../profiles/public-user.ts';
import { toInterestDetails, toOwnProposal, toProposal, toWorker } from './proposal-response.ts';
import { createProposalsRepository, type Person, type ProposalJob } from './proposals.repository.ts';

export type ProposalSubmission = z.output<typeof proposalInputSchema>;
export type InterestSubmission = z.output<typeof expressInterestSchema>;
export type InvitationSubmission = z.output<typeof invitationInputSchema>;

const fullName = (person: Pick<Person, 'firstName' | 'lastName'>) => `${person.firstName} ${person.lastName}`;
const projectLink = (jobId: string) => `/projects/${jobId}`;

/** What a professional chose along with Express Interest, as notification params (only what was given). */
function interestParams(input: InterestSubmission, message: string | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  if (message) params.note = message;
  if (input.proposed_rate !== undefined) params.proposed_rate = String(input.proposed_rate);
  if (input.availability_start) params.availability_start = input.availability_start;
  if (input.estimated_duration) params.estimated_duration = input.estimated_duration;
  return params;
}

function requireJob(job: ProposalJob | undefined): ProposalJob {
  if (!job) throw new AppError('not_found', jobMessages.notFound);
  return job;
}

function requireOpenJob(job: ProposalJob | undefined): ProposalJob {
  const found = requireJob(job);
  if (found.status !== 'open') throw new AppError('conflict', jobMessages.notOpen);
  return found;
}

// Cash changes hands in person, so a cash project is open only to professionals of its own emirate.
const canTakeCashJob = (worker: UserRow, job: ProposalJob) =>
  job.region !== null && worker.emirate === job.region && worker.country === job.country;

export function createProposalsService(dependencies: {
  db: Db;
  moderation: ModerationService;
  notifications: NotificationsService;
  clock: () => Date;
}) {
  const { db, moderation, notifications, clock } = dependencies;
  const repository = createProposalsRepository(db);

  /** Tells proposals' authors what the employer did with the job (not selected, closed, reopened). */
  async function tellAuthors(
    authors: { workerId: string }[],
    job: { id: string; title: string },
    kind: NotificationKind,
    employerName: string,
    executor: Db,
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

  return {
    /** A professional proposes on an open job; the job is locked so the proposal and an acceptance happen in turn. */
    async submitProposal(actor: UserRow, input: ProposalSubmission) {
      if (actor.role !== 'professional') throw new AppError('forbidden', proposalMessages.onlyProfessionals);
      const proposal = await db.transaction(async (tx) => {
        const job = requireOpenJob(await repository.lockJob(input.job_id, tx));
        if (job.paymentMethod === 'cash' && !canTakeCashJob(actor, job)) {
          throw new AppError('forbidden', job.country === 'AE' ? proposalMessages.cashSameEmirate : proposalMessages.cashSameRegion);
        }
        const moderated = moderation.moderateFields({ proposal_text: input.proposal_text });
        const row = await repository.insertProposal(
          {
            jobId: job.id,
            workerId: actor.id,
            proposalText: moderated.values.proposal_text ?? input.proposal_text,
            proposedRateCents: Math.round(input.proposed_rate * 100),
            estimatedHours: input.estimated_hours,
            createdAt: clock(),
          },
          tx,
        );
        if (!row) throw new AppError('conflict', proposalMessages.duplicateProposal);
        await repository.changeProposalCount(job.id, 1, tx);
        await notifications.notify(
          {
            userId: job.employerId,
            kind: 'proposal_received',
            link: projectLink(job.id),
            params: { worker_name: fullName(actor), job_title: job.title, job_id: job.id },
          },
          tx,
        );
        return { proposal: toProposal(row, actor), moderation_messages: moderated.messages };
      });
      void notifications.dispatchSoon();
      return { ...proposal, message: proposalMessages.submitted };
    },

    /** Only the job's owner reads its proposals, and the interests professionals expressed in it. */
    async listProposals(actor: UserRow, jobId: string): Promise<JobProposalsResponse> {
      const job = requireJob(isRowId(jobId) ? await repository.findJob(jobId) : undefined);
      if (job.employerId !== actor.id) throw new AppError('forbidden', proposalMessages.onlyOwnerViews);
      const [proposals, interests] = await Promise.all([repository.listProposalsForJob(job.id), repository.listInterestsForJob(job.id)]);
      return {
        proposals: proposals.map(({ proposal, worker }) => toProposal(proposal, worker)),
        interests: interests.map(({ interest, worker }) => ({ id: interest.id, ...toInterestDetails(interest), worker: toWorker(worker) })),
      };
    },

    /** The professional's own proposals, newest first, each with its project. */
    async listMyProposals(actor: UserRow, page: { skip: number; limit: number }): Promise<MyProposalsResponse> {
      const { rows, total } = await repository.listWorkerProposals(actor.id, page);
      return {
        proposals: rows.map(({ proposal, job, employer }) => ({
          ...toOwnProposal(proposal),
          job: { ...job, employer_name: partyName({ role: 'employer', ...employer }) },
        })),
        total,
        has_next: page.skip + rows.length < total,
      };
    },

    /** The author takes back a pending proposal; the project's count drops, and they may propose again. */
    async withdrawProposal(actor: UserRow, proposalId: string) {
      const proposal = isRowId(proposalId) ? await repository.findProposal(proposalId) : undefined;
      if (!proposal) throw new AppError('not_found', proposalMessages.proposalNotFound);
      if (proposal.workerId !== actor.id) throw new AppError('forbidden', proposalMessages.onlyAuthorWithdraws);
      const withdrawn = await db.transaction(async (tx) => {
        // The job's lock orders this against an acceptance of the same proposal.
        await repository.lockJob(proposal.jobId, tx);
        const row = await repository.withdrawProposal(proposal.id, tx);
        if (!row) throw new AppError('conflict', proposalMessages.notWithdrawable);
        await repository.changeProposalCount(proposal.jobId, -1, tx);
        return row;
      });
      return { proposal: toOwnProposal(withdrawn), message: proposalMessages.withdrawn };
    },

    /** Tells the authors of the job's pending proposals what happened to it, in the caller's transaction. */
    async notifyPendingAuthors(job: { id: string; title: string }, kind: NotificationKind, employerName: string, executor: Db) {
      await tellAuthors(await repository.listPendingAuthors(job.id, executor), job, kind, employerName, executor);
    },

    /**
     * The owner accepts one pending proposal of an open job, which assigns the job. The job's row is
     * locked and its status read again, so of two acceptances racing on one job exactly one wins.
     */
    async acceptProposal(actor: UserRow, proposalId: string) {
      const proposal = isRowId(proposalId) ? await repository.findProposal(proposalId) : undefined;
      if (!proposal) throw new AppError('not_found', proposalMessages.proposalNotFound);
      const job = await repository.findJob(proposal.jobId);
      if (job?.employerId !== actor.id) throw new AppError('forbidden', proposalMessages.onlyOwnerAccepts);
      const notAcceptable = () => new AppError('conflict', proposalMessages.notAcceptable);
      if (proposal.status !== 'pending' || job.status !== 'open') throw notAcceptable();

      const accepted = await db.transaction(async (tx) => {
        const locked = await repository.lockJob(job.id, tx);
        if (locked?.status !== 'open') throw notAcceptable();
        const now = clock();
        const row = await repository.acceptProposal(proposal.id, now, tx);
        if (!row) throw notAcceptable();
        await repository.setJobStatus(job.id, 'assigned', now, tx);
        const declined = await repository.declineOtherProposals(job.id, row.id, tx);
        await tellAuthors(declined, { id: job.id, title: locked.title }, 'proposal_not_selected', partyName(actor), tx);
        const worker = await repository.findPerson(row.workerId, tx);
        if (!worker) throw new Error(`proposal ${row.id} has no worker`);
        await notifications.notify(
          {
            userId: worker.id,
            kind: 'proposal_accepted',
            link: projectLink(job.id),
            params: { employer_name: partyName(actor), job_title: locked.title, job_id: job.id },
            email: worker.email,
          },
          tx,
        );
        return toProposal(row, worker);
      });
      void notifications.dispatchSoon();
      return { proposal: accepted, job_status: 'assigned' as const, message: proposalMessages.accepted };
    },

    /** A professional tells the owner of an open job they are interested, once per job. */
    async expressInterest(actor: UserRow, jobId: string, input: InterestSubmission) {
      if (actor.role !== 'professional') throw new AppError('forbidden', proposalMessages.onlyProfessionalsInterest);
      if (!isRowId(jobId)) throw new AppError('not_found', jobMessages.notFound);

      const moderationMessages = await db.transaction(async (tx) => {
        const job = requireOpenJob(await repository.lockJob(jobId, tx));
        const moderated = moderation.moderateFields({ message: input.message });
        const isNew = await repository.insertInterest(
          {
            jobId: job.id,
            workerId: actor.id,
            message: moderated.values.message ?? input.message ?? null,
            proposedRate: input.proposed_rate ?? null,
            availabilityStart: input.availability_start ?? null,
            estimatedDuration: input.estimated_duration ?? null,
            createdAt: clock(),
          },
          tx,
        );
        if (!isNew) throw new AppError('conflict', proposalMessages.duplicateInterest);
        await notifications.notify(
          {
            userId: job.employerId,
            kind: 'interest_received',
            link: projectLink(job.id),
            params: {
              worker_name: fullName(actor),
              job_title: job.title,
              job_id: job.id,
              ...interestParams(input, moderated.values.message ?? input.message),
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
    async inviteProfessional(actor: UserRow, jobId: string, input: InvitationSubmission) {
      if (actor.role !== 'employer') throw new AppError('forbidden', proposalMessages.onlyEmployersInvite);
      if (!isRowId(jobId)) throw new AppError('not_found', jobMessages.notFound);

      const moderationMessages = await db.transaction(async (tx) => {
        const job = requireJob(await repository.lockJob(jobId, tx));
        if (job.employerId !== actor.id || job.status !== 'open') throw new AppError('forbidden', proposalMessages.inviteOwnOpenJob);
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
        await notifications.notify(
          {
            userId: professional.id,
            kind: 'job_invitation',
            link: projectLink(job.id),
            params: {
              employer_name: partyName(actor),
              job_title: job.title,
              job_id: job.id,
              ...((moderated.values.message ?? input.message) ? { note: moderated.values.message ?? input.message ?? '' } : {}),
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
