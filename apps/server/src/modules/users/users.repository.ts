import { eq, sql } from 'drizzle-orm';
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
    /** By the national number alone, or by country code and number together ("+971501234567"). */
    async findUserByPhone(phone: string, executor: Db = db) {
      const digits = phone.replace(/[^\d]/g, '');
      const [row] = await executor
        .select()
        .from(users)
        .where(sql`${users.phoneNumber} = ${digits} or replace(${users.countryCode}, '+', '') || ${users.phoneNumber} = ${digits}`)
        .limit(1);
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
