import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function createUsersRepository(db: Db) {
  return {
    async findUserById(id: string, executor: Db = db) {
      const [row] = await executor.select().from(users).where(eq(users.id, id));
      return row;
    },
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
      const trimmed = typed.trim();
      const digits = trimmed.replace(/[^\d]/g, '');
      const isInternational = trimmed.startsWith('+') || digits.startsWith('00');
      const international = digits.replace(/^00/, '');
      const [row] = await executor
        .select()
        .from(users)
        .where(
          isInternational
            ? sql`replace(${users.countryCode}, '+', '') || ${users.phoneNumber} = ${international}`
            : and(eq(users.countryCode, '+971'), eq(users.phoneNumber, digits.replace(/^0+/, ''))),
        )
        .orderBy(users.createdAt)
        .limit(1);
      return row;
    },
    /** Locks the user's row for the rest of the transaction (changes that must not interleave). */
    async lockUser(id: string, executor: Db) {
      const [row] = await executor.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },
    async insertUser(user: NewUser, executor: Db = db) {
      const [row] = await executor.insert(users).values(user).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async updateUser(id: string, changes: Partial<NewUser>, executor: Db = db) {
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
