import { passkeyMessages, secondFactorMessages, toWesternDigits, type SecondFactorMethod, type ServerMessage } from '@mihna/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import type { DataKey } from '../../lib/data-key.ts';
import type { PasskeysService } from './passkeys.service.ts';
import type { SecondFactorOwner, SecurityRepository } from './security.repository.ts';

/**
 * A user's second factor: an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, as every app
 * reads it) through `otpauth`, with ten one-time recovery codes. A code is accepted once (the step of
 * the last one accepted is kept), a step either side of now is allowed for a phone's clock, and five
 * wrong codes in a row lock the second step for 15 minutes.
 */

const LOCK_AFTER_FAILURES = 5;
const LOCK_DURATION_MS = 15 * 60_000;
const RECOVERY_CODE_COUNT = 10;
const secretPurpose = 'totp secret';
const recoveryPurpose = 'recovery code';
/** Recovery codes' letters: no 0/O or 1/I/L to misread. */
const recoveryAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: 'Mihna', label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A recovery code as it is typed: letters in any case, with or without its dash. */
const normalRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

function newRecoveryCode() {
  const letters = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

export interface SecondFactorDependencies {
  repository: SecurityRepository;
  dataKey: DataKey;
  /** A marketplace user's passkeys, which serve as a second factor too. */
  passkeys: PasskeysService;
  clock: () => Date;
}

export function createSecondFactorService({ repository, dataKey, passkeys, clock }: SecondFactorDependencies) {
  const minutesUntil = (moment: Date) => Math.max(1, Math.ceil((moment.getTime() - clock().getTime()) / 60_000));

  /** Refuses while the second step is locked, naming the wait. */
  async function refuseWhileLocked(owner: SecondFactorOwner) {
    const throttle = await repository.findThrottle(owner);
    if (throttle?.lockedUntil && throttle.lockedUntil > clock()) {
      const seconds = Math.ceil((throttle.lockedUntil.getTime() - clock().getTime()) / 1000);
      throw new AppError('locked', secondFactorMessages.lockedFor(minutesUntil(throttle.lockedUntil)), seconds);
    }
  }

  async function refuseCode(owner: SecondFactorOwner, message: ServerMessage = secondFactorMessages.wrongCode): Promise<never> {
    const throttle = await repository.countFailure(owner, LOCK_AFTER_FAILURES, new Date(clock().getTime() + LOCK_DURATION_MS));
    if (throttle.lockedUntil && throttle.lockedUntil > clock()) await refuseWhileLocked(owner);
    throw new AppError('unauthorized', message);
  }

  const hasPasskey = (owner: SecondFactorOwner) => (owner.kind === 'user' ? passkeys.hasPasskey(owner.id) : Promise.resolve(false));

  /** The step of `code` for the secret, a step either side of now allowed; undefined when it is not one. */
  function stepOf(secretSealed: string, code: string) {
    const totp = totpOf(dataKey.open(secretSealed, secretPurpose), 'check');
    const timestamp = clock().getTime();
    const delta = totp.validate({ token: toWesternDigits(code).replace(/[\s-]/g, ''), timestamp, window: 1 });
    return delta === null ? undefined : totp.counter({ timestamp }) + delta;
  }

  /**
   * Checks a code of the enrolled app, or a recovery code (spent by it); refuses a wrong, replayed or
   * spent one, and any while the second step is locked.
   */
  async function verify(owner: SecondFactorOwner, code: string) {
    await refuseWhileLocked(owner);
    const authenticator = await repository.findAuthenticator(owner);
    if (!authenticator?.confirmedAt) throw new AppError('conflict', secondFactorMessages.notEnrolled);
    // Six digits, Arabic-Indic or Western, perhaps in two groups: the app's; anything else a recovery code.
    const digits = toWesternDigits(code).replace(/[\s-]/g, '');
    const isAppCode = /^\d{6}$/.test(digits);
    const accepted = isAppCode
      ? await (async () => {
          const step = stepOf(authenticator.secretSealed, code);
          return step !== undefined && (await repository.acceptStep(owner, step));
        })()
      : await repository.spendRecoveryCode(owner, dataKey.keyedHash(normalRecoveryCode(code), recoveryPurpose));
    if (!accepted) return refuseCode(owner);
    await repository.clearThrottle(owner);
  }

  async function methods(owner: SecondFactorOwner): Promise<SecondFactorMethod[]> {
    const hasApp = Boolean((await repository.findAuthenticator(owner))?.confirmedAt);
    return [...(hasApp ? (['totp', 'recovery_code'] as const) : []), ...((await hasPasskey(owner)) ? (['passkey'] as const) : [])];
  }

  return {
    verify,
    methods,

    /**
     * Checks a passkey's answer as the second step (`boundTo` the login challenge) or as step-up (the
     * session); a refusal counts toward the lock like a wrong code.
     */
    async verifyPasskey(
      userId: string,
      purpose: 'second_factor' | 'step_up',
      boundTo: string,
      input: { ceremony_token: string; response: AuthenticationResponseJSON },
    ) {
      const owner = { kind: 'user', id: userId } as const;
      await refuseWhileLocked(owner);
      if (!(await passkeys.verifyAssertion(userId, purpose, boundTo, input))) return refuseCode(owner, passkeyMessages.refused);
      await repository.clearThrottle(owner);
    },

    async status(owner: SecondFactorOwner) {
      const authenticator = await repository.findAuthenticator(owner);
      const isEnabled = Boolean(authenticator?.confirmedAt);
      return {
        totp_enabled: isEnabled,
        totp_enabled_at: authenticator?.confirmedAt?.toISOString() ?? null,
        recovery_codes_left: isEnabled ? await repository.countRecoveryCodesLeft(owner) : 0,
      };
    },

    /** A new secret to scan (QR code) or type, kept unconfirmed until a first code confirms it. */
    async startTotp(owner: SecondFactorOwner, label: string) {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repository.startAuthenticator(owner, dataKey.seal(secret, secretPurpose))))
        throw new AppError('conflict', secondFactorMessages.alreadyEnrolled);
      const uri = totpOf(secret, label).toString();
      return { secret, otpauth_uri: uri, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
    },

    /** Enrols the app with its first code; answers the ten recovery codes, shown this once. */
    async confirmTotp(owner: SecondFactorOwner, code: string) {
      await refuseWhileLocked(owner);
      const authenticator = await repository.findAuthenticator(owner);
      if (!authenticator || authenticator.confirmedAt) throw new AppError('conflict', secondFactorMessages.notStarted);
      const step = stepOf(authenticator.secretSealed, code);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const codeHashes = codes.map((each) => dataKey.keyedHash(normalRecoveryCode(each), recoveryPurpose));
      if (step === undefined || !(await repository.acceptStep(owner, step, { codeHashes }))) return refuseCode(owner);
      await repository.clearThrottle(owner);
      return { recovery_codes: codes };
    },

    /** Whether the owner has a second factor to be asked for: an authenticator app or a passkey. */
    async isEnrolled(owner: SecondFactorOwner) {
      return (await methods(owner)).length > 0;
    },

    /**
     * Enrols `secret` (base32) as the owner's authenticator from the start, unless one is enrolled:
     * the bootstrap super admin's ADMIN_TOTP_SECRET, so that scripted checks can compute its codes.
     */
    async enrolSecret(owner: SecondFactorOwner, secret: string) {
      await repository.enrolAuthenticator(owner, dataKey.seal(Secret.fromBase32(secret).base32, secretPurpose));
    },

    /** Removes the owner's second factor without a code (a super admin's reset of another admin's); false when there was none. */
    async reset(owner: SecondFactorOwner, executor?: Db) {
      return repository.removeAuthenticator(owner, executor);
    },

    /** Turns the app off, after a fresh code of it (or a recovery code); its recovery codes go with it. */
    async disableTotp(owner: SecondFactorOwner, code: string) {
      await verify(owner, code);
      await repository.removeAuthenticator(owner);
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
