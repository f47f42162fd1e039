import { z } from 'zod';
import { genders, userRoles, verificationMethods } from './accounts.ts';
import { messages } from './messages.ts';

/** The signed-in user's own view of their account (never another user's). */
export const currentUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  country_code: z.string(),
  role: z.enum(userRoles),
  gender: z.enum(genders).nullable(),
  skills: z.array(z.string()),
  languages: z.array(z.string()),
  career_highlights: z.array(z.string()),
  hourly_rate: z.number().nullable(),
  years_of_experience: z.number().int().nullable(),
  bio: z.string().nullable(),
  company_name: z.string().nullable(),
  company_description: z.string().nullable(),
  website_url: z.string().nullable(),
  company_size: z.string().nullable(),
  /** The business's VAT number (TRN), printed on its tax invoices. */
  vat_number: z.string().nullable(),
  country: z.string(),
  emirate: z.string().nullable(),
  city: z.string().nullable(),
  industry_category: z.string().nullable(),
  local_service_category: z.string().nullable(),
  local_service_subcategory: z.string().nullable(),
  show_location: z.boolean(),
  show_exact_location: z.boolean(),
  verification_method: z.enum(verificationMethods),
  profile_picture: z.string().nullable(),
  total_rating: z.number(),
  total_reviews: z.number().int(),
  account_status: z.enum(['active', 'suspended', 'blocked']),
  linkedin_url: z.string().nullable(),
  github_url: z.string().nullable(),
  behance_url: z.string().nullable(),
  availability_status: z.enum(['available', 'busy', 'unavailable']).nullable(),
  preferred_project_size: z.string().nullable(),
  created_at: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const sessionResponseSchema = z.object({ access_token: z.string(), user: currentUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * A login whose first step passed for an account with a second factor: no session yet, but a token
 * for the second step (POST /auth/second-factor), valid five minutes.
 */
export const secondFactorMethodSchema = z.enum(['totp', 'recovery_code', 'passkey']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

export const secondFactorChallengeSchema = z.object({
  second_factor_required: z.literal(true),
  challenge_token: z.string(),
  methods: z.array(secondFactorMethodSchema),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/**
 * A WebAuthn ceremony's start: a single-use token the answer goes back with, and the options for the
 * browser's navigator.credentials (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON).
 */
export const passkeyCeremonySchema = z.object({ ceremony_token: z.string(), options: z.record(z.string(), z.unknown()) });
export type PasskeyCeremony = z.infer<typeof passkeyCeremonySchema>;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
/** What @simplewebauthn/browser answers: checked here for shape and size only; the signature is the server's to check. */
const credentialFields = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const passkeyAssertionSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export const passkeyAttestationSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(7)
      .optional(),
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

/** A passkey's answer to a sign-in, second-step or step-up ceremony. */
export const passkeyAnswerSchema = z.object({ ceremony_token: z.string().max(100), response: passkeyAssertionSchema });
export const secondFactorPasskeyInputSchema = passkeyAnswerSchema.extend({ challenge_token: z.string().max(100) });

const passkeyName = z.string().trim().min(1, messages.required).max(60, messages.maxLength(60));
export const passkeyRegistrationInputSchema = z.object({
  ceremony_token: z.string().max(100),
  response: passkeyAttestationSchema,
  name: passkeyName,
});
export const passkeyRenameInputSchema = z.object({ name: passkeyName });
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  backed_up: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** The second step of a login: the challenge's token, and a code of the authenticator app or a recovery code. */
/** A code of the authenticator app (6 digits) or a recovery code (XXXXX-XXXXX), as typed. */
const secondFactorCode = z.string().trim().min(1, messages.required).max(32);

/** A second factor's code alone: setting up the app, turning it off, step-up. */
export const secondFactorCodeInputSchema = z.object({ code: secondFactorCode });

export const secondFactorLoginInputSchema = z.object({
  challenge_token: z.string().max(100),
  code: secondFactorCode,
});
