import { z } from 'zod';
import { messages } from './messages.ts';
import { currencyInfo, hasCurrencyDecimals, HOURLY_RATE_CURRENCY } from './money.ts';
import { phoneCountryCodes } from './reference/phone-codes.ts';
import { extractCode, readNumber } from './numbers.ts';
import { resolveReferencesInSchema } from './reference-fields.ts';
import { isPlainLine, toWesternDigits } from './plain-text.ts';
import { splitList, trimListItem } from './lists.ts';
import { emailAddress } from './text.ts';
import { vatNumberSchema } from './invoices.ts';

/**
 * The specification uses worker, professional and expert for one role. The API accepts all three
 * and stores one value, so no screen or rule can treat them differently.
 */
export const userRoles = ['professional', 'employer'] as const;
export type UserRole = (typeof userRoles)[number];
const roleAliases: Record<string, UserRole> = {
  professional: 'professional',
  worker: 'professional',
  expert: 'professional',
  employer: 'employer',
};
export const canonicalRole = (value: string): UserRole | undefined => roleAliases[value.trim().toLowerCase()];
export const roleSchema = z.string({ error: messages.required }).transform((value, context) => {
  const role = canonicalRole(value);
  if (!role) context.addIssue({ code: 'custom', message: messages.invalidFormat });
  return role ?? 'professional';
});

export const genders = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const verificationMethods = ['email', 'sms'] as const;
export const loginMethods = ['password', 'email_code', 'sms_code'] as const;

// Letters and digits, and only the specials the specification lists.
const passwordPattern = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d@$!%*?&]{8,128}$/;
export const passwordSchema = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .regex(passwordPattern, messages.weakPassword);

/**
 * Digits only, 7 to 15 of them. Spaces and dashes people type are dropped, Arabic-Indic digits read
 * as 0–9, and the national trunk 0 removed (050… is stored as 50…, as it is dialled after +971).
 */
export const phoneNumberSchema = z
  .string({ error: messages.required })
  .transform((value) =>
    toWesternDigits(value)
      .replace(/[\s-]/g, '')
      .replace(/^0+(?=\d{7})/, ''),
  )
  .pipe(
    z
      .string()
      .min(1, messages.required)
      .regex(/^\d{7,15}$/, messages.invalidPhone),
  );

export const countryCodeSchema = z
  .string()
  .default('+971')
  .refine((code) => phoneCountryCodes.some((entry) => entry.code === code), messages.invalidFormat);

const name = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .min(2, messages.minLength(2))
  .max(60, messages.maxLength(60))
  .refine(isPlainLine, messages.invalidFormat);
const optionalText = (max: number) => z.string().trim().max(max, messages.maxLength(max)).optional().nullable();

/** The country of the user's location: its ISO code or name (resolved with the other places); the emirate field holds the region within it. */
export const locationCountrySchema = z.string().trim().max(60, messages.maxLength(60));

/**
 * "a, b،، c؛ d" → ['a', 'b', 'c', 'd'] (splitList). A list sent as a list is trimmed the same way, and its
 * items split too: a skill or a language holds no comma, and a form of before the Arabic separators sends
 * "TypeScript، Node.js" as one item. `keepsItems`: a list's items stay whole (a career highlight is a
 * sentence, and may hold a comma); typed as text, it is split all the same.
 */
export const commaSeparatedList = (maxItems: number, maxLength: number, { keepsItems = false }: { keepsItems?: boolean } = {}) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .nullable()
    .transform((value) => {
      if (!Array.isArray(value)) return splitList(value ?? '');
      return keepsItems ? value.map(trimListItem).filter(Boolean) : value.flatMap(splitList);
    })
    .pipe(z.array(z.string().max(maxLength, messages.maxLength(maxLength))).max(maxItems, messages.max(maxItems)));

/** A typed number ('120', '١٢٠', '1,500') as its value; empty is null (the field is cleared). */
const typedNumber = (value: unknown) => readNumber(value) ?? null;
export const hourlyRateSchema = z.preprocess(
  typedNumber,
  z
    .number({ error: messages.validNumber })
    .refine(Number.isFinite, messages.validNumber)
    .pipe(
      z
        .number()
        .min(0, messages.min(0))
        .max(100_000, messages.max(100_000))
        .refine(
          (rate) => hasCurrencyDecimals(rate, HOURLY_RATE_CURRENCY),
          messages.tooManyDecimals(currencyInfo(HOURLY_RATE_CURRENCY).decimals),
        ),
    )
    .nullable(),
);
export const yearsOfExperienceSchema = z.preprocess(
  typedNumber,
  z
    .number({ error: messages.validWholeNumber })
    .refine(Number.isFinite, messages.validWholeNumber)
    .pipe(z.number().int(messages.validWholeNumber).min(0, messages.min(0)).max(50, messages.max(50)))
    .nullable(),
);

/** The registration form's fields (the schema below also resolves places and industries to their ids). */
export const registrationFieldsSchema = z
  .object({
    role: roleSchema,
    first_name: name,
    last_name: name,
    email: emailAddress(),
    phone_number: phoneNumberSchema,
    country_code: countryCodeSchema,
    verification_method: z.enum(verificationMethods).default('email'),
    password: passwordSchema,
    confirm_password: z.string({ error: messages.required }).min(1, messages.required),
    gender: z.enum(genders).optional().nullable(),
    skills: commaSeparatedList(50, 60),
    career_highlights: commaSeparatedList(20, 200, { keepsItems: true }),
    languages: commaSeparatedList(20, 40),
    hourly_rate: hourlyRateSchema.optional(),
    years_of_experience: yearsOfExperienceSchema.optional(),
    bio: optionalText(2000),
    company_name: optionalText(120),
    company_description: optionalText(2000),
    country: locationCountrySchema.optional(),
    emirate: optionalText(40),
    city: optionalText(60),
    industry_category: optionalText(60),
    local_service_category: optionalText(60),
    local_service_subcategory: optionalText(60),
    show_location: z.boolean().default(true),
    show_exact_location: z.boolean().default(false),
  })
  .refine((input) => input.password === input.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] });

export const registrationInputSchema = registrationFieldsSchema.transform((input, context) =>
  resolveReferencesInSchema(input, context, { country: 'AE' }),
);
export type RegistrationInput = z.input<typeof registrationInputSchema>;
export type Registration = z.output<typeof registrationInputSchema>;

export const codeMessage = 'Please enter a 6-digit verification code';

/** A 6-digit code as typed or pasted ('396 384', 'Code: 396384', Arabic-Indic digits). */
export const verificationCodeSchema = z
  .string({ error: messages.required })
  .transform((value) => extractCode(value))
  .pipe(z.string().regex(/^\d{6}$/, codeMessage));

export const loginInputSchema = z
  .object({
    email: z.string({ error: messages.required }).trim().max(254),
    login_method: z.enum(loginMethods).default('password'),
    password: z.string().max(128).optional(),
    verification_code: z
      .string()
      .transform((value) => extractCode(value))
      .optional(),
    captcha_token: z.string().max(100).optional(),
  })
  .superRefine((input, context) => {
    if (!input.email) {
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: input.login_method === 'sms_code' ? messages.mobileRequired : messages.required,
      });
    }
    if (input.login_method === 'password' && !input.password)
      context.addIssue({ code: 'custom', path: ['password'], message: messages.required });
    if (input.login_method !== 'password' && !/^\d{6}$/.test(input.verification_code ?? '')) {
      context.addIssue({ code: 'custom', path: ['verification_code'], message: codeMessage });
    }
  });
export type LoginInput = z.input<typeof loginInputSchema>;

export const passwordResetInputSchema = z
  .object({
    email: emailAddress(),
    reset_code: verificationCodeSchema,
    new_password: passwordSchema,
    confirm_password: z.string({ error: messages.required }).min(1, messages.required),
  })
  .refine((input) => input.new_password === input.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] });
export type PasswordResetInput = z.input<typeof passwordResetInputSchema>;

/** POST /api/account/password: the password in use, the new one twice (step-up first; every other session ends). */
export const passwordChangeInputSchema = z
  .object({
    current_password: z.string({ error: messages.required }).min(1, messages.required).max(128),
    new_password: passwordSchema,
    confirm_password: z.string({ error: messages.required }).min(1, messages.required),
  })
  .refine((input) => input.new_password === input.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] });
export type PasswordChangeInput = z.input<typeof passwordChangeInputSchema>;

/** 'linkedin.com/in/name' is what people copy from the address bar: it means https://linkedin.com/in/name. */
export function completeUrl(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || /^[a-z][a-z\d+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/\//, '')}`;
}

const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' ? completeUrl(value) || null : value),
  z
    .url({ protocol: /^https?$/, hostname: /^[^.]+(\.[^.]+)+$/, message: messages.invalidFormat })
    .max(500, messages.maxLength(500))
    .nullable()
    .optional(),
);
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === '' ? null : value), z.enum(values).nullable().optional());

/** What a user may change on their own profile (the four tabs of Edit profile); absent fields stay as they are. */
export const profileUpdateSchema = z.object({
  first_name: name.optional(),
  last_name: name.optional(),
  phone_number: phoneNumberSchema.optional(),
  country_code: countryCodeSchema.optional(),
  gender: optionalChoice(genders),
  bio: optionalText(2000),
  skills: commaSeparatedList(50, 60).optional(),
  languages: commaSeparatedList(20, 40).optional(),
  career_highlights: commaSeparatedList(20, 200, { keepsItems: true }).optional(),
  hourly_rate: hourlyRateSchema.optional(),
  years_of_experience: yearsOfExperienceSchema.optional(),
  availability_status: optionalChoice(['available', 'busy', 'unavailable'] as const),
  preferred_project_size: optionalChoice(['small', 'medium', 'large', 'enterprise', 'any'] as const),
  company_name: optionalText(120),
  company_description: optionalText(2000),
  company_size: optionalChoice(['1-10', '11-50', '51-200', '201-1000', '1000+'] as const),
  vat_number: vatNumberSchema.optional(),
  website_url: optionalUrl,
  country: locationCountrySchema.optional(),
  emirate: optionalText(40),
  city: optionalText(60),
  industry_category: optionalText(60),
  local_service_category: optionalText(60),
  local_service_subcategory: optionalText(60),
  show_location: z.boolean().optional(),
  show_exact_location: z.boolean().optional(),
  linkedin_url: optionalUrl,
  github_url: optionalUrl,
  behance_url: optionalUrl,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** The body of PUT /users/{id}: the profile changes, and the current password when the mobile number changes. */
/** What Edit profile sends: the profile's changes (a new mobile number needs step-up, checked by the route). */
export const profileUpdateRequestSchema = profileUpdateSchema;
export type ProfileUpdateRequestInput = z.input<typeof profileUpdateRequestSchema>;
export type ProfileUpdateRequest = z.output<typeof profileUpdateRequestSchema>;

/** A new e-mail address for the account (POST /account/email, after step-up). */
export const emailChangeInputSchema = z.object({ email: emailAddress() });
