import {
  type ActiveEntry,
  decimalOf,
  gulfWeekOf,
  gulfWeekStartInstant,
  isRecordableInstant,
  type manualEntrySchema,
  MAX_ENTRY_SECONDS,
  messages,
  paymentMessages,
  type TimeEntry,
  timeMessages,
  type timerStartSchema,
  type timerStopSchema,
} from '@mihna/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { ContractRow, ContractsRepository } from '../contracts/index.ts';
import { amountFor, endingAt } from './entry-ending.ts';
import { createTimeAccess } from './time.access.ts';
import type { TimeEntryRow, TimeEntryWithJob, TimeRepository } from './time.repository.ts';

const PAGE = 50;

const toActive = (row: TimeEntryWithJob): ActiveEntry => ({
  id: row.id,
  job_id: row.jobId,
  description: row.description,
  start_time: row.startedAt.toISOString(),
  job_title: row.jobTitle,
});

export const toTimeEntry = (row: TimeEntryWithJob): TimeEntry => ({
  ...toActive(row),
  end_time: row.endedAt?.toISOString() ?? null,
  seconds: row.seconds,
  hourly_rate: decimalOf(row.rateMinor, row.currency),
  amount: row.amountMinor === null ? null : decimalOf(row.amountMinor, row.currency),
  currency: row.currency,
  source: row.source,
  manual_reason: row.manualReason,
  capped: row.capped,
  review_status: row.reviewStatus,
  review_note: row.reviewNote,
});

/**
 * Time on hourly contracts: the professional's timer (one running at a time, cut off after
 * MAX_ENTRY_SECONDS), entries typed in afterwards with a reason, and the entries both parties see.
 * Every entry carries the contract's hourly rate and what its seconds come to.
 */
export function createTimeService(dependencies: { db: Db; repository: TimeRepository; contracts: ContractsRepository; clock: () => Date }) {
  const { db, repository, contracts, clock } = dependencies;
  const access = createTimeAccess(repository);

  /** The contract of a job the access rule found the actor hired for: by the hour, and still worked on. */
  async function trackableContract(jobId: string): Promise<ContractRow> {
    const contract = await contractOf(jobId);
    if (contract.jobType !== 'hourly') throw new AppError('conflict', timeMessages.hourlyOnly);
    if (contract.status !== 'active') throw new AppError('conflict', timeMessages.contractEnded);
    return contract;
  }

  /** The contract of a job the access rule found one. */
  async function contractOf(jobId: string): Promise<ContractRow> {
    const contract = await contracts.findContractByJob(jobId);
    if (!contract) throw new AppError('not_found', paymentMessages.jobNotFound);
    return contract;
  }

  const rateOf = (contract: ContractRow) => ({
    contractId: contract.id,
    jobId: contract.jobId,
    professionalId: contract.professionalId,
    rateMinor: contract.agreedAmountMinor,
    currency: contract.currency,
  });

  return {
    /** §7 GET /api/time/worker/active: the caller's running timer; one past its limit is ended first. */
    async activeEntry(actor: Actor): Promise<{ active_entry: ActiveEntry | null }> {
      await repository.capOverrunning(clock(), actor.id);
      const running = await repository.findRunning(actor.id);
      return { active_entry: running ? toActive(running) : null };
    },

    async start(actor: Actor, input: z.output<typeof timerStartSchema>) {
      await access.require(actor, 'entry.start', input.job_id);
      const contract = await trackableContract(input.job_id);
      // Under the professional's lock, as time typed in is: neither can slip past the other's overlap check.
      const row = await transaction(db, async (tx) => {
        await repository.lockProfessional(actor.id, tx);
        const now = clock();
        // A timer forgotten past its limit ends there rather than blocking this one.
        await repository.capOverrunning(now, actor.id, tx);
        return repository.insertRunning({ ...rateOf(contract), description: input.description, startedAt: now, source: 'timer' }, tx);
      });
      if (!row) throw new AppError('conflict', timeMessages.alreadyRunning);
      const started = await repository.findEntry(row.id);
      return { message: timeMessages.started, entry: toActive(started!) };
    },

    async stop(actor: Actor, entryId: string, input: z.output<typeof timerStopSchema>) {
      await access.require(actor, 'entry.stop', entryId);
      const row = await repository.findEntry(entryId);
      if (!row) throw new AppError('not_found', timeMessages.entryNotFound);
      if (row.endedAt !== null) throw new AppError('conflict', timeMessages.alreadyStopped);
      const contract = await contracts.findContract(row.contractId);
      const stopped = await repository.finish(row.id, {
        ...endingAt(row, clock(), contract?.completedAt ?? null),
        description: input.description,
      });
      if (!stopped) throw new AppError('conflict', timeMessages.alreadyStopped);
      return { message: timeMessages.stopped, entry: toTimeEntry(stopped) };
    },

    /** Time worked offline: a past period of at most MAX_ENTRY_SECONDS that overlaps none of the professional's entries. */
    async addManual(actor: Actor, input: z.output<typeof manualEntrySchema>) {
      await access.require(actor, 'entry.add', input.job_id);
      const contract = await trackableContract(input.job_id);
      const now = clock();
      const start = new Date(input.start_time);
      const end = new Date(input.end_time);
      if (end.getTime() <= start.getTime()) throw new AppError('validation_failed', timeMessages.endBeforeStart);
      if (end.getTime() > now.getTime()) throw new AppError('validation_failed', timeMessages.inTheFuture);
      const seconds = Math.floor((end.getTime() - start.getTime()) / 1000);
      if (seconds > MAX_ENTRY_SECONDS) throw new AppError('validation_failed', timeMessages.tooLong);
      if (start.getTime() < contract.createdAt.getTime()) throw new AppError('validation_failed', timeMessages.beforeHire);
      const rate = rateOf(contract);
      const row = await transaction(db, async (tx) => {
        await repository.lockProfessional(actor.id, tx);
        await repository.capOverrunning(now, actor.id, tx);
        if (await repository.overlaps(actor.id, start, end, now, tx)) throw new AppError('conflict', timeMessages.overlaps);
        if (await repository.isWeekReviewed(contract.id, gulfWeekOf(start), tx)) throw new AppError('conflict', timeMessages.weekReviewed);
        return repository.insertManual(
          {
            ...rate,
            description: input.description,
            startedAt: start,
            endedAt: new Date(start.getTime() + seconds * 1000),
            seconds,
            amountMinor: amountFor(rate, seconds),
            source: 'manual',
            manualReason: input.reason,
          },
          tx,
        );
      });
      const entry = await repository.findEntry(row.id);
      return { message: timeMessages.manualAdded, entry: toTimeEntry(entry!) };
    },

    /**
     * Entries newest first: a professional's own (of one job, or all), or one job's for either party
     * of its contract. `before` is the previous page's `next_before` (entryCursor); `week` (a Monday) keeps that Gulf week.
     */
    async listEntries(actor: Actor, query: { job_id?: string; before?: EntryCursor | undefined; week?: string }) {
      await access.require(actor, query.job_id ? 'entry.list' : 'entry.listOwn', query.job_id);
      const { before } = query;
      let scope: { professionalId: string } | { contractId: string };
      let professionalId: string;
      if (query.job_id) {
        const contract = await contractOf(query.job_id);
        scope = { contractId: contract.id };
        professionalId = contract.professionalId;
      } else {
        scope = { professionalId: actor.id };
        professionalId = actor.id;
      }
      // A timer past its limit shows as it will be: ended at the limit.
      await repository.capOverrunning(clock(), professionalId);
      const from = query.week ? gulfWeekStartInstant(query.week) : undefined;
      const within = from && { from, to: new Date(from.getTime() + 7 * 86_400_000) };
      const rows = await repository.list(scope, { before, limit: PAGE + 1, within });
      const page = rows.slice(0, PAGE);
      const last = page.at(-1);
      return {
        entries: page.map(toTimeEntry),
        next_before: rows.length > PAGE && last ? encodeBefore(last) : null,
      };
    },

    /** Ends every timer left running past its limit (the server's periodic work). */
    capOverrunning: () => repository.capOverrunning(clock()),
  };
}

const encodeBefore = (row: TimeEntryRow) => Buffer.from(`${row.startedAt.toISOString()}|${row.id}`).toString('base64url');

/** Where a page of entries begins, after the last of the one before. */
export type EntryCursor = { startedAt: Date; id: string };

/** The `before` of a list of entries, read (422 when it is not one of ours) before anything is looked up. */
export function entryCursor(text: string | undefined): EntryCursor | undefined {
  if (!text) return undefined;
  const [at = '', id = ''] = Buffer.from(text, 'base64url').toString().split('|');
  const startedAt = new Date(at);
  if (Number.isNaN(startedAt.getTime()) || !isRecordableInstant(startedAt) || !isRowId(id))
    throw new AppError('validation_failed', messages.invalidFormat);
  return { startedAt, id };
}

export type TimeService = ReturnType<typeof createTimeService>;
