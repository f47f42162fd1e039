import { loginMessages } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthRepository } from './auth.repository.ts';

export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_DURATION_MS = 30 * 60_000;

export const minutesUntil = (moment: Date, now: Date) => Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 60_000));

/** 423 with the specification's sentence, how long the lock lasts, and Retry-After. */
export function lockedError(lockedUntil: Date, now: Date) {
  const minutes = minutesUntil(lockedUntil, now);
  return new AppError('locked', loginMessages.lockedFor(minutes), Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
}

/**
 * Books one try against the identifier before any secret is checked. The row lock makes parallel
 * tries queue, so no burst can check more secrets than the captcha and lock thresholds allow. The
 * fifth try locks at once; its success lifts the lock again. A lock refuses only the tries it
 * guards (`refusesWhileLocked`: password logins, not codes); `hasCaptcha` true skips the captcha stage.
 */
export async function reserveLoginAttempt(
  { db, auth, clock }: { db: Db; auth: AuthRepository; clock: () => Date },
  identifier: string,
  { refusesWhileLocked, hasCaptcha }: { refusesWhileLocked: boolean; hasCaptcha: boolean },
) {
  const now = clock();
  return transaction(db, async (tx) => {
    const throttle = await auth.lockThrottle(identifier, tx);
    const isLockOver = throttle.lockedUntil !== null && throttle.lockedUntil <= now;
    const failures = isLockOver ? 0 : throttle.failedCount;
    const isLocked = !isLockOver && throttle.lockedUntil !== null;
    if (isLocked && refusesWhileLocked && throttle.lockedUntil) return { outcome: 'locked' as const, lockedUntil: throttle.lockedUntil };
    if (failures >= CAPTCHA_AFTER_FAILURES && !hasCaptcha) return { outcome: 'captcha_required' as const };
    const attempt = failures + 1;
    const lockedUntil =
      attempt >= LOCK_AFTER_FAILURES ? new Date(now.getTime() + LOCK_DURATION_MS) : isLockOver ? null : throttle.lockedUntil;
    await auth.updateThrottle(identifier, { failedCount: attempt, lockedUntil }, tx);
    return { outcome: 'reserved' as const, isLockingAttempt: attempt === LOCK_AFTER_FAILURES, lockedUntil };
  });
}
