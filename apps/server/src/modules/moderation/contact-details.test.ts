import { describe, expect, it } from 'vitest';
import { findContactDetails, maskContactDetails, MASK } from './contact-details.ts';
import { evasiveMessages, innocentMessages } from './contact-details.fixtures.ts';
import { heldOutEvasive, heldOutInnocent } from './contact-details.held-out.ts';

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

describe('contact details in messages', () => {
  it('lets at least 200 ordinary messages through untouched and catches at least 200 evasive ones', () => {
    expect(innocentMessages.length).toBeGreaterThanOrEqual(200);
    expect(evasiveMessages.length).toBeGreaterThanOrEqual(200);
    const wronglyMasked = innocentMessages.filter((message) => findContactDetails(message).length > 0);
    const missed = evasiveMessages.filter((message) => findContactDetails(message).length === 0);
    console.log(
      `contact details: ${innocentMessages.length - wronglyMasked.length}/${innocentMessages.length} ordinary messages passed ` +
        `(${percent(innocentMessages.length - wronglyMasked.length, innocentMessages.length)}), ` +
        `${evasiveMessages.length - missed.length}/${evasiveMessages.length} evasive ones caught ` +
        `(${percent(evasiveMessages.length - missed.length, evasiveMessages.length)})`,
    );
    expect(wronglyMasked.map((message) => [message, maskContactDetails(message).text])).toEqual([]);
    expect(missed).toEqual([]);
  });

  it('does as well on a list written without sight of it, and names the four it still misses', () => {
    const wronglyMasked = heldOutInnocent.filter((message) => findContactDetails(message).length > 0);
    const missed = heldOutEvasive.filter((message) => findContactDetails(message).length === 0);
    console.log(
      `contact details, held-out list: ${heldOutInnocent.length - wronglyMasked.length}/${heldOutInnocent.length} ordinary passed, ` +
        `${heldOutEvasive.length - missed.length}/${heldOutEvasive.length} evasive caught`,
    );
    expect(wronglyMasked).toEqual([]);
    // A number told in parts among other words, Arabic hundreds, a handle written in Arabic letters.
    expect(missed).toEqual([
      'first part 055, second part 876, last part 1234. you know what to do 😉',
      'صفر خمسين، مية وثلاثة وعشرين، خمسة وأربعين، سبعة وستين',
      '٠٥٠ تسعمية وتسعة وتسعين، ثمانية وثمانين، سبعة وسبعين',
      'السناب حقي: عبدالله_كويت (بالانقليزي abdullah_q8)',
    ]);
  });

  it('masks the detail where it stands in the original text, whatever digits it is written in', () => {
    expect(maskContactDetails('رقمي ٠٥٠ ١٢٣ ٤٥٦٧ شكراً')).toEqual({ text: `رقمي ${MASK} شكراً`, kinds: ['phone'] });
    expect(maskContactDetails('Write to ahmed.k88@gmail.com or call 050 123 4567.')).toEqual({
      text: `Write to ${MASK} or call ${MASK}.`,
      kinds: ['email', 'phone'],
    });
    expect(maskContactDetails('Easier on t.me/ahmedk88 than here')).toEqual({ text: `Easier on ${MASK} than here`, kinds: ['messenger'] });
    expect(maskContactDetails('IBAN AE07 0331 2345 6789 0123 456 please')).toEqual({ text: `${MASK} please`, kinds: ['iban'] });
    // Invisible characters between the digits are masked with them.
    expect(maskContactDetails('call 0\u200b5\u200b0\u200b1\u200b2\u200b3\u200b4\u200b5\u200b6\u200b7 now').text).toBe(`call ${MASK} now`);
  });

  it('leaves a message with nothing to find exactly as written', () => {
    const text = 'Milestone 2: 6,300 AED by 15/12/2026 at 10:30.';
    expect(maskContactDetails(text)).toEqual({ text, kinds: [] });
  });
});
