import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityFlows, identityLinks, identityTickets } from './identity.schema.ts';

export type IdentityLinkRow = typeof identityLinks.$inferSelect;
export type IdentityTicketRow = typeof identityTickets.$inferSelect;

/** The identity module's rows: linked national identities, sign-ins under way, and their tickets. */
export function createIdentityRepository(db: Db) {
  return {
    /** Keeps a flow (and sweeps those past their time). */
    async insertFlow(values: typeof identityFlows.$inferInsert, now: Date) {
      await db.delete(identityFlows).where(lt(identityFlows.expiresAt, now));
      await db.insert(identityFlows).values(values);
    },
    /** Spends a live flow by its state, in the browser that started it, once: a replayed callback finds nothing, another browser leaves it be. */
    async takeFlow(key: { stateHash: string; browserHash: string; provider: string }, now: Date) {
      const [row] = await db
        .delete(identityFlows)
        .where(
          and(
            eq(identityFlows.stateHash, key.stateHash),
            eq(identityFlows.browserHash, key.browserHash),
            eq(identityFlows.provider, key.provider),
            gt(identityFlows.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    async insertTicket(values: typeof identityTickets.$inferInsert, now: Date) {
      await db.delete(identityTickets).where(lt(identityTickets.expiresAt, now));
      await db.insert(identityTickets).values(values);
    },
    async findTicket(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(identityTickets)
        .where(and(eq(identityTickets.tokenHash, tokenHash), gt(identityTickets.expiresAt, now)));
      return row;
    },
    async setTicketCodeEmail(id: string, email: string, executor: Db = db) {
      await executor.update(identityTickets).set({ codeEmail: email }).where(eq(identityTickets.id, id));
    },
    /** Spends a ticket once; false when another request spent it first. */
    async spendTicket(id: string, executor: Db = db) {
      const rows = await executor.delete(identityTickets).where(eq(identityTickets.id, id)).returning({ id: identityTickets.id });
      return rows.length > 0;
    },

    async findLinkBySubject(provider: string, subject: string) {
      const [row] = await db
        .select()
        .from(identityLinks)
        .where(and(eq(identityLinks.provider, provider), eq(identityLinks.subject, subject)));
      return row;
    },
    async findLinkByNationalId(nationalIdHash: string) {
      const [row] = await db.select().from(identityLinks).where(eq(identityLinks.nationalIdHash, nationalIdHash));
      return row;
    },
    /** Links an identity; undefined when its subject, national ID or the account's link to this provider is already taken. */
    async insertLink(values: typeof identityLinks.$inferInsert, executor: Db = db) {
      const [row] = await executor.insert(identityLinks).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** A link signed in with again: the names and time of the latest verification. */
    async refreshLink(id: string, changes: Pick<IdentityLinkRow, 'fullNameEn' | 'fullNameAr' | 'nationality' | 'verifiedAt'>) {
      await db.update(identityLinks).set(changes).where(eq(identityLinks.id, id));
    },
    /** A deleted account's identities go: its names, nationality and national ID's hash (the person may sign up again). */
    async removeLinksOf(userId: string, executor: Db = db) {
      await executor.delete(identityLinks).where(eq(identityLinks.userId, userId));
      await executor.delete(identityTickets).where(eq(identityTickets.userId, userId));
    },
    linksOf(userId: string) {
      return db.select().from(identityLinks).where(eq(identityLinks.userId, userId)).orderBy(identityLinks.verifiedAt);
    },
    /** Which of these users verified their identity, and with which provider first. */
    async verifiedAmong(userIds: readonly string[], executor: Db = db) {
      const verified = new Map<string, { provider: string; verifiedAt: Date }>();
      if (userIds.length === 0) return verified;
      const rows = await executor
        .select({ userId: identityLinks.userId, provider: identityLinks.provider, verifiedAt: identityLinks.verifiedAt })
        .from(identityLinks)
        .where(inArray(identityLinks.userId, [...new Set(userIds)]))
        .orderBy(identityLinks.verifiedAt);
      for (const row of rows) if (!verified.has(row.userId)) verified.set(row.userId, row);
      return verified;
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
