import { codeMessages, passwordChangeMessages, registrationMessages, resetMessages } from '@mihna/shared';
import { createHash } from 'node:crypto';
import type { AccountDependencies } from './account-dependencies.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { hashSecret, verifySecret } from '../../lib/secrets.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { checkCodeRequest, issueCodeQuietly } from './codes.service.ts';
import { loginIdentifier } from './login.service.ts';

/**
 * The id reset codes of an address without an account are kept under: derived from the address, so
 * its codes live, expire and count wrong guesses exactly as an account's do, and the answers to
 * reset-password never tell the two apart.
 */
export function standInSubjectId(email: string) {
  const hex = createHash('sha256').update(`password-reset:${email.trim().toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function createPasswordResetService(
  dependencies: AccountDependencies & {
    rateLimiter: RateLimiter;
    /** What else a completed reset undoes, in its transaction: payouts its owner froze. */
    afterReset?: (userId: string, tx: Db) => Promise<void>;
  },
) {
  const { db, auth, users, codes, sessions, delivery, rateLimiter, afterReset } = dependencies;

  return {
    /**
     * The same answer whether or not the e-mail has an account; a second request for the address
     * within a minute is answered 429 with the seconds left, also whether or not it has one.
     */
    async requestReset(email: string) {
      await checkCodeRequest(rateLimiter, 'reset-code', loginIdentifier(email, 'password'));
      const user = await users.findUserByEmail(email);
      // An unknown address gets a stand-in code, with the same work and the same limits as a real one.
      const code = user
        ? { purpose: 'password_reset' as const, subjectId: user.id, channel: 'email' as const, to: user.email }
        : { purpose: 'password_reset' as const, subjectId: standInSubjectId(email), channel: 'email' as const, to: email, isStandIn: true };
      await issueCodeQuietly(() => transaction(db, (tx) => codes.issueCode(code, tx)));
      if (user) void delivery.dispatchSoon();
      return { success: true, message: resetMessages.requested };
    },

    /**
     * The signed-in user's new password (the route asks for step-up first): the current one must be
     * right; every other session ends, and the account's e-mail is told.
     */
    async changePassword(token: string | undefined, input: { current_password: string; new_password: string }) {
      const { session, user } = await sessions.requireSession(token);
      if (!(await verifySecret(user.passwordHash, input.current_password)))
        throw new AppError('validation_failed', [
          { loc: ['body', 'current_password'], msg: passwordChangeMessages.wrongCurrent, type: 'value_error' },
        ]);
      if (isCommonPassword(input.new_password)) {
        throw new AppError('validation_failed', [
          { loc: ['body', 'new_password'], msg: registrationMessages.commonPassword, type: 'common_password' },
        ]);
      }
      const passwordHash = await hashSecret(input.new_password);
      await transaction(db, async (tx) => {
        await users.updateUser(user.id, { passwordHash }, tx);
        await sessions.revokeOtherSessionsOf(user.id, session.id, tx);
        await delivery.enqueue(
          {
            channel: 'email',
            to: user.email,
            subject: 'Your Mihna password was changed',
            text: `Hello ${user.firstName},\n\nThe password of your Mihna account was just changed, and every other device was signed out. If this was not you, reset your password now and contact support@mihna.ae.\n\nتغيّرت كلمة مرور حسابك في مهنة للتو، وسُجّل خروج كل الأجهزة الأخرى. إذا لم تكن أنت، فأعد تعيين كلمة المرور الآن وتواصل مع support@mihna.ae.`,
          },
          tx,
        );
      });
      void delivery.dispatchSoon();
      return { message: passwordChangeMessages.changed };
    },

    /** Sets the new password, lifts a login lock and signs out every session of the account. */
    async resetPassword(input: { email: string; reset_code: string; new_password: string }) {
      if (isCommonPassword(input.new_password)) {
        throw new AppError('validation_failed', [
          { loc: ['body', 'new_password'], msg: registrationMessages.commonPassword, type: 'common_password' },
        ]);
      }
      const user = await users.findUserByEmail(input.email);
      // Wrong guesses at an unknown address are counted and refused exactly as at an account.
      await codes.consumeCode('password_reset', user?.id ?? standInSubjectId(input.email), input.reset_code);
      if (!user) throw new AppError('bad_request', codeMessages.refused);
      const passwordHash = await hashSecret(input.new_password);
      await transaction(db, async (tx) => {
        await users.updateUser(user.id, { passwordHash }, tx);
        await auth.clearThrottle(loginIdentifier(user.email, 'password'), tx);
        await sessions.revokeAllSessions(user.id, tx);
        await afterReset?.(user.id, tx);
        await delivery.enqueue(
          {
            channel: 'email',
            to: user.email,
            subject: 'Your Mihna password was changed',
            text: `Hello ${user.firstName},\n\nThe password of your Mihna account was just reset, and every device was signed out. If this was not you, contact support@mihna.ae at once.`,
          },
          tx,
        );
      });
      void delivery.dispatchSoon();
      return { success: true, message: resetMessages.completed };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
