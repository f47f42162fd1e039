import {
  type CurrencyCode,
  decimalOf,
  gulfWeekOf,
  gulfWeekStartInstant,
  type MilestoneStatus,
  money,
  paymentMessages,
  subjectLinks,
  timeMessages,
  type Timesheet,
  TIMESHEET_AUTO_APPROVE_DAYS,
  type timesheetBillStatuses,
  type timesheetReviewSchema,
  type TimesheetsResponse,
  weekEndOf,
} from '@mihna/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { writeTogether } from '../../db/together.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContractRow, ContractsRepository } from '../contracts/index.ts';
import type { DocumentLanguage, PdfRenderer } from '../documents/index.ts';
import type { JobStateService } from '../jobs/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { amountParams, completionNotices, type HourlyBilling, paymentNotice } from '../payments/index.ts';
import type { PeopleLookup } from '../users/index.ts';
import { partyName } from '../profiles/index.ts';
import { endingAt } from './entry-ending.ts';
import { createTimeAccess } from './time.access.ts';
import { timesheetDocument } from './timesheet-document.ts';
import type { TimeRepository, WeekSummary } from './time.repository.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

type Disputes = z.output<typeof timesheetReviewSchema>['disputes'];

const billStatusOf: Record<MilestoneStatus, (typeof timesheetBillStatuses)[number]> = {
  pending: 'unpaid',
  submitted: 'held',
  approved: 'paid',
  paid_in_cash: 'paid_in_cash',
  rejected: 'refunded',
  refunded: 'refunded',
  split: 'split',
  cancelled: 'cancelled',
};

const hoursText = (seconds: number) => (seconds / 3600).toFixed(2);

/**
 * Weekly timesheets of hourly contracts (decision 30). A week (Monday to Sunday, Gulf time) can be
 * reviewed once it has ended: the employer approves it, disputing any entries with a note, or it is
 * approved for them TIMESHEET_AUTO_APPROVE_DAYS after it ended. Its approved hours become a milestone
 * of the contract's payment that the employer pays and the professional is paid from. Either party
 * ends an hourly contract, which completes the job.
 */
export function createTimesheetsService(dependencies: {
  db: Db;
  repository: TimeRepository;
  contracts: ContractsRepository;
  jobState: JobStateService;
  billing: HourlyBilling;
  people: PeopleLookup;
  notifications: NotificationsService;
  pdf: PdfRenderer;
  clock: () => Date;
}) {
  const { db, repository, contracts, jobState, billing, people, notifications, pdf, clock } = dependencies;
  const access = createTimeAccess(repository);

  /** The contract of a job the access rule found one. */
  async function hourlyContract(jobId: string): Promise<ContractRow> {
    const contract = await contracts.findContractByJob(jobId);
    if (!contract) throw new AppError('not_found', paymentMessages.jobNotFound);
    return contract;
  }

  function toTimesheet(week: WeekSummary, currency: string, now: Date): Timesheet {
    const ends = gulfWeekStartInstant(week.weekStart).getTime() + WEEK;
    const status = week.review ? 'approved' : ends <= now.getTime() ? 'awaiting_review' : 'in_progress';
    return {
      week_start: week.weekStart,
      week_end: weekEndOf(week.weekStart),
      status,
      entries: week.entries,
      seconds: week.seconds,
      amount: decimalOf(week.amountMinor, currency),
      currency,
      approved_seconds: week.approvedSeconds,
      approved_amount: decimalOf(week.approvedAmountMinor, currency),
      disputed_entries: week.disputedEntries,
      disputed_seconds: week.disputedSeconds,
      reviewed_at: week.review?.reviewedAt.toISOString() ?? null,
      approved_automatically: week.review !== null && week.review.reviewedBy === null,
      auto_approve_at: week.review ? null : new Date(ends + TIMESHEET_AUTO_APPROVE_DAYS * DAY).toISOString(),
      bill:
        week.review?.milestoneId && week.billStatus
          ? { milestone_id: week.review.milestoneId, status: billStatusOf[week.billStatus as MilestoneStatus] }
          : null,
    };
  }

  /**
   * Reviews one ended week of a contract under the professional's lock (time typed in takes it too):
   * its entries approved but those disputed, the review recorded, and the approved hours billed.
   */
  async function decideWeek(contract: ContractRow, weekStart: string, by: Actor | 'automatic', disputes: Disputes, now: Date, tx: Tx) {
    const from = gulfWeekStartInstant(weekStart);
    const to = new Date(from.getTime() + WEEK);
    if (to.getTime() > now.getTime()) throw new AppError('conflict', timeMessages.weekNotOver);
    await repository.lockProfessional(contract.professionalId, tx);
    await repository.capOverrunning(now, contract.professionalId, tx);
    if (await repository.isWeekReviewed(contract.id, weekStart, tx)) throw new AppError('conflict', timeMessages.alreadyReviewed);
    const entries = await repository.weekEntries(contract.id, from, to, tx);
    if (entries.length === 0) throw new AppError('not_found', timeMessages.emptyWeek);
    if (entries.some((entry) => entry.endedAt === null)) throw new AppError('conflict', timeMessages.stillRunning);
    const notes = new Map(disputes.map((dispute) => [dispute.entry_id, dispute.note]));
    const inWeek = new Set(entries.map((entry) => entry.id));
    if ([...notes.keys()].some((id) => !inWeek.has(id))) throw new AppError('validation_failed', timeMessages.notInWeek);

    const approved = entries.filter((entry) => !notes.has(entry.id));
    const seconds = approved.reduce((sum, entry) => sum + (entry.seconds ?? 0), 0);
    const amountMinor = approved.reduce((sum, entry) => sum + (entry.amountMinor ?? 0), 0);
    const amount = money(amountMinor, contract.currency as CurrencyCode);
    await repository.setReviews(
      entries.map((entry) => ({
        id: entry.id,
        status: notes.has(entry.id) ? 'disputed' : 'approved',
        note: notes.get(entry.id) ?? null,
      })),
      tx,
    );
    const bill = amountMinor > 0 ? await billing.billHours({ contract, weekStart, seconds, amount, at: now }, tx) : undefined;
    const review = await repository.insertTimesheet(
      {
        contractId: contract.id,
        weekStart,
        reviewedBy: by === 'automatic' ? null : by.id,
        reviewedAt: now,
        approvedSeconds: seconds,
        approvedAmountMinor: amountMinor,
        currency: contract.currency,
        milestoneId: bill?.id ?? null,
      },
      tx,
    );
    if (!review) throw new AppError('conflict', timeMessages.alreadyReviewed);

    const job = await jobState.findJob(contract.jobId, tx);
    if (!job) throw new Error(`contract ${contract.id} has no job`);
    const parties = await people.partiesOf(contract, tx);
    const params = { week: weekStart, hours: hoursText(seconds), ...amountParams(amount) };
    // The notice leads to the week's own timesheet on the payment page.
    const link = subjectLinks.timesheet(job.id, weekStart);
    if (by === 'automatic') {
      for (const party of [parties.employer, parties.professional])
        await notifications.notify({ ...paymentNotice(party, 'timesheet_auto_approved', job, params), link }, tx);
    } else {
      await notifications.notify(
        {
          ...paymentNotice(parties.professional, 'timesheet_reviewed', job, {
            ...params,
            employer_name: partyName(parties.employer),
            disputed_count: String(notes.size),
          }),
          link,
        },
        tx,
      );
    }
  }

  return {
    /** The contract's weeks with time in them, newest first, for either party. */
    async listTimesheets(actor: Actor, jobId: string): Promise<TimesheetsResponse> {
      await access.require(actor, 'timesheet.read', jobId);
      const contract = await hourlyContract(jobId);
      const now = clock();
      await repository.capOverrunning(now, contract.professionalId);
      const weeks = await repository.listWeeks(contract.id);
      return {
        timesheets: weeks.map((week) => toTimesheet(week, contract.currency, now)),
        contract_status: contract.status,
        is_cash: contract.paymentMethod === 'cash',
      };
    },

    /** A week's timesheet as a PDF in English or Arabic, for either party: its entries, totals and approval. */
    async timesheetPdf(actor: Actor, jobId: string, weekStart: string, language: DocumentLanguage) {
      await access.require(actor, 'timesheet.read', jobId);
      const contract = await hourlyContract(jobId);
      const now = clock();
      await repository.capOverrunning(now, contract.professionalId);
      const week = (await repository.listWeeks(contract.id)).find((summary) => summary.weekStart === weekStart);
      if (!week) throw new AppError('not_found', timeMessages.emptyWeek);
      const from = gulfWeekStartInstant(weekStart);
      const [job, parties, entries] = await Promise.all([
        jobState.findJob(contract.jobId),
        people.partiesOf(contract),
        repository.entriesOfWeek(contract.id, from, new Date(from.getTime() + WEEK)),
      ]);
      if (!job) throw new Error(`contract ${contract.id} has no job`);
      const document = timesheetDocument({
        language,
        jobTitle: job.title,
        employerName: partyName(parties.employer),
        professionalName: partyName(parties.professional),
        reviewerName: week.review?.reviewedBy === contract.employerId ? partyName(parties.employer) : null,
        rateMinor: contract.agreedAmountMinor,
        currency: contract.currency,
        sheet: toTimesheet(week, contract.currency, now),
        entries,
        issuedAt: now,
      });
      return {
        pdf: await pdf.render('timesheet', document), // The project in the name too, so two projects' weeks never share one.
        filename: `timesheet-${weekStart}-${contract.jobId.slice(0, 8)}-${language}.pdf`,
      };
    },

    /** The employer approves an ended week, disputing the entries they name, each with a note. */
    async review(actor: Actor, jobId: string, weekStart: string, disputes: Disputes) {
      await access.require(actor, 'timesheet.review', jobId);
      const contract = await hourlyContract(jobId);
      await transaction(db, (tx) => decideWeek(contract, weekStart, actor, disputes, clock(), tx));
      void notifications.dispatchSoon();
      return { message: timeMessages.timesheetApproved };
    },

    /** The employer pays an approved week's hours through the provider's checkout. */
    async pay(actor: Actor, jobId: string, weekStart: string) {
      await access.require(actor, 'timesheet.pay', jobId);
      const contract = await hourlyContract(jobId);
      const review = await repository.findTimesheet(contract.id, weekStart);
      if (!review) throw new AppError('not_found', timeMessages.timesheetNotFound);
      if (!review.milestoneId) throw new AppError('conflict', timeMessages.nothingToPay);
      return billing.payHours(actor, { milestoneId: review.milestoneId, weekStart });
    },

    /**
     * Either party ends an active hourly contract: a timer running on it stops now, the contract and
     * the job complete, and both can review each other. Weeks not yet reviewed still are, as before.
     */
    async endContract(actor: Actor, jobId: string) {
      await access.require(actor, 'contract.end', jobId);
      const contract = await hourlyContract(jobId);
      if (contract.jobType !== 'hourly') throw new AppError('conflict', timeMessages.notEndable);
      await transaction(db, async (tx) => {
        // The professional's lock first, as starting a timer and reviewing a week take it, then the job.
        await repository.lockProfessional(contract.professionalId, tx);
        const job = await jobState.lockJob(contract.jobId, tx);
        const current = await contracts.findContract(contract.id, tx);
        if (!job || current?.status !== 'active') throw new AppError('conflict', timeMessages.notEndable);
        const now = clock();
        const running = await repository.findRunning(contract.professionalId, tx);
        if (running?.contractId === contract.id)
          await repository.finish(running.id, { ...endingAt(running, now, null), description: running.description }, tx);
        await writeTogether(tx, [contracts.completeContractsStatement([contract.id], now), jobState.completeJobsStatement([job.id], now)]);
        await notifications.notifyAll(completionNotices(job, await people.partiesOf(contract, tx)), tx);
      });
      void notifications.dispatchSoon();
      return { message: timeMessages.contractEndedNow };
    },

    /** Approves, for their employers, the weeks that ended TIMESHEET_AUTO_APPROVE_DAYS ago or more without a review. */
    async runAutoApprovals(limit = 100) {
      const now = clock();
      const cutoff = gulfWeekStartInstant(gulfWeekOf(new Date(now.getTime() - TIMESHEET_AUTO_APPROVE_DAYS * DAY)));
      let approved = 0;
      for (const week of await repository.listUnreviewedWeeks(cutoff, limit)) {
        const contract = await contracts.findContract(week.contractId);
        if (!contract) continue;
        try {
          await transaction(db, (tx) => decideWeek(contract, week.weekStart, 'automatic', [], now, tx));
          approved += 1;
        } catch (error) {
          // Reviewed by the employer in the meantime: nothing to do for this one.
          if (!(error instanceof AppError)) throw error;
        }
      }
      if (approved > 0) void notifications.dispatchSoon();
      return { approved };
    },
  };
}

export type TimesheetsService = ReturnType<typeof createTimesheetsService>;
