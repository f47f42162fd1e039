import { describe, expect, it } from 'vitest';
import { formatIban, ibanProblem, normaliseIban, payoutMessages, payoutMethodInputSchema, payoutRequestSchema } from './payouts.ts';

describe('IBAN', () => {
  it('accepts sound IBANs of the Gulf and elsewhere, however they are typed', () => {
    for (const iban of [
      'AE070331234567890123456',
      'ae07 0331 2345 6789 0123 456',
      'AE07 ٠٣٣١ ٢٣٤٥ ٦٧٨٩ ٠١٢٣ ٤٥٦',
      'SA0380000000608010167519',
      'QA58DOHB00001234567890ABCDEFG',
      'KW81CBKU0000000000001234560101',
      'BH67BMAG00001299123456',
      'GB29NWBK60161331926819',
    ]) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
    expect(normaliseIban('ae07 ٠٣٣١-2345')).toBe('AE0703312345');
    expect(formatIban('AE070331234567890123456')).toBe('AE07 0331 2345 6789 0123 456');
  });

  it('says what is wrong: not an IBAN, the wrong length for its country, or a typing mistake', () => {
    expect(ibanProblem('')).toBe(payoutMessages.ibanInvalid);
    expect(ibanProblem('1234567890')).toBe(payoutMessages.ibanInvalid);
    expect(ibanProblem('ZZ070331234567890123456')).toBe(payoutMessages.ibanInvalid);
    expect(ibanProblem('AE07033123456789012345')).toBe(payoutMessages.ibanLength(23));
    expect(ibanProblem('AE0703312345678901234567')).toBe(payoutMessages.ibanLength(23));
    // One digit changed, and two neighbours swapped: the checksum catches both.
    expect(ibanProblem('AE070331234567890123457')).toBe(payoutMessages.ibanChecksum);
    expect(ibanProblem('AE070331234567890123465')).toBe(payoutMessages.ibanChecksum);
  });

  it('reads a payout request in Arabic-Indic digits, and a bank account to save with its IBAN normalised', () => {
    expect(payoutRequestSchema.parse({ amount: '١٬٢٥٠٫٥٠', currency: 'aed', payout_method_id: 'm-1' })).toEqual({
      amount: 1250.5,
      currency: 'AED',
      payout_method_id: 'm-1',
    });
    expect(payoutMethodInputSchema.parse({ iban: 'ae07 0331 2345 6789 0123 456', account_holder: ' Mariam ' })).toEqual({
      iban: 'AE070331234567890123456',
      account_holder: 'Mariam',
    });
    expect(payoutRequestSchema.safeParse({ amount: 10, currency: 'AED' }).success).toBe(false);
  });
});
