import { describe, expect, it } from 'vitest';
import { notificationKinds, type NotificationKind } from './jobs.ts';
import { hasNotificationParams, notificationPlaceholders, notificationTexts, writeNotification } from './notification-texts.ts';

const placeholdersIn = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
// The params that are titles: a sentence quotes them.
const quotedNames = ['job_title', 'milestone_title'];

describe('notificationTexts', () => {
  it('says every kind in both languages with the same names', () => {
    for (const kind of notificationKinds) {
      const { en, ar } = notificationTexts[kind];
      expect(en.title && ar.title && en.message && ar.message, kind).toBeTruthy();
      expect(placeholdersIn(ar.message), kind).toEqual(placeholdersIn(en.message));
    }
  });

  it('quotes every title in the language’s one style: "…" in English, «…» in Arabic, and no other quotes', () => {
    for (const kind of notificationKinds) {
      const { en, ar } = notificationTexts[kind];
      for (const name of quotedNames) {
        if (!en.message.includes(`{{${name}}}`)) continue;
        expect(en.message, kind).toContain(`"{{${name}}}"`);
        expect(ar.message, kind).toContain(`«{{${name}}}»`);
      }
      expect(en.message, kind).not.toMatch(/[«»“”„‘’]/);
      expect(ar.message, kind).not.toMatch(/["“”„'‘’]/);
      // A name is not quoted, whatever the language.
      expect(en.message.replace(/"\{\{(job|milestone)_title\}\}"/g, ''), kind).not.toContain('"');
      expect(ar.message.replace(/«\{\{(job|milestone)_title\}\}»/g, ''), kind).not.toMatch(/[«»]/);
    }
  });
});

describe('writeNotification', () => {
  const params = { employer_name: 'شركة النور', worker_name: 'Layla Haddad', job_title: 'Company website', milestone_title: 'تصميم' };

  it('wraps a quoted title and a name in isolates inside the English quotes', () => {
    expect(writeNotification('milestone_submitted', params, 'en')).toEqual({
      title: 'Milestone submitted',
      message: '\u2068Layla Haddad\u2069 submitted "\u2068تصميم\u2069" on "\u2068Company website\u2069" for your approval.',
    });
  });

  it('wraps them in isolates inside the Arabic quotes', () => {
    expect(writeNotification('job_invitation', params, 'ar')).toEqual({
      title: 'دعوة إلى مشروع',
      message: 'دعاك \u2068شركة النور\u2069 إلى مشروع «\u2068Company website\u2069».',
    });
  });

  it('writes amounts, dates and hours in the reader’s language from the data the event carries', () => {
    const week = {
      employer_name: 'Falcon Tech',
      job_title: 'Clinic booking site',
      week: '2026-11-02',
      hours: '12.5',
      amount: '1250',
      currency: 'AED',
      amount_text: 'AED 1,250.00',
      disputed_count: '1',
    };
    expect(writeNotification('timesheet_reviewed', week, 'en').message).toBe(
      '\u2068Falcon Tech\u2069 reviewed the week of \u2068Nov 2, 2026\u2069 on "\u2068Clinic booking site\u2069": ' +
        '\u206812.50\u2069 hours approved (\u2068AED 1,250.00\u2069), \u20681\u2069 entries disputed.',
    );
    expect(writeNotification('timesheet_reviewed', week, 'ar').message).toContain('(\u20681,250.00 د.إ\u2069)');
    expect(writeNotification('featured_active', { job_title: 'X', date: '2026-12-01' }, 'ar').message).toContain(
      '\u20681 ديسمبر 2026\u2069',
    );
  });

  it('keeps the amount text it was given when the amount itself cannot be read', () => {
    const odd = { amount_text: 'AED 10.00', amount: '10.005', currency: 'AED', iban_last4: '1234' };
    expect(writeNotification('payout_paid', odd, 'en').message).toContain('\u2068AED 10.00\u2069');
  });
});

describe('hasNotificationParams', () => {
  it('knows when a row lacks a name its sentence needs', () => {
    expect(notificationPlaceholders('proposal_received')).toEqual(['worker_name', 'job_title']);
    expect(hasNotificationParams('proposal_received', { worker_name: 'Layla', job_title: 'Site' })).toBe(true);
    expect(hasNotificationParams('proposal_received', { worker_name: 'Layla' })).toBe(false);
    expect(hasNotificationParams('a_kind_from_a_newer_server' as NotificationKind, { job_title: 'Site' })).toBe(false);
  });
});
