import { jobMessages, messagingMessages, proposalMessages, timeMessages } from '@mihna/shared';
import { describe, expect, it } from 'vitest';
import { defineAccess, type Actor } from './access.ts';
import { AppError } from './app-error.ts';

const owner: Actor = { id: '00000000-0000-4000-8000-000000000001', role: 'employer' };
const stranger: Actor = { id: '00000000-0000-4000-8000-000000000002', role: 'employer' };
const worker: Actor = { id: '00000000-0000-4000-8000-000000000003', role: 'professional' };
const jobA = '10000000-0000-4000-8000-00000000000a';
const jobB = '10000000-0000-4000-8000-00000000000b';
const unknown = '10000000-0000-4000-8000-0000000000ff';

/** Two jobs of `owner`'s, and the grants calls made, as a repository would answer them in one query each. */
function jobsAccess() {
  const calls: string[][] = [];
  const employerOf = new Map([
    [jobA, owner.id],
    [jobB, owner.id],
  ]);
  const grants = async (actor: Actor, ids: readonly string[]) => {
    calls.push([...ids]);
    return new Map(ids.flatMap((id) => (employerOf.has(id) ? [[id, employerOf.get(id) === actor.id] as const] : [])));
  };
  const access = defineAccess({
    'job.update': { refusal: jobMessages.onlyOwnerChanges, notFound: jobMessages.notFound, grants },
    'job.create': { role: 'employer', refusal: jobMessages.onlyEmployers },
    'proposal.list': { role: 'employer', refusal: proposalMessages.onlyOwnerViews, notFound: jobMessages.notFound, grants },
    'entry.start': {
      role: 'professional',
      roleRefusal: timeMessages.onlyProfessionals,
      refusal: timeMessages.notYourJob,
      notFound: jobMessages.notFound,
      grants,
    },
    'conversation.read': {
      refusal: messagingMessages.conversationNotFound,
      notFound: messagingMessages.conversationNotFound,
      // Someone else's is left out, so it is not found either.
      grants: async (actor, ids) => new Map([...(await grants(actor, ids))].filter(([, mayRead]) => mayRead)),
    },
    'user.update': { refusal: jobMessages.onlyOwnerChanges, grants: async (actor, ids) => new Map(ids.map((id) => [id, id === actor.id])) },
  });
  return { access, calls };
}

/** What `require` answered: 'allowed', or the error's code and message. */
async function answer(run: Promise<void>) {
  try {
    await run;
    return 'allowed';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.detail };
  }
}

describe('defineAccess', () => {
  it('answers 404 with the rule’s words for an id that is not a row id, without asking the grants', async () => {
    const { access, calls } = jobsAccess();
    expect(await answer(access.require(owner, 'job.update', 'not-a-uuid'))).toEqual({ code: 'not_found', message: jobMessages.notFound });
    expect(await answer(access.require(owner, 'job.update', [jobA, '42']))).toEqual({ code: 'not_found', message: jobMessages.notFound });
    expect(calls).toEqual([]);
  });

  it('answers 404 for an id that names nothing, before 403 for one that is someone else’s', async () => {
    const { access } = jobsAccess();
    expect(await answer(access.require(owner, 'job.update', unknown))).toEqual({ code: 'not_found', message: jobMessages.notFound });
    expect(await answer(access.require(stranger, 'job.update', [jobA, unknown]))).toEqual({
      code: 'not_found',
      message: jobMessages.notFound,
    });
  });

  it('answers 403 with the rule’s refusal when a grant is refused', async () => {
    const { access } = jobsAccess();
    expect(await answer(access.require(stranger, 'job.update', jobA))).toEqual({
      code: 'forbidden',
      message: jobMessages.onlyOwnerChanges,
    });
    expect(await access.allows(stranger, 'job.update', jobA)).toBe(false);
  });

  it('answers 403 for the wrong role, first and without a query, in the role’s own words when it has them', async () => {
    const { access, calls } = jobsAccess();
    expect(await answer(access.require(worker, 'job.create'))).toEqual({ code: 'forbidden', message: jobMessages.onlyEmployers });
    expect(await answer(access.require(worker, 'proposal.list', unknown))).toEqual({
      code: 'forbidden',
      message: proposalMessages.onlyOwnerViews,
    });
    expect(await answer(access.require(owner, 'entry.start', jobA))).toEqual({
      code: 'forbidden',
      message: timeMessages.onlyProfessionals,
    });
    expect(await answer(access.require(worker, 'entry.start', jobA))).toEqual({ code: 'forbidden', message: timeMessages.notYourJob });
    expect(calls).toEqual([[jobA]]);
    expect(await answer(access.require(owner, 'job.create'))).toBe('allowed');
  });

  it('allows the actor every one of several ids they may touch', async () => {
    const { access } = jobsAccess();
    expect(await answer(access.require(owner, 'job.update', [jobA, jobB]))).toBe('allowed');
    expect(await answer(access.require(owner, 'proposal.list', jobB))).toBe('allowed');
    expect(await access.allows(owner, 'job.update', [jobA, jobB])).toBe(true);
    expect(await access.allows(owner, 'job.update', [jobA, unknown])).toBe(false);
  });

  it('asks the grants once for many ids, each id once', async () => {
    const { access, calls } = jobsAccess();
    await access.require(owner, 'job.update', [jobA, jobB, jobA, jobB]);
    expect(calls).toEqual([[jobA, jobB]]);
    await access.require(owner, 'job.update', []);
    expect(calls).toHaveLength(1);
  });

  it('answers 404, not 403, for what the grants leave out to hide it', async () => {
    const { access } = jobsAccess();
    expect(await answer(access.require(stranger, 'conversation.read', jobA))).toEqual({
      code: 'not_found',
      message: messagingMessages.conversationNotFound,
    });
    expect(await answer(access.require(owner, 'conversation.read', jobA))).toBe('allowed');
  });

  it('refuses (403), never 404, an id of a rule without a not-found answer, even one that is not a row id', async () => {
    const { access } = jobsAccess();
    expect(await answer(access.require(owner, 'user.update', owner.id))).toBe('allowed');
    expect(await answer(access.require(owner, 'user.update', stranger.id))).toEqual({
      code: 'forbidden',
      message: jobMessages.onlyOwnerChanges,
    });
    expect(await answer(access.require(owner, 'user.update', 'me'))).toEqual({ code: 'forbidden', message: jobMessages.onlyOwnerChanges });
  });
});
