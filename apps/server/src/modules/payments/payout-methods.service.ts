import { payoutMessages, type PayoutMethod } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataKey } from '../../lib/data-key.ts';
import { isRowId } from '../../lib/ids.ts';
import { generateToken, hashToken } from '../../lib/secrets.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { PeopleLookup } from '../users/index.ts';
import { payoutsAccess } from './payments.access.ts';
import type { PayoutMethodRow, PayoutMethodsRepository } from './payout-methods.repository.ts';

/** A new payout method waits this long before a payout may go to it. */
export const METHOD_WAIT_MS = 24 * 3_600_000;
const FREEZE_LINK_LIFETIME_MS = 7 * 24 * 3_600_000;
const MAX_METHODS = 5;
const ibanPurpose = 'payout iban';

const masked = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

/**
 * A professional's saved payout methods, the only places payouts go. The IBAN is kept sealed under
 * the data key; a new one is usable 24 hours after it is added, and the account's e-mail is told at
 * once with a link that freezes payouts (and removes the method) until a password reset.
 */
export function createPayoutMethodsService(dependencies: {
  db: Db;
  repository: PayoutMethodsRepository;
  dataKey: DataKey;
  delivery: DeliveryService;
  people: PeopleLookup;
  publicUrl: string;
  /** Ends every session of the user in `tx`: whoever added a method the owner did not is signed out by the freeze. */
  endSessionsOf?: (userId: string, tx: Db) => Promise<void>;
  clock: () => Date;
}) {
  const { db, repository, dataKey, delivery, people, publicUrl, endSessionsOf, clock } = dependencies;

  const view = (row: PayoutMethodRow): PayoutMethod => ({
    id: row.id,
    iban_masked: `${row.country}•• •••• ${row.ibanLast4}`,
    iban_last4: row.ibanLast4,
    country: row.country,
    account_holder: row.accountHolder,
    usable_from: row.usableFrom.toISOString(),
    is_usable: row.usableFrom <= clock(),
    created_at: row.createdAt.toISOString(),
  });

  async function tellOfNewMethod(row: PayoutMethodRow, iban: string, freezeToken: string, tx: Tx) {
    const person = await people.find(row.professionalId, tx);
    if (!person) return;
    const link = `${publicUrl}/freeze-payouts?token=${freezeToken}`;
    await delivery.enqueue(
      {
        channel: 'email',
        to: person.email,
        subject: 'A payout method was added to your Mihna account',
        text: [
          `Hello ${person.firstName},`,
          '',
          `A payout method was added to your Mihna account: the bank account ${masked(iban)} in the name of ${row.accountHolder}.`,
          'Payouts can go to it 24 hours from now.',
          '',
          `If it was not you, freeze your payouts now: this link removes the bank account and stops every payout until you reset your password (valid for 7 days).`,
          `Freeze my payouts: ${link}`,
          '',
          `أُضيفت طريقة سحب إلى حسابك في مهنة: الحساب المصرفي ${masked(iban)} باسم ${row.accountHolder}. يمكن تحويل الدفعات إليه بعد 24 ساعة.`,
          'إذا لم تكن أنت، فجمّد دفعاتك الآن: يزيل هذا الرابط الحساب المصرفي ويوقف كل الدفعات حتى تعيد تعيين كلمة المرور.',
          `جمّد دفعاتي: ${link}`,
        ].join('\n'),
      },
      tx,
    );
  }

  return {
    /** A deleted account's saved bank accounts lose their IBAN and holder's name (in the deletion's transaction). */
    eraseOf: (professionalId: string, holder: string, tx: Db) => repository.eraseOf(professionalId, holder, clock(), tx),

    async list(actor: Actor) {
      await payoutsAccess.require(actor, 'earnings.read');
      return { payout_methods: (await repository.listLive(actor.id)).map(view), payouts_frozen: await repository.isFrozen(actor.id) };
    },

    /** Saves a bank account (the route asks for step-up first); usable in 24 hours, told to the e-mail at once. */
    async add(actor: Actor, input: { iban: string; account_holder: string }) {
      await payoutsAccess.require(actor, 'payout.request');
      const now = clock();
      const added = await transaction(db, async (tx) => {
        if ((await repository.countLiveForUpdate(actor.id, tx)) >= MAX_METHODS)
          throw new AppError('conflict', payoutMessages.tooManyMethods);
        const row = await repository.insert(
          {
            professionalId: actor.id,
            ibanSealed: dataKey.seal(input.iban, ibanPurpose),
            ibanLast4: input.iban.slice(-4),
            // A keyed hash: without the data key a copy of the database cannot test guesses of the number.
            ibanFingerprint: dataKey.keyedHash(input.iban, 'payout iban fingerprint'),
            country: input.iban.slice(0, 2),
            accountHolder: input.account_holder,
            usableFrom: new Date(now.getTime() + METHOD_WAIT_MS),
          },
          tx,
        );
        if (!row) throw new AppError('conflict', payoutMessages.methodDuplicate);
        const freezeToken = generateToken();
        await repository.insertFreezeLink(
          { payoutMethodId: row.id, tokenHash: hashToken(freezeToken), expiresAt: new Date(now.getTime() + FREEZE_LINK_LIFETIME_MS) },
          tx,
        );
        await tellOfNewMethod(row, input.iban, freezeToken, tx);
        return row;
      });
      void delivery.dispatchSoon();
      return { message: payoutMessages.methodAdded, payout_method: view(added) };
    },

    async remove(actor: Actor, id: string) {
      await payoutsAccess.require(actor, 'earnings.read');
      if (!isRowId(id) || !(await repository.remove(actor.id, id, clock()))) throw new AppError('not_found', payoutMessages.methodNotFound);
      return { message: payoutMessages.methodRemoved };
    },

    /** The link of a new method's e-mail: the method goes, every session ends and payouts freeze until a password reset. */
    async freeze(token: string) {
      await transaction(db, async (tx) => {
        const methodId = await repository.spendFreezeLink(hashToken(token), clock(), tx);
        const method = methodId ? await repository.findById(methodId, tx) : undefined;
        if (!method) throw new AppError('unauthorized', payoutMessages.freezeLinkExpired);
        await repository.remove(method.professionalId, method.id, clock(), tx);
        await repository.freeze(method.professionalId, clock(), tx);
        await endSessionsOf?.(method.professionalId, tx);
      });
      return { message: payoutMessages.frozenNow };
    },

    /** Holds off a freeze of the professional's payouts until `tx` ends (a payout being recorded). */
    lockFor: (professionalId: string, tx: Tx) => repository.lockFor(professionalId, tx),

    /** A password reset proves the e-mail's owner: it lifts a freeze. */
    liftFreeze: (professionalId: string, executor?: Db) => repository.unfreeze(professionalId, executor),

    /**
     * The method a payout may go to now, with its IBAN: refused while payouts are frozen, for a method
     * that is not the professional's, and for one younger than 24 hours (saying how long is left).
     */
    async usable(professionalId: string, id: string, executor?: Db) {
      if (await repository.isFrozen(professionalId, executor)) throw new AppError('conflict', payoutMessages.frozen);
      const method = isRowId(id) ? await repository.findLive(professionalId, id, executor) : undefined;
      if (!method) throw new AppError('not_found', payoutMessages.methodNotFound);
      const waitMs = method.usableFrom.getTime() - clock().getTime();
      if (waitMs > 0) throw new AppError('conflict', payoutMessages.methodNotYetUsable(Math.ceil(waitMs / 3_600_000)));
      return { method, iban: dataKey.open(method.ibanSealed, ibanPurpose) };
    },

    /** The IBAN of a method a payout went to, for sending it again: none once it is removed or payouts are frozen. */
    async ibanOf(id: string) {
      const method = await repository.findById(id);
      if (!method || method.removedAt || (await repository.isFrozen(method.professionalId))) return undefined;
      return dataKey.open(method.ibanSealed, ibanPurpose);
    },
  };
}

export type PayoutMethodsService = ReturnType<typeof createPayoutMethodsService>;
