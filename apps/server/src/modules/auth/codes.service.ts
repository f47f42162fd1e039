import { codeMessages } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateCode, hashSecret, verifySecret } from '../../lib/secrets.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { AuthRepository, CodePurpose } from './auth.repository.ts';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_RESEND_COOLDOWN_MS = 60_000;
export const CODE_MAX_WRONG_ATTEMPTS = 5;
// Across all codes of one purpose for one subject: new codes must not buy new guesses without end.
export const CODE_DAILY_WRONG_ATTEMPTS = 10;
const DAY_MS = 86_400_000;
// Text messages cost money per message: a number gets at most this many codes a day (SMS pumping).
export const SMS_DAILY_LIMIT_PER_NUMBER = 10;

const purposeText: Record<CodePurpose, { subject: string; en: string; ar: string }> = {
  registration: { subject: 'Your Mihna verification code', en: 'Your Mihna verification code is', ar: 'رمز التحقق من حسابك في مهنة هو' },
  login: { subject: 'Your Mihna login code', en: 'Your Mihna login code is', ar: 'رمز الدخول إلى مهنة هو' },
  password_reset: {
    subject: 'Reset your Mihna password',
    en: 'Your Mihna password reset code is',
    ar: 'رمز إعادة تعيين كلمة مرور مهنة هو',
  },
  step_up: {
    subject: 'Confirm it is you on Mihna',
    en: 'To confirm this change to your Mihna account, your code is',
    ar: 'لتأكيد هذا التغيير في حسابك في مهنة، رمزك هو',
  },
  email_change: {
    subject: 'Confirm your new e-mail address on Mihna',
    en: 'To make this your Mihna account’s e-mail address, your code is',
    ar: 'لاعتماد هذا البريد عنوانًا لحسابك في مهنة، رمزك هو',
  },
  identity_signup: {
    subject: 'Your Mihna verification code',
    en: 'To create your Mihna account with your verified identity, your code is',
    ar: 'لإنشاء حسابك في مهنة بهويتك الموثّقة، رمزك هو',
  },
};

/** Both languages in one message: the code reaches people before we know which they read. */
function messageText(purpose: CodePurpose, code: string) {
  const text = purposeText[purpose];
  return [
    `${text.en} ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
    `${text.ar} ${code}. تنتهي صلاحيته خلال 10 دقائق. إذا لم تطلبه فتجاهل هذه الرسالة.`,
  ].join('\n\n');
}

export const codeCooldownError = (seconds: number) => new AppError('rate_limited', codeMessages.cooldown(seconds), seconds);

/** Codes one address or number may ask for in a day, whether or not an account has it. */
export const CODES_PER_ADDRESS_PER_DAY = 10;

/**
 * The waits a code request answers before anything is looked up, keyed on the address or number as
 * typed, so an unknown address waits exactly as a known one: a minute since the last request, and at
 * most 10 requests a day.
 */
export async function checkCodeRequest(rateLimiter: RateLimiter, bucket: string, key: string) {
  const wait = await rateLimiter.cooldown(bucket, key, CODE_RESEND_COOLDOWN_MS / 1000);
  if (!wait.isAllowed) throw codeCooldownError(wait.retryAfterSeconds);
  const today = await rateLimiter.hit(
    { bucket: `${bucket}-day`, limit: CODES_PER_ADDRESS_PER_DAY, windowSeconds: DAY_MS / 1000, message: codeMessages.tooManyToday },
    key,
  );
  if (!today.isAllowed) throw new AppError('rate_limited', codeMessages.tooManyToday, today.retryAfterSeconds);
}

/**
 * Issues a code for an account found by an address someone typed. A limit only an account can reach
 * (wrong codes today, texts to the number today) is not answered: a different answer would tell
 * that the account exists. `checkCodeRequest` has already answered the waits everyone shares.
 */
export async function issueCodeQuietly(issue: () => Promise<void>) {
  await issue().catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
  });
}

const refusals = {
  refused: () => new AppError('bad_request', codeMessages.refused),
  exhausted: () => new AppError('rate_limited', codeMessages.exhausted),
  dailyLimit: () => new AppError('rate_limited', codeMessages.dailyLimit),
};

export function createCodesService(dependencies: { db: Db; repository: AuthRepository; delivery: DeliveryService; clock: () => Date }) {
  const { db, repository, delivery, clock } = dependencies;

  return {
    /**
     * Creates a code and queues it in the caller's transaction; the caller dispatches after commit.
     * A new code for the same subject is refused for 60 seconds after the last one, and after 10
     * wrong guesses in a day.
     */
    async issueCode(
      request: {
        purpose: CodePurpose;
        subjectId: string;
        channel: 'email' | 'sms';
        to: string;
        /** The earlier codes were just retired with what they confirmed: the replacement goes out at once. */
        isReplacement?: boolean;
        /** A stand-in code for an address without an account: it lives and fails like a real one, and goes nowhere. */
        isStandIn?: boolean;
      },
      executor: Tx,
    ) {
      const now = clock();
      const wrongToday = await repository.countWrongCodes(request.purpose, request.subjectId, new Date(now.getTime() - DAY_MS), executor);
      if (wrongToday >= CODE_DAILY_WRONG_ATTEMPTS) throw refusals.dailyLimit();
      if (request.channel === 'sms') {
        const sentToday = await delivery.countMessagesTo('sms', request.to, new Date(now.getTime() - DAY_MS), executor);
        if (sentToday >= SMS_DAILY_LIMIT_PER_NUMBER) throw new AppError('rate_limited', codeMessages.smsLimit);
      }
      // Per channel: a code by e-mail does not hold back the first one by SMS.
      const latest = await repository.findLatestCode(request.purpose, request.subjectId, request.channel, executor);
      const waitMs = latest && !request.isReplacement ? latest.createdAt.getTime() + CODE_RESEND_COOLDOWN_MS - now.getTime() : 0;
      if (waitMs > 0) throw codeCooldownError(Math.ceil(waitMs / 1000));
      const code = generateCode();
      await repository.insertCode(
        {
          purpose: request.purpose,
          subjectId: request.subjectId,
          channel: request.channel,
          codeHash: await hashSecret(code),
          expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
          createdAt: now,
        },
        executor,
      );
      if (request.isStandIn) return;
      await delivery.enqueue(
        {
          channel: request.channel,
          to: request.to,
          subject: purposeText[request.purpose].subject,
          text: messageText(request.purpose, code),
        },
        executor,
      );
    },

    /**
     * Spends a code: single use, 10 minutes, at most 5 wrong tries. It commits on its own, so a wrong
     * try is counted even though the caller's work then stops.
     */
    async consumeCode(purpose: CodePurpose, subjectId: string, code: string) {
      const outcome = await transaction(db, async (tx) => {
        const live = await repository.lockLiveCode(purpose, subjectId, tx);
        if (!live || live.expiresAt <= clock()) return 'refused';
        if (live.failedAttempts >= CODE_MAX_WRONG_ATTEMPTS) return 'exhausted';
        const wrongToday = await repository.countWrongCodes(purpose, subjectId, new Date(clock().getTime() - DAY_MS), tx);
        if (wrongToday >= CODE_DAILY_WRONG_ATTEMPTS) return 'dailyLimit';
        if (!(await verifySecret(live.codeHash, code))) {
          await repository.recordWrongCode(live.id, tx);
          return 'refused';
        }
        await repository.consumeCode(live.id, tx);
        return 'accepted';
      });
      if (outcome !== 'accepted') throw refusals[outcome]();
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
