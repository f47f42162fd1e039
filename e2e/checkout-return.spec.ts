import { expect, test } from './fixtures.ts';
import { bearer, hire, registerEmployer, registerUser, TOKEN_KEY, uniqueWord } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage } from './texts.ts';

// The journeys' servers keep PUBLIC_URL at its default, http://localhost:PORT, while the browser opens
// http://127.0.0.1:PORT (scripts/e2e-servers.mjs): the site's two addresses on one machine.
for (const language of ['en', 'ar'] as const) {
  test(`an employer on 127.0.0.1 pays on the test checkout and comes back there signed in, with the receipt${phoneInArabic(language)}`, async ({
    page,
    request,
    baseURL,
  }) => {
    const text = textsIn(language);
    const employer = await registerEmployer(request);
    const professional = await registerUser(request, { first_name: 'Mariam', last_name: 'Al Ketbi' });
    const job = await hire(request, employer, professional, {
      job: { title: `Clinic booking site ${uniqueWord('clinic')}`, budget_min: 2000, budget_max: 5000 },
      rate: 3000,
      text: 'I will build the booking pages and the admin.',
    });
    const setup = await request.post(`/api/jobs/${job.id}/setup-payment`, {
      data: { milestones: [{ title: 'Booking pages', description: 'Both languages.', amount: 1500, due_date: null }] },
      headers: bearer(employer),
    });
    expect(setup.ok(), await setup.text()).toBe(true);

    // Console errors, each with the page it happened on.
    const errors: { url: string; text: string }[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push({ url: page.url(), text: `${message.text()} ${message.location().url}` });
    });
    page.on('pageerror', (error) => errors.push({ url: page.url(), text: error.message }));

    const site = new URL(baseURL ?? '').origin;
    expect(new URL(site).hostname).toBe('127.0.0.1');
    const onSite = new RegExp(`^${site.replace(/[.]/g, '\\.')}`);
    await useLanguage(page, language);
    // Signed in on 127.0.0.1 only, as a browser keeps a session: on localhost they would be signed out.
    await page.addInitScript(
      ([key, token]) => {
        if (window.location.hostname === '127.0.0.1' && !window.localStorage.getItem(key)) window.localStorage.setItem(key, token);
      },
      [TOKEN_KEY, employer.token] as const,
    );
    await page.context().addCookies([{ name: 'mihna.signed_in', value: '1', url: site }]);
    await page.goto(`/projects/${job.id}/payment`);
    await page
      .getByRole('main')
      .getByRole('button', { name: text('payments', 'fund.button') })
      .click();

    // The checkout page is on the origin the employer is on, in the product's look.
    await expect(page).toHaveURL(new RegExp(`${onSite.source}/checkout/[0-9a-f-]+\\?lang=${language}$`));
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      const loaded: string[] = [];
      document.fonts.forEach((face) => {
        if (face.status === 'loaded') loaded.push(face.family.replace(/"/g, ''));
      });
      return { body: getComputedStyle(document.body).fontFamily, loaded };
    });
    const face = language === 'ar' ? 'IBM Plex Sans Arabic' : 'Inter Variable';
    expect(fonts.body.replace(/"/g, '')).toMatch(new RegExp(`^${face}`));
    expect(fonts.loaded).toContain(face);
    const checkoutPage = page.url();

    await page.locator('form[action$="/pay"] button').click();
    await expect(page).toHaveURL(new RegExp(`${onSite.source}/payments/success\\?checkout=`));
    await expect(page.getByRole('heading', { name: text('payments', 'checkout.success_title') })).toBeVisible();
    // Signed in still: only the payer may see their checkout's outcome, and the session is this origin's.
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBe(employer.token);
    expect(errors.filter((error) => error.url === checkoutPage)).toEqual([]);

    // The receipt is on the project's payment page, to open in either language.
    await page.getByRole('link', { name: text('payments', 'checkout.continue') }).click();
    await expect(page).toHaveURL(`${site}/projects/${job.id}/payment`);
    const receipts = page.getByRole('region', { name: text('receipts', 'title') });
    await expect(receipts.getByText(text('receipts', 'purpose.escrow'), { exact: true })).toBeVisible();
    await expect(receipts.getByText(/^MIH-R-\d{6}$/)).toBeVisible();
    await expect(receipts.getByRole('button', { name: text('common', 'pdf.download') })).toBeVisible();

    // And it went to the employer by e-mail, in the language they paid in.
    const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(employer.email)}`);
    const { messages } = (await outbox.json()) as { messages: { subject: string; text: string }[] };
    const receipt = messages.find((message) => /MIH-R-\d{6}/.test(message.subject));
    expect(receipt?.subject).toContain(language === 'ar' ? 'إيصالك من مهنة' : 'Your Mihna receipt');
    expect(receipt?.text).toContain(job.title);
  });
}
