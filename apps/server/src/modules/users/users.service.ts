import {
  accountMessages,
  type CountryCode,
  findRegion,
  hourlyRateToMinor,
  loginMessages,
  type ProfileUpdate,
  type ProfileUpdateRequest,
  registrationMessages,
  resolveReferenceFields,
  type UserAccountStatus,
} from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ModerationService } from '../moderation/index.ts';
import { type MediaRepository, processProfilePicture } from '../media/index.ts';
import { toCurrentUser } from './user-response.ts';
import { createUsersAccess } from './users.access.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';
import type { Actor } from '../../lib/access.ts';

/** Pictures one account may upload in an hour: room to try a few, not to keep the decoder busy. */
export const PICTURE_UPLOADS_PER_HOUR = 20;

/** What a deleted user is called wherever their records still name them. */
export const DELETED_USER_NAME = { first: 'Deleted', last: 'user' } as const;

const columnOf = {
  first_name: 'firstName',
  last_name: 'lastName',
  phone_number: 'phoneNumber',
  country_code: 'countryCode',
  gender: 'gender',
  bio: 'bio',
  skills: 'skills',
  languages: 'languages',
  career_highlights: 'careerHighlights',
  hourly_rate: 'hourlyRateMinor',
  years_of_experience: 'yearsOfExperience',
  availability_status: 'availabilityStatus',
  preferred_project_size: 'preferredProjectSize',
  company_name: 'companyName',
  company_description: 'companyDescription',
  company_size: 'companySize',
  vat_number: 'vatNumber',
  website_url: 'websiteUrl',
  country: 'country',
  emirate: 'emirate',
  city: 'city',
  industry_category: 'industryCategory',
  local_service_category: 'localServiceCategory',
  local_service_subcategory: 'localServiceSubcategory',
  show_location: 'showLocation',
  show_exact_location: 'showExactLocation',
  linkedin_url: 'linkedinUrl',
  github_url: 'githubUrl',
  behance_url: 'behanceUrl',
} as const satisfies Record<keyof ProfileUpdate, string>;

/**
 * The profile's places, industry and services as ids (names in either language are accepted), read
 * against the country the profile will have; an unknown value is refused on its field. A new country
 * drops a stored region or city that is not in it.
 */
function resolveProfileReferences(actor: UserRow, update: ProfileUpdate): ProfileUpdate {
  const { values, issues } = resolveReferenceFields(update, { country: actor.country as CountryCode });
  if (issues.length > 0) {
    throw new AppError(
      'validation_failed',
      issues.map((issue) => ({ loc: ['body', issue.field], msg: issue.message, type: 'reference' })),
    );
  }
  // Every profile has a country: a blank one leaves it as it is.
  const resolved = { ...values, country: values.country ?? undefined };
  const country = resolved.country ?? actor.country;
  if (resolved.emirate === undefined && actor.emirate && !findRegion(country, actor.emirate)) {
    return { ...resolved, emirate: null, city: resolved.city ?? null };
  }
  return resolved;
}

/** Whether an update changes the account's mobile number (or its country code). */
export const isPhoneChange = (
  user: { countryCode: string; phoneNumber: string },
  update: { country_code?: string | undefined; phone_number?: string | undefined },
) => (update.country_code ?? user.countryCode) !== user.countryCode || (update.phone_number ?? user.phoneNumber) !== user.phoneNumber;

export function createUsersService(dependencies: {
  db: Db;
  users: UsersRepository;
  media: MediaRepository;
  moderation: ModerationService;
  rateLimiter: RateLimiter;
}) {
  const { db, users, media, moderation, rateLimiter } = dependencies;
  const access = createUsersAccess();

  /** The acting user's row, read fresh; a session whose user is gone is no longer signed in. */
  async function signedInUser(actor: Actor) {
    const user = await users.findUserById(actor.id);
    if (!user) throw new AppError('unauthorized', loginMessages.notAuthenticated);
    return user;
  }

  return {
    /** Keeps the position the browser shared (the location module's update): the users table is written here only. */
    async updatePosition(
      userId: string,
      position: { latitude: number; longitude: number; locationAccuracy: number | null; locationUpdatedAt: Date },
    ) {
      await users.updateUser(userId, position, db);
    },

    /**
     * Only the user themself edits a profile; free text is moderated as at registration. A new mobile
     * number is first confirmed by `confirmPhoneChange` (the route's step-up).
     */
    async updateProfile(actor: Actor, userId: string, input: ProfileUpdateRequest, confirmPhoneChange: () => Promise<void>) {
      await access.require(actor, 'user.update', userId);
      const user = await signedInUser(actor);
      const update = resolveProfileReferences(user, input);
      const moderated = moderation.moderateFields({ bio: update.bio, company_description: update.company_description });
      moderation.refuseContactDetails({
        bio: moderated.values.bio ?? update.bio,
        company_name: update.company_name,
        company_description: moderated.values.company_description ?? update.company_description,
        career_highlights: update.career_highlights,
      });
      const changes: Record<string, unknown> = {};
      for (const [field, value] of Object.entries({ ...update, ...moderated.values })) {
        if (value === undefined) continue;
        changes[columnOf[field as keyof ProfileUpdate]] = field === 'hourly_rate' ? hourlyRateToMinor(value as number | null) : value;
      }
      // The exact location is shown only with the location itself.
      if ((update.show_location ?? user.showLocation) === false) changes.showExactLocation = false;

      const countryCode = update.country_code ?? user.countryCode;
      const phoneNumber = update.phone_number ?? user.phoneNumber;
      // Codes for SMS login go to this number: it changes only after step-up.
      if (isPhoneChange(user, update)) {
        await confirmPhoneChange();
        const holder = await users.findUserByPhoneNumber(countryCode, phoneNumber);
        if (holder && holder.id !== user.id) throw new AppError('conflict', registrationMessages.phoneTaken);
      }
      const updated = Object.keys(changes).length > 0 ? await users.updateUser(user.id, changes, db) : user;
      return { ...toCurrentUser(updated ?? user), moderation_messages: moderated.messages };
    },

    /** Replaces the user's picture with the re-encoded upload; the old picture is deleted with the change. */
    async setProfilePicture(actor: Actor, imageData: string) {
      const user = await signedInUser(actor);
      const uploads = await rateLimiter.hit(
        { bucket: 'picture-upload', limit: PICTURE_UPLOADS_PER_HOUR, windowSeconds: 3600, message: accountMessages.tooManyPictures },
        user.id,
      );
      if (!uploads.isAllowed) throw new AppError('rate_limited', accountMessages.tooManyPictures, uploads.retryAfterSeconds);
      const image = await processProfilePicture(imageData);
      const updated = await transaction(db, async (tx) => {
        // Locked, so parallel uploads replace one another in turn and none is left behind.
        const current = await users.lockUser(user.id, tx);
        const stored = await media.insertMedia({ ownerUserId: user.id, ...image }, tx);
        const row = await users.updateUser(user.id, { profilePictureId: stored.id }, tx);
        if (current?.profilePictureId) await media.deleteMedia(current.profilePictureId, tx);
        return row;
      });
      return toCurrentUser(updated ?? user);
    },

    async deleteProfilePicture(actor: Actor) {
      const user = await signedInUser(actor);
      const updated = await transaction(db, async (tx) => {
        const current = await users.lockUser(user.id, tx);
        if (!current?.profilePictureId) return current;
        const row = await users.updateUser(user.id, { profilePictureId: null }, tx);
        await media.deleteMedia(current.profilePictureId, tx);
        return row;
      });
      return toCurrentUser(updated ?? user);
    },

    /**
     * Staff's decision on an account (the console's Users tab, in its transaction): its status, the
     * reason while it is not active, and when it changed. Answers the row as it is now.
     */
    async setAccountStatus(id: string, change: { status: UserAccountStatus; reason: string }, at: Date, tx: Tx) {
      return users.updateUser(
        id,
        { accountStatus: change.status, statusReason: change.status === 'active' ? null : change.reason, statusChangedAt: at },
        tx,
      );
    },

    /**
     * Deletes an account (decision 38, in the console's transaction): its personal details are wiped and
     * it can never sign in again (`passwordHash` is the hash of a password nobody knows), but the row
     * stays, anonymised, for the contracts, payments and ledger entries that name it.
     */
    async eraseAccount(id: string, erasure: { passwordHash: string; at: Date }, tx: Tx) {
      // Their picture goes with their details: its bytes are deleted, not only unlinked.
      const pictureId = (await users.findUserById(id, tx))?.profilePictureId;
      const erased = await users.updateUser(
        id,
        {
          email: `deleted-${id}@deleted.invalid`,
          phoneNumber: `deleted-${id}`,
          firstName: DELETED_USER_NAME.first,
          lastName: DELETED_USER_NAME.last,
          passwordHash: erasure.passwordHash,
          accountStatus: 'blocked',
          statusReason: null,
          statusChangedAt: erasure.at,
          deletedAt: erasure.at,
          gender: null,
          skills: [],
          languages: [],
          careerHighlights: [],
          bio: null,
          companyName: null,
          companyDescription: null,
          websiteUrl: null,
          linkedinUrl: null,
          githubUrl: null,
          behanceUrl: null,
          city: null,
          latitude: null,
          longitude: null,
          locationAccuracy: null,
          locationUpdatedAt: null,
          profilePictureId: null,
          showLocation: false,
        },
        tx,
      );
      if (pictureId) await media.deleteMedia(pictureId, tx);
      return erased;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
