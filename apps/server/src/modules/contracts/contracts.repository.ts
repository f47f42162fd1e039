import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { contracts } from './contracts.schema.ts';
import type { Tx } from '../../db/transaction.ts';

export type ContractRow = typeof contracts.$inferSelect;
export type NewContract = typeof contracts.$inferInsert;

/**
 * Whether contact details may pass between the employer and the professional named: a contract
 * between them whose escrow was funded (paid through the platform, whatever happened since), or one
 * paid in cash in person (decisions 40 and 42). Messages, proposals and notes all read it from here.
 */
export const fundedBetween = (employer: SQL, professional: SQL) =>
  sql`exists (select 1 from contracts k left join payments p on p.contract_id = k.id
    where k.employer_id = ${employer} and k.professional_id = ${professional}
      and (k.payment_method = 'cash' or p.status in ('escrowed', 'released', 'disputed', 'refunded')))`;

/** The key of an employer and a professional in the set `fundedPairs` answers. */
export const pairKey = (employerId: string, professionalId: string) => `${employerId}:${professionalId}`;

/** The contracts table's only writer. */
export function createContractsRepository(db: Db) {
  return {
    async insertContract(contract: NewContract, tx: Tx): Promise<ContractRow> {
      const [row] = await tx.insert(contracts).values(contract).returning();
      if (!row) throw new Error('insert returned no contract');
      return row;
    },

    async findContractByJob(jobId: string, executor: Db = db): Promise<ContractRow | undefined> {
      const [row] = await executor.select().from(contracts).where(eq(contracts.jobId, jobId));
      return row;
    },

    async findContract(id: string, executor: Db = db): Promise<ContractRow | undefined> {
      const [row] = await executor.select().from(contracts).where(eq(contracts.id, id));
      return row;
    },

    async setPortfolioSettings(id: string, settings: { showProjectValue: boolean; showEmployerName: boolean }, tx: Tx) {
      await tx.update(contracts).set(settings).where(eq(contracts.id, id));
    },

    /** Of the pairs given, those with a funded contract between them (`pairKey`), in one query. */
    async fundedPairs(pairs: { employerId: string; professionalId: string }[], executor: Db = db): Promise<Set<string>> {
      if (pairs.length === 0) return new Set();
      const rows = await rowsOf<{ employer_id: string; professional_id: string }>(
        executor,
        sql`select distinct pair.employer_id, pair.professional_id
            from (values ${sql.join(
              pairs.map((pair) => sql`(${pair.employerId}::uuid, ${pair.professionalId}::uuid)`),
              sql`, `,
            )}) as pair(employer_id, professional_id)
            where ${fundedBetween(sql`pair.employer_id`, sql`pair.professional_id`)}`,
      );
      return new Set(rows.map((row) => pairKey(row.employer_id, row.professional_id)));
    },

    findContracts: (ids: string[], executor: Db = db): Promise<ContractRow[]> =>
      ids.length === 0 ? Promise.resolve([]) : executor.select().from(contracts).where(inArray(contracts.id, ids)),

    /** Ends a contract early (staff resolving a dispute): completed when anything was paid, else cancelled. */
    async endContract(id: string, status: 'completed' | 'cancelled', completedAt: Date, tx: Tx) {
      await tx.update(contracts).set({ status, completedAt }).where(eq(contracts.id, id));
    },

    /** Completes contracts: a statement to write with others (db/together.ts). */
    completeContractsStatement: (ids: string[], completedAt: Date) =>
      ids.length > 0
        ? db.update(contracts).set({ status: 'completed', completedAt }).where(inArray(contracts.id, ids)).getSQL()
        : undefined,
  };
}

export type ContractsRepository = ReturnType<typeof createContractsRepository>;

/** Demo contracts in bulk, one per demo hire, as the seeds write them (seed/demo-marketplace.ts). */
export async function insertContracts(tx: Tx, rows: NewContract[]) {
  if (rows.length > 0) await tx.insert(contracts).values(rows);
}
