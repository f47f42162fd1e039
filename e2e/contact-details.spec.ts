import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { expectHeading, postJob, registerEmployer, registerUser, signIn } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

/** The server's refusal of public text with contact details, as the field shows it in each language. */
const refusal =
  'Please remove contact details (phone numbers, e-mail addresses, messenger handles, bank accounts). They can be shared in messages once a contract is funded.';
const refusalIn = (language: Language): string => {
  const catalogue = JSON.parse(fs.readFileSync(path.resolve('apps/web/src/i18n/locales', language, 'validation.json'), 'utf8')) as Record<
    string,
    string
  >;
  const translated = catalogue[refusal];
  if (!translated) throw new Error(`no ${language} text for the contact-details refusal`);
  return translated;
};

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`contact details in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`an employer reads a proposal with its phone and e-mail address hidden, and is told why${phoneInArabic(language)}`, async ({
      page,
      request,
    }) => {
      const text = textsIn(language);
      const employer = await registerEmployer(request);
      const professional = await registerUser(request, { first_name: 'Saeed', last_name: 'Al Ketbi' });
      const job = await postJob(request, employer);
      const proposed = await request.post('/api/proposals', {
        data: {
          job_id: job.id,
          proposal_text: 'I service villa AC units every week. WhatsApp me on 050 123 4567 or write to saeed.ketbi@gmail.com.',
          proposed_rate: 90,
          estimated_hours: 12,
        },
        headers: { authorization: `Bearer ${professional.token}` },
      });
      expect(proposed.status()).toBe(201);

      await useLanguage(page, language);
      await signIn(page, employer);
      await page.goto(`/projects/${job.id}`);
      await expectHeading(page, job.title);
      const proposal = page.getByRole('main').getByTestId('proposal').filter({ hasText: 'Saeed Al Ketbi' });
      await expect(proposal).toContainText('I service villa AC units every week. WhatsApp me on ••• or write to •••.');
      await expect(proposal).not.toContainText('050 123 4567');
      await expect(proposal).not.toContainText('saeed.ketbi@gmail.com');
      await expect(proposal.getByTestId('contact-masked')).toHaveText(text('common', 'contact_masked'));
    });

    test(`a professional who puts a phone number in their bio is told on the field, and the bio is not saved${phoneInArabic(language)}`, async ({
      page,
      request,
    }) => {
      const text = textsIn(language);
      const professional = await registerUser(request);
      await useLanguage(page, language);
      await signIn(page, professional);
      await page.goto('/profile/edit');
      await expectHeading(page, text('profile', 'title'));

      const bio = page.getByRole('main').getByLabel(text('profile', 'fields.bio'));
      await bio.fill('Licensed technician in Dubai. Call me on ٠٥٠ ١٢٣ ٤٥٦٧ for a visit.');
      await page.getByRole('button', { name: text('profile', 'save') }).click();
      const error = page.getByRole('main').getByText(refusalIn(language));
      await expect(error).toBeVisible();
      await expect(bio).toHaveAttribute('aria-invalid', 'true');
      await expect(bio).toHaveAttribute('aria-describedby', (await error.getAttribute('id')) ?? '');
      await expect(page.getByText(text('profile', 'saved'))).toBeHidden();

      const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${professional.token}` } });
      expect((await me.json()).bio).toBe('Licensed technician in Dubai for homes and offices.');
    });
  });
}
