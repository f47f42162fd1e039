import { emailChangeMessages, registrationMessages } from '@mihna/shared';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountDependencies } from './account-dependencies.ts';

const CHANGE_LIFETIME_MS = 30 * 60_000;

/**
 * A change of the account's e-mail address (after step-up, which the routes ask for): a 6-digit code
 * goes to the new address, and only that code makes it the account's. The old address is told at
 * once, with the "Secure my account" link, so a thief who moved the address away is seen.
 */
export function createEmailChangeService(dependencies: AccountDependencies & { publicUrl: string; clock: () => Date }) {
  const { db, auth, users, codes, sessions, delivery, publicUrl, clock } = dependencies;

  async function refuseTaken(email: string, userId: string) {
    const holder = await users.findUserByEmail(email);
    if (holder && holder.id !== userId) throw new AppError('conflict', registrationMessages.emailTaken);
  }

  return {
    /** The address the account is moving to, while its code may still come back. */
    async pending(token: string | undefined) {
      const { user } = await sessions.requireSession(token);
      const change = await auth.findEmailChange(user.id, clock());
      return { email: user.email, pending_email: change?.newEmail ?? null };
    },

    /** Sends the code to the new address (one a minute), keeping it for half an hour. */
    async start(token: string | undefined, email: string) {
      const { user } = await sessions.requireSession(token);
      const newEmail = email.trim().toLowerCase();
      if (newEmail === user.email.toLowerCase()) throw new AppError('conflict', emailChangeMessages.sameAddress);
      await refuseTaken(newEmail, user.id);
      await transaction(db, async (tx) => {
        await codes.issueCode({ purpose: 'email_change', subjectId: user.id, channel: 'email', to: newEmail, isReplacement: false }, tx);
        await auth.putEmailChange({ userId: user.id, newEmail, expiresAt: new Date(clock().getTime() + CHANGE_LIFETIME_MS) }, tx);
      });
      void delivery.dispatchSoon();
      return { message: emailChangeMessages.codeSent, pending_email: newEmail };
    },

    /** The new address's code makes it the account's; the old one is told, with the link that ends every session. */
    async confirm(token: string | undefined, code: string) {
      const { user } = await sessions.requireSession(token);
      await codes.consumeCode('email_change', user.id, code);
      const link = `${publicUrl}/secure-account?token=${await sessions.createSecureLink(user.id)}`;
      const changed = await transaction(db, async (tx) => {
        const change = await auth.takeEmailChange(user.id, clock(), tx);
        if (!change) throw new AppError('conflict', emailChangeMessages.nothingPending);
        const holder = await users.findUserByEmail(change.newEmail, tx);
        if (holder && holder.id !== user.id) throw new AppError('conflict', registrationMessages.emailTaken);
        await users.updateUser(user.id, { email: change.newEmail }, tx);
        await delivery.enqueue(
          {
            channel: 'email',
            to: user.email,
            subject: 'Your Mihna e-mail address was changed',
            text: [
              `Hello ${user.firstName},`,
              `The e-mail address of your Mihna account was just changed to ${change.newEmail}. Messages and codes go there from now on.`,
              `If this was not you, secure your account now: ${link}`,
              '',
              `تغيّر البريد الإلكتروني لحسابك في مهنة للتو إلى ${change.newEmail}، وإليه تُرسل الرسائل والرموز من الآن.`,
              `إذا لم تكن أنت، فأمّن حسابك الآن: ${link}`,
            ].join('\n'),
          },
          tx,
        );
        return change.newEmail;
      });
      void delivery.dispatchSoon();
      return { message: emailChangeMessages.changed, email: changed };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
