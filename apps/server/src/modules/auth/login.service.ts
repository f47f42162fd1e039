import {
  isMobileNumber,
  loginMessages,
  messages,
  type PasskeyCeremony,
  type SecondFactorChallenge,
  type SecondFactorMethod,
  type SessionResponse,
} from '@mihna/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AccountDependencies } from './account-dependencies.ts';
import { randomInt } from 'node:crypto';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { describeDevice } from '../../lib/user-agent.ts';
import { generateToken, hashSecret, hashToken, verifyAgainstDecoy, verifySecret } from '../../lib/secrets.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { internationalPhoneDigits, toCurrentUser, type UserRow } from '../users/index.ts';
import { checkCodeRequest, issueCodeQuietly } from './codes.service.ts';
import type { ClientInfo } from '../../plugins/request-identity.ts';
import { CAPTCHA_AFTER_FAILURES, lockedError, minutesUntil, reserveLoginAttempt } from './login-throttle.ts';

const CAPTCHA_LIFETIME_MS = 5 * 60_000;
const CAPTCHA_SUMS = [3, 4, 5, 6];

export type LoginMethod = 'password' | 'email_code' | 'sms_code';
export interface LoginInput {
  email: string;
  login_method: LoginMethod;
  password?: string | undefined;
  verification_code?: string | undefined;
  captcha_token?: string | undefined;
}

/** E-mail addresses compare without case; mobile numbers by the digits of their international form. */
export const loginIdentifier = (value: string, method: LoginMethod) =>
  method === 'sms_code' ? `phone:${internationalPhoneDigits(value)}` : `email:${value.trim().toLowerCase()}`;

/** A passkey's answer to a ceremony (the browser's PublicKeyCredential as JSON). */
export interface PasskeyAnswer {
  ceremony_token: string;
  response: AuthenticationResponseJSON;
}

/** What the login asks of the account's second factor (the security module's services). */
export interface SecondFactorCheck {
  methods(userId: string): Promise<SecondFactorMethod[]>;
  /** Refuses a wrong, replayed or spent code, and any while the second step is locked. */
  verify(userId: string, code: string): Promise<void>;
  /** A ceremony for one of the user's passkeys, bound to a login challenge or a session. */
  passkeyOptions(userId: string, purpose: 'second_factor' | 'step_up', boundTo: string): Promise<PasskeyCeremony>;
  /** Refuses an answer that is not one of the user's passkeys signing that ceremony, and any while the second step is locked. */
  verifyPasskey(userId: string, purpose: 'second_factor' | 'step_up', boundTo: string, answer: PasskeyAnswer): Promise<void>;
  /** The user a passkey alone signs in (discoverable credential, the device's lock). */
  passkeySignInOptions(): Promise<PasskeyCeremony>;
  passkeySignIn(answer: PasskeyAnswer): Promise<string>;
}

export interface LoginDependencies extends AccountDependencies {
  rateLimiter: RateLimiter;
  clock: () => Date;
  secondFactor: SecondFactorCheck;
  /** The site's address, for the "Secure my account" link of a new device's e-mail. */
  publicUrl: string;
}

/** How long the second step of a login may wait for its code. */
const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export function createLoginService(dependencies: LoginDependencies) {
  const { db, auth, users, codes, sessions, delivery, rateLimiter, clock, secondFactor, publicUrl } = dependencies;

  const findAccount = (input: Pick<LoginInput, 'email' | 'login_method'>) =>
    input.login_method === 'sms_code' ? users.findUserByPhone(input.email) : users.findUserByEmail(input.email);

  async function checkSecret(input: LoginInput, user: UserRow | undefined): Promise<boolean> {
    if (input.login_method === 'password') {
      return user ? verifySecret(user.passwordHash, input.password ?? '') : verifyAgainstDecoy(input.password ?? '');
    }
    if (!user) return false;
    try {
      await codes.consumeCode('login', user.id, input.verification_code ?? '');
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  async function warnOfLock(user: UserRow) {
    await delivery.enqueue(
      {
        channel: 'email',
        to: user.email,
        subject: 'Your Mihna account was temporarily locked',
        text: [
          `Hello ${user.firstName},`,
          '',
          'After 5 failed login attempts, password login to your Mihna account is locked for 30 minutes.',
          'If this was not you, reset your password now: a completed reset also lifts the lock.',
          '',
          'بعد 5 محاولات دخول فاشلة، أُوقف الدخول إلى حسابك في مهنة بكلمة المرور لمدة 30 دقيقة. إذا لم تكن أنت، فأعد تعيين كلمة المرور الآن.',
        ].join('\n'),
      },
      db,
    );
    void delivery.dispatchSoon();
  }

  /**
   * A sign-in from a device the account has not signed in from before: the account's e-mail is told
   * when, from which browser and address, with a link that ends every session.
   */
  async function tellOfNewDevice(user: UserRow, client: ClientInfo) {
    const device = describeDevice(client.userAgent);
    const link = `${publicUrl}/secure-account?token=${await sessions.createSecureLink(user.id)}`;
    const when = (locale: string) =>
      new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Dubai', dateStyle: 'long', timeStyle: 'short' }).format(clock());
    const browser = [device.browser ?? 'An unknown browser', device.system].filter(Boolean).join(' on ');
    const browserAr = [device.browser ?? 'متصفح غير معروف', device.system].filter(Boolean).join(' على ');
    await delivery.enqueue(
      {
        channel: 'email',
        to: user.email,
        subject: 'New sign-in to your Mihna account',
        text: [
          `Hello ${user.firstName},`,
          '',
          'Your Mihna account was signed in to from a device it has not used before:',
          `  When: ${when('en-GB')} (UAE time)`,
          `  Browser: ${browser}`,
          `  Address: ${client.ipAddress}`,
          '',
          'If this was you, there is nothing to do.',
          `If it was not you, secure your account now: this link ends every session and asks you for a new password (valid for 7 days).`,
          `Secure my account: ${link}`,
          '',
          'سُجّل الدخول إلى حسابك في مهنة من جهاز لم يُستخدم من قبل:',
          `  الوقت: ${when('ar-AE-u-nu-latn')} (بتوقيت الإمارات)`,
          `  المتصفح: ${browserAr}`,
          `  العنوان: ${client.ipAddress}`,
          'إذا لم تكن أنت، فأمّن حسابك الآن: ينهي هذا الرابط كل الجلسات ويطلب منك كلمة مرور جديدة.',
          `أمّن حسابي: ${link}`,
        ].join('\n'),
      },
      db,
    );
    void delivery.dispatchSoon();
  }

  /** Opens the session of a sign-in, and tells the account of a device not seen before. */
  async function signIn(user: UserRow, client: ClientInfo, options: { steppedUp?: boolean } = {}) {
    const { token, device } = await sessions.openSession(user.id, client, db, options);
    if (device === 'new') await tellOfNewDevice(user, client);
    return { access_token: token, user: toCurrentUser(user) };
  }

  /**
   * Spends a login's challenge once `prove` accepts the second factor; each try books against the first
   * step's throttle too, and is a login event.
   */
  async function completeSecondStep(
    challengeToken: string,
    client: ClientInfo,
    prove: (userId: string, challengeId: string) => Promise<void>,
  ) {
    const challenge = await auth.findLiveChallenge(hashToken(challengeToken), clock());
    if (!challenge) throw new AppError('unauthorized', loginMessages.challengeExpired);
    const user = await users.findUserById(challenge.userId);
    if (!user) throw new AppError('unauthorized', loginMessages.challengeExpired);
    const event = { userId: user.id, email: user.email, method: 'second_factor' as const, ...client };
    // Each code is a try of the first step's throttle too: its lock refuses the second step as well.
    if (challenge.identifier) {
      const reservation = await reserveLoginAttempt({ db, auth, clock }, challenge.identifier, {
        refusesWhileLocked: true,
        hasCaptcha: true,
      });
      if (reservation.outcome === 'locked') throw lockedError(reservation.lockedUntil, clock());
    }
    try {
      await prove(user.id, challenge.id);
    } catch (error) {
      await auth.insertLoginEvent({ ...event, success: false });
      throw error;
    }
    if (!(await auth.spendChallenge(challenge.id))) throw new AppError('unauthorized', loginMessages.challengeExpired);
    if (challenge.identifier) await auth.clearThrottle(challenge.identifier, db);
    await auth.insertLoginEvent({ ...event, success: true });
    if (user.accountStatus !== 'active') throw new AppError('forbidden', loginMessages.inactive, undefined, user.statusReason ?? undefined);
    return signIn(user, client, { steppedUp: true });
  }

  return {
    async login(input: LoginInput, client: ClientInfo): Promise<SessionResponse | SecondFactorChallenge> {
      const identifier = loginIdentifier(input.email, input.login_method);
      const hasCaptcha = input.captcha_token ? await auth.spendCaptchaToken(hashToken(input.captcha_token), clock()) : false;
      const reservation = await reserveLoginAttempt({ db, auth, clock }, identifier, {
        refusesWhileLocked: input.login_method === 'password',
        hasCaptcha,
      });
      if (reservation.outcome === 'locked') throw lockedError(reservation.lockedUntil, clock());
      if (reservation.outcome === 'captcha_required') throw new AppError('captcha_required', loginMessages.captchaRequired);

      const user = await findAccount(input);
      const isAccepted = await checkSecret(input, user);
      await auth.insertLoginEvent({
        userId: user?.id ?? null,
        email: input.email.slice(0, 254),
        method: input.login_method,
        success: isAccepted,
        ...client,
      });

      if (!isAccepted || !user) {
        if (reservation.isLockingAttempt && reservation.lockedUntil) {
          if (user) await warnOfLock(user);
          throw lockedError(reservation.lockedUntil, clock());
        }
        throw new AppError('unauthorized', input.login_method === 'password' ? loginMessages.wrongCredentials : loginMessages.wrongCode);
      }
      if (user.accountStatus !== 'active') {
        await auth.clearThrottle(identifier, db);
        throw new AppError('forbidden', loginMessages.inactive, undefined, user.statusReason ?? undefined);
      }
      const methods = await secondFactor.methods(user.id);
      if (methods.length > 0) {
        // No session yet: the second step spends this token with a code of the account's second factor.
        // This try stays booked against the first step until the second succeeds, and each wrong code
        // there books another, so the captcha and the lock count both steps.
        const challengeToken = generateToken();
        await auth.insertLoginChallenge({
          tokenHash: hashToken(challengeToken),
          userId: user.id,
          identifier,
          expiresAt: new Date(clock().getTime() + CHALLENGE_LIFETIME_MS),
        });
        return { second_factor_required: true, challenge_token: challengeToken, methods };
      }
      await auth.clearThrottle(identifier, db);
      return signIn(user, client);
    },

    /**
     * The second step of a login: the challenge's token and a code of the authenticator app (or a
     * recovery code) open the session. A wrong code leaves the challenge to try again until it
     * expires or the second step locks (five wrong codes: 15 minutes); each try is a login event.
     */
    async completeSecondFactor(input: { challenge_token: string; code: string }, client: ClientInfo) {
      return completeSecondStep(input.challenge_token, client, (userId) => secondFactor.verify(userId, input.code));
    },

    /** A ceremony for one of the account's passkeys, as the second step of the login whose challenge this is. */
    async secondFactorPasskeyOptions(challengeToken: string) {
      const challenge = await auth.findLiveChallenge(hashToken(challengeToken), clock());
      if (!challenge) throw new AppError('unauthorized', loginMessages.challengeExpired);
      return secondFactor.passkeyOptions(challenge.userId, 'second_factor', challenge.id);
    },

    /** The second step with a passkey: its answer to the ceremony bound to this challenge; a refusal counts as a wrong code. */
    async completeSecondFactorWithPasskey(input: { challenge_token: string } & PasskeyAnswer, client: ClientInfo) {
      return completeSecondStep(input.challenge_token, client, (userId, challengeId) =>
        secondFactor.verifyPasskey(userId, 'second_factor', challengeId, input),
      );
    },

    passkeySignInOptions: () => secondFactor.passkeySignInOptions(),

    /**
     * A sign-in another module proved (a national digital identity, itself two factors at its provider):
     * a session for an active account, with the new device's e-mail as any sign-in.
     */
    async signInProved(user: UserRow, client: ClientInfo) {
      if (user.accountStatus !== 'active')
        throw new AppError('forbidden', loginMessages.inactive, undefined, user.statusReason ?? undefined);
      return signIn(user, client);
    },

    /** A sign-in with a passkey alone: the passkey and the device's lock are both factors, so the session is stepped up. */
    async signInWithPasskey(answer: PasskeyAnswer, client: ClientInfo) {
      const userId = await secondFactor.passkeySignIn(answer);
      const user = await users.findUserById(userId);
      if (!user) throw new AppError('unauthorized', loginMessages.challengeExpired);
      await auth.insertLoginEvent({ userId: user.id, email: user.email, method: 'passkey', success: true, ...client });
      if (user.accountStatus !== 'active')
        throw new AppError('forbidden', loginMessages.inactive, undefined, user.statusReason ?? undefined);
      return signIn(user, client, { steppedUp: true });
    },

    /** Whether the next password login needs a captcha; while locked it needs none, only the wait. */
    async loginStatus(email: string) {
      const now = clock();
      const throttle = await auth.findThrottle(loginIdentifier(email, 'password'));
      const lockedUntil = throttle?.lockedUntil ?? null;
      if (lockedUntil && lockedUntil > now) {
        return { requires_captcha: false, is_locked: true, locked_minutes: minutesUntil(lockedUntil, now) };
      }
      const failures = lockedUntil ? 0 : (throttle?.failedCount ?? 0);
      return { requires_captcha: failures >= CAPTCHA_AFTER_FAILURES, is_locked: false, locked_minutes: 0 };
    },

    /**
     * Sends a login code; the answer is the same whether or not an account matches. A second request
     * for the same address or number within a minute is answered 429 with the seconds left, whether
     * or not an account has it, so the wait reveals nothing either.
     */
    async sendLoginCode(method: 'email' | 'sms', identifierInput: string) {
      // An SMS goes to a number: an e-mail address here is refused on its look alone, saying nothing of any account.
      if (method === 'sms' && !isMobileNumber(identifierInput)) {
        throw new AppError('validation_failed', [{ loc: ['body', 'email'], msg: messages.enterMobileNumber, type: 'value_error' }]);
      }
      const loginMethod = method === 'sms' ? 'sms_code' : 'email_code';
      await checkCodeRequest(rateLimiter, 'login-code', loginIdentifier(identifierInput, loginMethod));
      const user = await findAccount({ email: identifierInput, login_method: loginMethod });
      // An unknown address costs the same hashing as a real code, so the timing tells nothing.
      if (!user || user.accountStatus !== 'active') await hashSecret(generateToken());
      if (user && user.accountStatus === 'active') {
        const to = method === 'sms' ? `${user.countryCode}${user.phoneNumber}` : user.email;
        await issueCodeQuietly(() =>
          transaction(db, (tx) => codes.issueCode({ purpose: 'login', subjectId: user.id, channel: method, to }, tx)),
        );
        void delivery.dispatchSoon();
      }
      return { success: true, message: loginMessages.codeSent };
    },

    async createCaptcha() {
      const addend = CAPTCHA_SUMS[randomInt(0, CAPTCHA_SUMS.length)] ?? 3;
      const challenge = await auth.insertCaptcha(addend * 2, new Date(clock().getTime() + CAPTCHA_LIFETIME_MS));
      // The sum alone ('4 + 4'): each language asks it in its own words and with its own question mark.
      return { captcha_id: challenge.id, question: `${addend} + ${addend}` };
    },

    /** A right answer yields a single-use token; any answer uses the challenge up. */
    async verifyCaptcha(captchaId: string, answer: number) {
      const challenge = await auth.takeCaptcha(captchaId, clock());
      if (!challenge || challenge.answer !== answer) throw new AppError('bad_request', loginMessages.wrongCaptcha);
      const token = generateToken();
      await auth.attachCaptchaToken(challenge.id, hashToken(token), new Date(clock().getTime() + CAPTCHA_LIFETIME_MS));
      return { captcha_token: token };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
