import { z } from 'zod';
import { messages } from './messages.ts';
import { readNumber } from './numbers.ts';
import { toWesternDigits } from './plain-text.ts';

/**
 * IBAN lengths by country (ISO 13616 registry) for the Gulf, its neighbours and the countries its
 * professionals most often bank in. A country missing here is refused rather than guessed.
 */
export const ibanLengths: Readonly<Record<string, number>> = {
  AE: 23,
  SA: 24,
  QA: 29,
  KW: 30,
  BH: 22,
  OM: 23,
  JO: 30,
  LB: 28,
  EG: 29,
  IQ: 23,
  PS: 29,
  TR: 26,
  PK: 24,
  GB: 22,
  IE: 22,
  DE: 22,
  FR: 27,
  NL: 18,
  ES: 24,
  IT: 27,
  CH: 21,
};

export const payoutMessages = {
  ibanInvalid: 'Please enter a valid IBAN.',
  ibanLength: (n: number) => `This IBAN must be ${n} characters long.` as const,
  ibanChecksum: 'This IBAN is not valid. Please check it for typing mistakes.',
  overdrawn: 'The amount is more than your available balance.',
  requested: 'Your payout has been requested.',
  paid: 'Your payout has been sent to your bank account.',
  failed: 'Your payout could not be sent. The amount is back in your available balance.',
  accountHolderRequired: 'Please enter the name on the bank account.',
  onlyProfessionals: 'Only professionals have earnings to pay out.',
  noBalance: 'You have no balance in this currency.',
  methodRequired: 'Please choose a payout method.',
  methodNotFound: 'There is no such payout method on your account.',
  /** A new method waits 24 hours, with how many are left. */
  methodNotYetUsable: (hours: number) =>
    `This payout method can be used ${hours} ${hours === 1 ? 'hour' : 'hours'} from now: a new one waits 24 hours, in case someone else added it.` as const,
  methodDuplicate: 'This bank account is already saved.',
  methodAdded: 'Payout method saved. You can use it 24 hours from now; we told your e-mail.',
  methodRemoved: 'Payout method removed.',
  tooManyMethods: 'You can save up to 5 payout methods. Remove one first.',
  frozen: 'Payouts are frozen on this account. Reset your password to unfreeze them.',
  frozenNow: 'Payouts are frozen, the payout method was removed and every session ended. Reset your password to unfreeze them.',
  freezeLinkExpired: 'This link has expired or was used already.',
} as const;

/** An IBAN as typed or pasted ('ae07 0331 …', Arabic-Indic digits) in its electronic form: 'AE070331…'. */
export const normaliseIban = (text: string) =>
  toWesternDigits(text)
    .replace(/[\s\u00A0-]/g, '')
    .toUpperCase();

/** ISO 7064 mod 97-10 over the rearranged IBAN, letters as 10–35, computed piecewise so it stays exact. */
function ibanChecksumHolds(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = character >= 'A' ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The message for an IBAN that cannot be paid to, or null when it is sound (normalised first). */
export function ibanProblem(text: string): string | null {
  const iban = normaliseIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return payoutMessages.ibanInvalid;
  const length = ibanLengths[iban.slice(0, 2)];
  if (length === undefined) return payoutMessages.ibanInvalid;
  if (iban.length !== length) return payoutMessages.ibanLength(length);
  return ibanChecksumHolds(iban) ? null : payoutMessages.ibanChecksum;
}

/** 'AE07 0331 2345 6789 0123 456': the printed form, in groups of four. */
export const formatIban = (iban: string) => normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** A bank account to save: an IBAN (its country's length and mod-97) and the name on it. */
export const payoutMethodInputSchema = z.object({
  iban: z
    .string({ error: messages.required })
    .max(64, messages.maxLength(64))
    .superRefine((value, context) => {
      const problem = ibanProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform(normaliseIban),
  account_holder: z
    .string({ error: payoutMessages.accountHolderRequired })
    .trim()
    .min(1, payoutMessages.accountHolderRequired)
    .max(100, messages.maxLength(100)),
});

/** A saved payout method as its owner sees it: never the whole IBAN. */
export const payoutMethodSchema = z.object({
  id: z.string(),
  iban_masked: z.string(),
  iban_last4: z.string(),
  country: z.string(),
  account_holder: z.string(),
  usable_from: z.string(),
  is_usable: z.boolean(),
  created_at: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const payoutRequestSchema = z.object({
  amount: z.preprocess(
    readNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.validNumber) })
      .refine(Number.isFinite, messages.validNumber)
      .refine((value) => value > 0, messages.min(0)),
  ),
  currency: z.string().trim().length(3, messages.invalidFormat).toUpperCase(),
  payout_method_id: z.string({ error: payoutMessages.methodRequired }).min(1, payoutMessages.methodRequired).max(64),
});
export type PayoutRequestInput = z.input<typeof payoutRequestSchema>;

export const payoutSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['requested', 'paid', 'failed']),
  iban_last4: z.string(),
  account_holder: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** What the professional holds in one currency: available to pay out, on its way, in escrow, earned and paid out in all. */
export const earningsBalanceSchema = z.object({
  currency: z.string(),
  available: z.number(),
  pending_payouts: z.number(),
  in_escrow: z.number(),
  earned: z.number(),
  paid_out: z.number(),
});

export const earningsEntryKinds = ['milestone_released', 'payout_requested', 'payout_failed'] as const;

export const earningsEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** Positive when it added to the available balance, negative when it took from it. */
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
});

export const earningsSchema = z.object({
  balances: z.array(earningsBalanceSchema),
  history: z.array(earningsEntrySchema),
  payouts: z.array(payoutSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const payoutResponseSchema = z.object({ message: z.string(), payout: payoutSchema });
