import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeyCeremonies, passkeys, recoveryCodes, secondFactorThrottles, totpAuthenticators } from './security.schema.ts';

/** Whose second factor: a marketplace user's or a staff member's. */
export interface SecondFactorOwner {
  readonly kind: 'user' | 'admin';
  readonly id: string;
}

type OwnedTable = typeof totpAuthenticators | typeof recoveryCodes | typeof secondFactorThrottles;
const ownerColumn = (table: OwnedTable, owner: SecondFactorOwner) => (owner.kind === 'user' ? table.userId : table.adminId);
const isOwnedBy = (table: OwnedTable, owner: SecondFactorOwner) => eq(ownerColumn(table, owner), owner.id);
const ownerValues = (owner: SecondFactorOwner) => (owner.kind === 'user' ? { userId: owner.id } : { adminId: owner.id });

/** The second factors' rows (security.schema.ts): authenticator apps, recovery codes and the second step's lock. */
export function createSecurityRepository(db: Db) {
  return {
    async findAuthenticator(owner: SecondFactorOwner) {
      const [row] = await db.select().from(totpAuthenticators).where(isOwnedBy(totpAuthenticators, owner));
      return row;
    },
    /** Keeps a new, unconfirmed secret, in place of an unconfirmed one (a confirmed one is never replaced here). */
    async startAuthenticator(owner: SecondFactorOwner, secretSealed: string) {
      const rows = await db
        .insert(totpAuthenticators)
        .values({ ...ownerValues(owner), secretSealed })
        .onConflictDoUpdate({
          target: ownerColumn(totpAuthenticators, owner),
          set: { secretSealed, createdAt: sql`now()`, lastStep: null },
          setWhere: isNull(totpAuthenticators.confirmedAt),
        })
        .returning({ id: totpAuthenticators.id });
      return rows.length > 0;
    },
    /** An authenticator enrolled from the start, with no recovery codes (the bootstrap super admin's ADMIN_TOTP_SECRET). */
    async enrolAuthenticator(owner: SecondFactorOwner, secretSealed: string) {
      await db
        .insert(totpAuthenticators)
        .values({ ...ownerValues(owner), secretSealed, confirmedAt: sql`now()` })
        .onConflictDoUpdate({
          target: ownerColumn(totpAuthenticators, owner),
          set: { secretSealed, confirmedAt: sql`now()`, lastStep: null },
          setWhere: isNull(totpAuthenticators.confirmedAt),
        });
    },
    /**
     * Takes `step` as the authenticator's last accepted one, when it is later than the last (one code,
     * one acceptance, even for two requests at once); `confirm` also enrols it with its recovery codes.
     */
    async acceptStep(owner: SecondFactorOwner, step: number, confirm?: { codeHashes: string[] }) {
      return db.transaction(async (tx) => {
        const accepted = await tx
          .update(totpAuthenticators)
          .set({ lastStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
          .where(
            and(
              isOwnedBy(totpAuthenticators, owner),
              or(isNull(totpAuthenticators.lastStep), lt(totpAuthenticators.lastStep, step)),
              confirm ? isNull(totpAuthenticators.confirmedAt) : sql`${totpAuthenticators.confirmedAt} is not null`,
            ),
          )
          .returning({ id: totpAuthenticators.id });
        if (accepted.length === 0) return false;
        if (confirm) {
          await tx.delete(recoveryCodes).where(isOwnedBy(recoveryCodes, owner));
          await tx.insert(recoveryCodes).values(confirm.codeHashes.map((codeHash) => ({ ...ownerValues(owner), codeHash })));
        }
        return true;
      });
    },
    /** Spends an unused recovery code; false when there is none with that hash. */
    async spendRecoveryCode(owner: SecondFactorOwner, codeHash: string) {
      const spent = await db
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(isOwnedBy(recoveryCodes, owner), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return spent.length > 0;
    },
    async countRecoveryCodesLeft(owner: SecondFactorOwner) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(isOwnedBy(recoveryCodes, owner), isNull(recoveryCodes.usedAt)));
      return row?.count ?? 0;
    },
    /** Removes the authenticator and its recovery codes; false when there was none. */
    async removeAuthenticator(owner: SecondFactorOwner, executor: Db = db) {
      return executor.transaction(async (tx) => {
        const removed = await tx
          .delete(totpAuthenticators)
          .where(isOwnedBy(totpAuthenticators, owner))
          .returning({ id: totpAuthenticators.id });
        await tx.delete(recoveryCodes).where(isOwnedBy(recoveryCodes, owner));
        await tx.delete(secondFactorThrottles).where(isOwnedBy(secondFactorThrottles, owner));
        return removed.length > 0;
      });
    },
    async findThrottle(owner: SecondFactorOwner) {
      const [row] = await db.select().from(secondFactorThrottles).where(isOwnedBy(secondFactorThrottles, owner));
      return row;
    },
    /** Counts a wrong code; the fifth in a row locks the second step until `lockUntil` and starts the count again. */
    async countFailure(owner: SecondFactorOwner, lockAfter: number, lockUntil: Date) {
      const [row] = await db
        .insert(secondFactorThrottles)
        .values({ ...ownerValues(owner), failedCount: 1 })
        .onConflictDoUpdate({
          target: ownerColumn(secondFactorThrottles, owner),
          set: {
            failedCount: sql`case when ${secondFactorThrottles.failedCount} + 1 >= ${lockAfter} then 0 else ${secondFactorThrottles.failedCount} + 1 end`,
            lockedUntil: sql`case when ${secondFactorThrottles.failedCount} + 1 >= ${lockAfter} then ${lockUntil.toISOString()}::timestamptz else ${secondFactorThrottles.lockedUntil} end`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row!;
    },
    async clearThrottle(owner: SecondFactorOwner) {
      await db.delete(secondFactorThrottles).where(isOwnedBy(secondFactorThrottles, owner));
    },

    /** A deleted account's second factors and passkeys go with it. */
    async removeAllOf(userId: string, executor: Db = db) {
      const owner = { kind: 'user', id: userId } as const;
      await executor.delete(totpAuthenticators).where(isOwnedBy(totpAuthenticators, owner));
      await executor.delete(recoveryCodes).where(isOwnedBy(recoveryCodes, owner));
      await executor.delete(secondFactorThrottles).where(isOwnedBy(secondFactorThrottles, owner));
      await executor.delete(passkeys).where(eq(passkeys.userId, userId));
      await executor.delete(passkeyCeremonies).where(eq(passkeyCeremonies.userId, userId));
    },
    listPasskeys(userId: string) {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },
    async countPasskeys(userId: string) {
      const [row] = await db.select({ count: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return row?.count ?? 0;
    },
    async findPasskeyByCredential(credentialId: string) {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },
    /** Keeps a new passkey; undefined when its credential is already registered (to anyone). */
    async insertPasskey(values: typeof passkeys.$inferInsert) {
      const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** Takes a use of the passkey: its new signature counter, when it moved on (or stays 0 for an authenticator that counts nothing). */
    async recordPasskeyUse(id: string, counter: number, backedUp: boolean) {
      const rows = await db
        .update(passkeys)
        .set({ counter, backedUp, lastUsedAt: sql`now()` })
        .where(and(eq(passkeys.id, id), counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },
    async renamePasskey(userId: string, id: string, name: string) {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },
    async removePasskey(userId: string, id: string) {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },
    /** Keeps a ceremony's challenge (and sweeps those past their time). */
    async insertCeremony(values: typeof passkeyCeremonies.$inferInsert, now: Date) {
      await db.delete(passkeyCeremonies).where(lt(passkeyCeremonies.expiresAt, now));
      await db.insert(passkeyCeremonies).values(values);
    },
    /** Spends a live ceremony of `purpose` once: the second spend of the same token finds nothing. */
    async takeCeremony(tokenHash: string, purpose: (typeof passkeyCeremonies.$inferSelect)['purpose'], now: Date) {
      const [row] = await db
        .delete(passkeyCeremonies)
        .where(
          and(eq(passkeyCeremonies.tokenHash, tokenHash), eq(passkeyCeremonies.purpose, purpose), gt(passkeyCeremonies.expiresAt, now)),
        )
        .returning();
      return row;
    },
  };
}

export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
