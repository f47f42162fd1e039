import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Tx } from '../db/transaction.ts';
import { contracts } from '../modules/contracts/contracts.schema.ts';
import { jobs } from '../modules/jobs/jobs.schema.ts';
import { conversations } from '../modules/messaging/messaging.schema.ts';
import { ledgerAccounts, payments } from '../modules/payments/payments.schema.ts';
import { proposals } from '../modules/proposals/proposals.schema.ts';
import { users } from '../modules/users/users.schema.ts';

/**
 * What the seeds read to decide what to add and to whom: reads only, across the modules' tables. Every row
 * the seeds add is written by its own module, through its service or, for the demo's bulk, its repository.
 */

/** Waits for another process seeding at the same moment, until this transaction ends. */
export async function lockSeeding(tx: Tx, key: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** Whether any user has an address at the demo domain, besides these (the two demo accounts). */
export async function hasUserAtDomain(executor: Db, domain: string, besides: string[]) {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      sql`lower(${users.email}) like ${`%@${domain}`} and lower(${users.email}) not in (${sql.join(
        besides.map((email) => sql`${email}`),
        sql`, `,
      )})`,
    )
    .limit(1);
  return row !== undefined;
}

export const usersByEmail = (executor: Db, emails: string[]) => executor.select().from(users).where(inArray(users.email, emails));

/** The phone numbers already registered with these country codes. */
export const phonesWithCodes = (executor: Db, codes: string[]) =>
  executor.select({ code: users.countryCode, number: users.phoneNumber }).from(users).where(inArray(users.countryCode, codes));

export async function conversationCount(db: Db) {
  const [row] = await db.select({ total: count() }).from(conversations);
  return row?.total ?? 0;
}

export async function paymentCount(db: Db) {
  const [row] = await db.select({ total: count() }).from(payments);
  return row?.total ?? 0;
}

/** The first proposal someone else sent to one of the employer's projects. */
export async function firstOtherProposer(db: Db, employerId: string, professionalId: string) {
  const [row] = await db
    .select({ workerId: proposals.workerId, jobId: jobs.id })
    .from(proposals)
    .innerJoin(jobs, eq(jobs.id, proposals.jobId))
    .where(and(eq(jobs.employerId, employerId), ne(proposals.workerId, professionalId)))
    .orderBy(asc(proposals.createdAt))
    .limit(1);
  return row;
}

/** The first project of another employer the professional sent a proposal to. */
export async function firstOtherEmployer(db: Db, professionalId: string, employerId: string) {
  const [row] = await db
    .select({ employerId: jobs.employerId, jobId: jobs.id })
    .from(proposals)
    .innerJoin(jobs, eq(jobs.id, proposals.jobId))
    .where(and(eq(proposals.workerId, professionalId), ne(jobs.employerId, employerId)))
    .orderBy(asc(proposals.createdAt))
    .limit(1);
  return row;
}

/** A project of the employer's the professional sent a proposal to. */
export async function projectBetween(db: Db, professionalId: string, employerId: string) {
  const [row] = await db
    .select({ jobId: jobs.id })
    .from(proposals)
    .innerJoin(jobs, eq(jobs.id, proposals.jobId))
    .where(and(eq(proposals.workerId, professionalId), eq(jobs.employerId, employerId)))
    .limit(1);
  return row;
}

/** Every active contract, oldest first, with its project and its employer's role. */
export const activeHires = (db: Db) =>
  db
    .select({ contract: contracts, job: { title: jobs.title, budgetMaxMinor: jobs.budgetMaxMinor }, employerRole: users.role })
    .from(contracts)
    .innerJoin(jobs, eq(jobs.id, contracts.jobId))
    .innerJoin(users, eq(users.id, contracts.employerId))
    .where(eq(contracts.status, 'active'))
    .orderBy(asc(contracts.createdAt));

/** The professionals with the largest balances. */
export const topEarners = (db: Db, limit: number) =>
  db
    .select({ id: ledgerAccounts.ownerId, currency: ledgerAccounts.currency, balance: ledgerAccounts.balanceMinor, user: users })
    .from(ledgerAccounts)
    .innerJoin(users, eq(users.id, ledgerAccounts.ownerId))
    .where(and(eq(ledgerAccounts.kind, 'professional_balance'), gt(ledgerAccounts.balanceMinor, 0)))
    .orderBy(desc(ledgerAccounts.balanceMinor))
    .limit(limit);
