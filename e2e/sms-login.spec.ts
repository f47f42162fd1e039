import { expect, test } from './fixtures.ts';
import { uniquePhone } from './outbox.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`SMS login in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`an e-mail address on the SMS tab is asked to be a mobile number, and no code is said to be sent${phoneInArabic(language)}`, async ({
      page,
      request,
    }) => {
      const text = textsIn(language);
      const asked = text('validation', 'Please enter your mobile number');
      await useLanguage(page, language);
      await page.goto('/login');
      await page.getByRole('tab', { name: text('auth', 'login.tab_sms_code') }).click();
      await page.getByLabel(text('auth', 'login.mobile')).fill('omar.almansoori@demo.mihna.ae');
      await page.getByRole('button', { name: text('auth', 'login.send_code') }).click();
      await expect(page.getByRole('alert')).toHaveText(asked);
      await expect(page.getByText(text('auth', 'login.code_sent_sms'))).toHaveCount(0);

      // The server answers the same to any caller, whether or not an account has that address.
      for (const email of ['omar.almansoori@demo.mihna.ae', 'nobody.at.all@example.ae']) {
        const answer = await request.post('/api/auth/send-login-code?method=sms', { data: { email } });
        expect(answer.status()).toBe(422);
        expect(await answer.json()).toEqual({
          detail: [{ loc: ['body', 'email'], msg: 'Please enter your mobile number', type: 'value_error' }],
          code: 'validation_failed',
        });
      }

      // A mobile number is answered as before (whether or not it has an account).
      await page.getByLabel(text('auth', 'login.mobile')).fill(`+971${uniquePhone()}`);
      await page.getByRole('button', { name: text('auth', 'login.send_code') }).click();
      await expect(page.getByText(text('auth', 'login.code_sent_sms'))).toBeVisible();
    });
  });
}
