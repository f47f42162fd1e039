import { paymentMessages, timeMessages } from '@mihna/shared';
import { defineAccess } from '../../lib/access.ts';
import type { TimeRepository } from './time.repository.ts';

/**
 * What can be done with time and timesheets, and who may (lib/access.ts). Most ids are the job's: its
 * contract's parties answer (they never change, so the rules hold outside the transactions, which keep
 * their locks and the contract's status checks). The hired professional tracks time; either party reads
 * it and ends the contract; the employer reviews and pays the weeks.
 */
export function createTimeAccess(repository: Pick<TimeRepository, 'contractGrants' | 'entryGrants'>) {
  const onContract = (side: 'employer' | 'professional' | 'either') => ({
    notFound: paymentMessages.jobNotFound,
    grants: (actor: { id: string }, jobIds: readonly string[]) => repository.contractGrants(actor.id, jobIds, side),
  });
  const tracking = {
    role: 'professional',
    roleRefusal: timeMessages.onlyProfessionals,
    refusal: timeMessages.notYourJob,
    ...onContract('professional'),
  } as const;
  return defineAccess({
    'entry.start': tracking,
    /** Time typed in afterwards, with a reason. */
    'entry.add': tracking,
    'entry.stop': {
      refusal: timeMessages.notYourEntry,
      notFound: timeMessages.entryNotFound,
      grants: (actor, ids) => repository.entryGrants(actor.id, ids),
    },
    /** One job's entries, for either party. */
    'entry.list': { refusal: timeMessages.onlyParties, ...onContract('either') },
    /** The professional's own entries of every job. */
    'entry.listOwn': { role: 'professional', refusal: timeMessages.onlyProfessionals },
    'timesheet.read': { refusal: timeMessages.onlyParties, ...onContract('either') },
    'timesheet.review': { refusal: timeMessages.onlyOwnerReviews, ...onContract('employer') },
    'timesheet.pay': { refusal: timeMessages.onlyOwnerPays, ...onContract('employer') },
    'contract.end': { refusal: timeMessages.onlyPartiesEnd, ...onContract('either') },
  });
}
