import { jobMessages } from '@mihna/shared';
import { defineAccess } from '../../lib/access.ts';
import type { JobsRepository } from './jobs.repository.ts';

/** What can be done to a project, and who may (lib/access.ts): the owner changes it, employers post. */
export function createJobsAccess(repository: Pick<JobsRepository, 'ownerGrants'>) {
  const owner = {
    refusal: jobMessages.onlyOwnerChanges,
    notFound: jobMessages.notFound,
    grants: (actor: { id: string }, ids: readonly string[]) => repository.ownerGrants(actor.id, ids),
  };
  return defineAccess({
    'job.create': { role: 'employer', refusal: jobMessages.onlyEmployers },
    'job.update': owner,
    'job.close': owner,
    'job.reopen': owner,
  });
}

export type JobAction = Parameters<ReturnType<typeof createJobsAccess>['require']>[1];
