import { hourlyRateToMinor, registrationMessages } from '@mihna/shared';
import type { AccountDependencies } from './account-dependencies.ts';
import type { Registration } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { ModerationService } from '../moderation/index.ts';
import { toCurrentUser } from '../users/index.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { PendingRegistration } from './auth.repository.ts';
import type { ClientInfo } from '../../plugins/request-identity.ts';

const PENDING_LIFETIME_MS = 24 * 3_600_000;

type StoredRegistration = Omit<Registration, 'password' | 'confirm_password'> & { password_hash: string };

export interface RegistrationDependencies extends AccountDependencies {
  moderation: ModerationService;
  rateLimiter: RateLimiter;
  clock: () => Date;
}

// Each submission for an address sends a code to it: at most this many an hour, from anywhere.
const SUBMISSIONS_PER_ADDRESS_PER_HOUR = 10;

const recipientOf = (registration: Pick<PendingRegistration, 'verificationMethod'>, email: string, details: StoredRegistration) =>
  registration.verificationMethod === 'sms' ? `${details.country_code}${details.phone_number}` : email;

/** Told to the owner of an account whose e-mail or number someone just used to register. */
const takenNotice = (holder: { email: string; firstName: string }, isEmail: boolean) => ({
  channel: 'email' as const,
  to: holder.email,
  subject: 'Someone tried to register with your details on Mihna',
  text: [
    `Hello ${holder.firstName},`,
    `Someone just tried to create a new Mihna account with your ${isEmail ? 'e-mail address' : 'mobile number'}. You already have an account, so no new one was created.`,
    'If it was you, log in instead, or reset your password if you have forgotten it. If it was not you, you can ignore this message.',
    `مرحباً ${holder.firstName}،`,
    `حاول شخص للتو إنشاء حساب جديد في مهنة ${isEmail ? 'ببريدك الإلكتروني' : 'برقم هاتفك'}. لديك حساب بالفعل، فلم يُنشأ حساب جديد.`,
    'إن كنت أنت، فسجّل الدخول، أو أعد تعيين كلمة المرور إن نسيتها. وإن لم تكن أنت، فتجاهل هذه الرسالة.',
  ].join('\n\n'),
});

export function createRegistrationService(dependencies: RegistrationDependencies) {
  const { db, auth, users, codes, sessions, delivery, moderation, rateLimiter, clock } = dependencies;

  async function assertIdentityFree(email: string, countryCode: string, phone: string, executor: Db) {
    if (await users.findUserByEmail(email, executor)) {
      throw new AppError('conflict', registrationMessages.emailTaken);
    }
    if (await users.findUserByPhoneNumber(countryCode, phone, executor)) {
      throw new AppError('conflict', registrationMessages.phoneTaken);
    }
  }

  /** The account that already holds this e-mail or mobile number, if any. */
  async function holderOf(email: string, countryCode: string, phone: string, executor: Db) {
    return (await users.findUserByEmail(email, executor)) ?? (await users.findUserByPhoneNumber(countryCode, phone, executor));
  }

  /**
   * Issues the code that completes a registration. When the e-mail or the number already has an
   * account, the registration is answered exactly as any other (so nobody learns who has an account)
   * but its code is a stand-in that goes nowhere, and the account's owner is told by e-mail instead.
   */
  async function issueRegistrationCode(
    pending: Pick<PendingRegistration, 'id' | 'verificationMethod' | 'email'>,
    details: StoredRegistration,
    isReplacement: boolean,
    tx: Tx,
  ) {
    const holder = await holderOf(pending.email, details.country_code, details.phone_number, tx);
    await codes.issueCode(
      {
        purpose: 'registration',
        subjectId: pending.id,
        channel: pending.verificationMethod,
        to: recipientOf(pending, pending.email, details),
        isReplacement,
        isStandIn: holder !== undefined,
      },
      tx,
    );
    if (holder) await delivery.enqueue(takenNotice(holder, holder.email.toLowerCase() === pending.email.toLowerCase()), tx);
  }

  return {
    /** Validates, moderates and parks a registration until its code is entered; sends the code. */
    async register(input: Registration) {
      if (isCommonPassword(input.password))
        throw new AppError('validation_failed', [
          { loc: ['body', 'password'], msg: registrationMessages.commonPassword, type: 'common_password' },
        ]);
      const moderated = moderation.moderateFields({ bio: input.bio, company_description: input.company_description });
      moderation.refuseContactDetails({
        bio: moderated.values.bio ?? input.bio,
        company_name: input.company_name,
        company_description: moderated.values.company_description ?? input.company_description,
        career_highlights: input.career_highlights,
      });
      const { password, confirm_password: _confirm, ...rest } = { ...input, ...moderated.values };
      const details: StoredRegistration = {
        ...rest,
        show_exact_location: rest.show_location && rest.show_exact_location,
        password_hash: await hashSecret(password),
      };
      const now = clock();
      const submissions = await rateLimiter.hit(
        {
          bucket: 'register-address',
          limit: SUBMISSIONS_PER_ADDRESS_PER_HOUR,
          windowSeconds: 3600,
          message: registrationMessages.tooManyRegistrations,
        },
        input.email.toLowerCase(),
      );
      if (!submissions.isAllowed)
        throw new AppError('rate_limited', registrationMessages.tooManyRegistrations, submissions.retryAfterSeconds);

      const outcome = await transaction(db, async (tx) => {
        const existing = await auth.findPendingRegistrationByEmail(input.email, tx);
        const fields = {
          phoneNumber: input.phone_number,
          verificationMethod: input.verification_method,
          details,
          expiresAt: new Date(now.getTime() + PENDING_LIFETIME_MS),
        };
        const isReplacement = existing !== undefined && existing.expiresAt > now;
        let pending: Pick<PendingRegistration, 'id' | 'verificationMethod'>;
        if (existing && isReplacement) {
          // The newest registration replaces the waiting one and every code sent for it dies with it,
          // so nobody can park a password on an address for its owner to confirm. Its own code goes
          // out at once, so the person who just submitted always holds a code that works.
          await auth.updatePendingRegistration(existing.id, fields, tx);
          await auth.retireLiveCodes('registration', existing.id, tx);
          pending = { id: existing.id, verificationMethod: fields.verificationMethod };
        } else {
          if (existing) await auth.deletePendingRegistration(existing.id, tx);
          pending = await auth.insertPendingRegistration({ email: input.email, ...fields }, tx);
        }
        await issueRegistrationCode({ ...pending, email: input.email }, details, isReplacement, tx);
        return { pending, isReplacement };
      });
      void delivery.dispatchSoon();

      return {
        registration_id: outcome.pending.id,
        verification_method: outcome.pending.verificationMethod,
        verification_required: true,
        access_token: null,
        user: null,
        moderation_messages: moderated.messages,
        message: outcome.isReplacement ? registrationMessages.replaced[outcome.pending.verificationMethod] : null,
      };
    },

    async checkRegistration(email: string) {
      const pending = await auth.findPendingRegistrationByEmail(email);
      const isLive = pending !== undefined && pending.expiresAt > clock();
      return {
        has_registration: isLive,
        registration_id: isLive ? pending.id : null,
        email,
        verification_method: isLive ? pending.verificationMethod : null,
      };
    },

    async resendVerification(email: string) {
      const pending = await auth.findPendingRegistrationByEmail(email);
      if (!pending || pending.expiresAt <= clock()) throw new AppError('not_found', registrationMessages.noPendingForEmail);
      await transaction(db, (tx) => issueRegistrationCode(pending, pending.details as StoredRegistration, false, tx));
      void delivery.dispatchSoon();
      return { success: true, message: registrationMessages.resent[pending.verificationMethod] };
    },

    /** Turns a verified registration into a user and signs them in. */
    async completeRegistration(
      input: { registration_id: string; verification_code: string; email?: string | undefined },
      client: ClientInfo,
    ) {
      const pending = await auth.findPendingRegistration(input.registration_id);
      const isSameEmail = !input.email || pending?.email.toLowerCase() === input.email.toLowerCase();
      if (!pending || !isSameEmail || pending.expiresAt <= clock()) throw new AppError('not_found', registrationMessages.noPending);
      await codes.consumeCode('registration', pending.id, input.verification_code);

      const details = pending.details as StoredRegistration;
      const { user, token } = await transaction(db, async (tx) => {
        await assertIdentityFree(pending.email, details.country_code, details.phone_number, tx);
        const created = await users.insertUser(
          {
            email: pending.email,
            phoneNumber: details.phone_number,
            countryCode: details.country_code,
            firstName: details.first_name,
            lastName: details.last_name,
            role: details.role,
            passwordHash: details.password_hash,
            verificationMethod: pending.verificationMethod,
            gender: details.gender ?? null,
            skills: details.skills,
            languages: details.languages,
            careerHighlights: details.career_highlights,
            hourlyRateMinor: hourlyRateToMinor(details.hourly_rate ?? null),
            yearsOfExperience: details.years_of_experience ?? null,
            bio: details.bio ?? null,
            companyName: details.company_name ?? null,
            companyDescription: details.company_description ?? null,
            country: details.country ?? 'AE',
            emirate: details.emirate ?? null,
            city: details.city ?? null,
            industryCategory: details.industry_category ?? null,
            localServiceCategory: details.local_service_category ?? null,
            localServiceSubcategory: details.local_service_subcategory ?? null,
            showLocation: details.show_location,
            showExactLocation: details.show_exact_location,
          },
          tx,
        );
        await auth.deletePendingRegistration(pending.id, tx);
        return { user: created, token: (await sessions.openSession(created.id, client, tx)).token };
      });
      return { access_token: token, user: toCurrentUser(user) };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
