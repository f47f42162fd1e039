import { z } from 'zod';
import { countryCodeSchema, phoneNumberSchema, roleSchema } from './accounts.ts';
import { emailAddress } from './text.ts';
import { messages } from './messages.ts';
import { currentUserSchema } from './user.ts';

/** The national digital identity providers Mihna signs in with (each only when configured). */
export const identityProviderIds = ['uae_pass', 'nafath'] as const;
export type IdentityProviderId = (typeof identityProviderIds)[number];

/** A configured provider, as the sign-in and Security pages show its button. */
export const identityProviderSchema = z.object({
  id: z.enum(identityProviderIds),
  label: z.object({ en: z.string(), ar: z.string() }),
});

export const identityStartInputSchema = z.object({
  /** Sign in (or create an account), or link to the signed-in account. */
  intent: z.enum(['sign_in', 'link']),
});

/** The badge of a person who verified their identity: the provider, by id (the screens name it in their language). */
export const identityVerifiedSchema = z.object({ provider: z.enum(identityProviderIds) }).nullable();
export type IdentityVerified = z.infer<typeof identityVerifiedSchema>;

export const identityLinkSchema = z.object({
  provider: z.enum(identityProviderIds),
  full_name_en: z.string().nullable(),
  full_name_ar: z.string().nullable(),
  nationality: z.string().nullable(),
  verified_at: z.string(),
});
export type IdentityLink = z.infer<typeof identityLinkSchema>;

/** What a finished sign-in's ticket opens: a session, or the verified identity of a person with no account yet. */
export const identityTicketResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), access_token: z.string(), user: currentUserSchema }),
  z.object({
    status: z.literal('signup'),
    provider: z.enum(identityProviderIds),
    full_name_en: z.string().nullable(),
    full_name_ar: z.string().nullable(),
    email: z.string().nullable(),
    country_code: z.string().nullable(),
    phone_number: z.string().nullable(),
  }),
]);
export type IdentityTicketResponse = z.infer<typeof identityTicketResponseSchema>;

/** A new account from a verified identity: its role and contact details, and the e-mailed code when the provider vouched for no e-mail. */
export const identitySignupInputSchema = z.object({
  ticket: z.string().max(100),
  role: roleSchema,
  email: emailAddress(),
  country_code: countryCodeSchema,
  phone_number: phoneNumberSchema,
  verification_code: z.string().trim().max(12).optional(),
});

export const identitySignupResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), access_token: z.string(), user: currentUserSchema }),
  z.object({ status: z.literal('code_sent'), message: z.string() }),
]);

export const identityTicketInputSchema = z.object({ ticket: z.string().min(1, messages.required).max(100) });
