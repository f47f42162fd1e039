import { phoneCountryCodes, toWesternDigits } from '@mihna/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * A mobile number as typed at login, as the digits of its international form: '+971 50 123 4567',
 * '00971501234567', '٠٥٠١٢٣٤٥٦٧' and '0501234567' (a UAE number without a country code) all give
 * '971501234567'.
 */
export function internationalPhoneDigits(typed: string): string {
  const trimmed = toWesternDigits(typed).trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  return `971${digits.replace(/^0+/, '')}`;
}

export function createUsersRepository(db: Db) {
  return {
    async findUserById(id: string, executor: Db = db) {
      const [row] = await executor.select().from(users).where(eq(users.id, id));
      return row;
    },
    findUsersByIds: (ids: string[], executor: Db = db) =>
      ids.length === 0 ? Promise.resolve([]) : executor.select().from(users).where(inArray(users.id, ids)),
    async findUserByEmail(email: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },
    /** The account of an exact mobile number (country code and national number). */
    async findUserByPhoneNumber(countryCode: string, phoneNumber: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(users)
        .where(and(eq(users.countryCode, countryCode), eq(users.phoneNumber, phoneNumber)));
      return row;
    },
    /**
     * The account of a mobile number as typed at login: international ("+971501234567",
     * "00971…") or, without a country code, a UAE number ("0501234567").
     */
    async findUserByPhone(typed: string, executor: Db = db) {
      // Each offered country code that starts the number splits it one way; the index answers each split.
      const digits = internationalPhoneDigits(typed);
      const splits = phoneCountryCodes
        .map(({ code }) => ({ code, prefix: code.slice(1) }))
        .filter(({ prefix }) => digits.startsWith(prefix) && digits.length > prefix.length)
        .map(({ code, prefix }) => and(eq(users.countryCode, code), eq(users.phoneNumber, digits.slice(prefix.length))));
      if (splits.length === 0) return undefined;
      const [row] = await executor
        .select()
        .from(users)
        .where(or(...splits))
        .orderBy(users.createdAt)
        .limit(1);
      return row;
    },
    /** Locks the user's row for the rest of the transaction (changes that must not interleave). */
    async lockUser(id: string, executor: Tx) {
      const [row] = await executor.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },
    async insertUser(user: NewUser, executor: Db) {
      const [row] = await executor.insert(users).values(user).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async updateUser(id: string, changes: Partial<NewUser>, executor: Db) {
      const [row] = await executor
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** Demo people in bulk, as the seeds write them (seed/demo-marketplace.ts): one statement for all. */
export async function insertUsers(tx: Tx, rows: NewUser[]) {
  await tx.insert(users).values(rows);
}

/** Dates an account back: a demo account registered a moment ago whose demo history goes back months. */
export async function backdateUser(tx: Tx, id: string, createdAt: Date) {
  await tx.update(users).set({ createdAt }).where(eq(users.id, id));
}
