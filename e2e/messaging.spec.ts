import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  bearer,
  consoleSignIn,
  DEMO_PASSWORD,
  fundEscrow,
  hire,
  openBrowserAs,
  registerEmployer,
  registerUser,
  signIn,
  uniqueWord,
  type Account,
} from './marketplace.ts';
import { textsIn, useLanguage } from './texts.ts';

const en = textsIn('en');
const ar = textsIn('ar');
/** The employer's project, the professional's proposal, accepted, paid into escrow on the built-in gateway: a funded contract. */
async function fundContract(request: APIRequestContext, employer: Account, professional: Account) {
  const job = await hire(request, employer, professional, {
    job: {
      title: `Shop fit-out drawings ${uniqueWord('fit')}`,
      budget_min: 2000,
      budget_max: 4000,
      industry_category: 'design_creative',
      local_service_category: null,
      local_service_subcategory: null,
      skills_required: 'AutoCAD, Interior design',
    },
    rate: 3000,
    text: 'I draw fit-out packages for retail units.',
  });
  await fundEscrow(request, employer, job.id, [{ title: 'Drawings', description: 'The full drawing package', amount: 3000 }]);
  return job;
}

/** Types a message and sends it with Enter, as people do. */
async function sendWithEnter(page: Page, placeholder: string, text: string) {
  const box = page.getByPlaceholder(placeholder);
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

const thread = (page: Page) => page.getByTestId('thread');

test.describe('messaging', () => {
  test('an employer contacts an expert from the profile; the expert, in Arabic, sees it live and replies; a phone number in Arabic-Indic digits is hidden until the contract is funded @phone', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const employer = await registerEmployer(request);
    const expert = await registerUser(request, { first_name: 'Noura', last_name: 'Al Suwaidi' });
    await signIn(page, employer);

    // The expert waits on their messages, in Arabic, in another browser.
    const expertPage = await openBrowserAs(browser, expert);
    await useLanguage(expertPage, 'ar');
    await expertPage.goto('/messages');
    await expect(expertPage.getByText(ar('messages', 'list.empty_title'))).toBeVisible();

    // Contact Expert opens the conversation.
    await page.goto(`/professionals/${expert.id}`);
    await page.getByRole('button', { name: en('professionals', 'expert.contact') }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('link', { name: 'Noura Al Suwaidi', exact: true })).toBeVisible();
    await sendWithEnter(page, en('messages', 'composer.placeholder'), 'Hello Noura, could you start on Sunday?');
    const first = thread(page).getByTestId('message').filter({ hasText: 'could you start on Sunday?' });
    await expect(first.locator('[data-state="sent"]')).toBeAttached();

    // It arrives live: the header's count and the list change without a reload.
    await expect(expertPage.getByRole('link', { name: /الرسائل، رسالة واحدة غير مقروءة/ })).toBeVisible({ timeout: 5_000 });
    const conversation = expertPage.getByTestId('conversation').filter({ hasText: `${employer.companyName ?? ''}` });
    await expect(conversation).toContainText('could you start on Sunday?');
    await conversation.click();
    await expect(thread(expertPage).getByText('Hello Noura, could you start on Sunday?')).toBeVisible();

    // Having opened it, the expert has read it: the employer sees it marked read, live.
    await expect(first.locator('[data-state="read"]')).toBeAttached({ timeout: 5_000 });
    await expect(expertPage.getByRole('link', { name: ar('common', 'header.messages'), exact: true })).toBeVisible();

    // The reply in Arabic reaches the employer's open conversation, right to left inside the English page.
    await sendWithEnter(expertPage, ar('messages', 'composer.placeholder'), 'نعم، يمكنني البدء يوم الأحد إن شاء الله');
    const reply = thread(page).getByText('نعم، يمكنني البدء يوم الأحد إن شاء الله');
    await expect(reply).toBeVisible({ timeout: 5_000 });
    expect(await reply.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');

    // Before the contract is funded, a phone number in Arabic-Indic digits is hidden, with the reason, on both sides.
    await sendWithEnter(expertPage, ar('messages', 'composer.placeholder'), 'رقمي ٠٥٠ ١٢٣ ٤٥٦٧ للتواصل');
    const masked = thread(page).getByTestId('message').filter({ hasText: 'للتواصل' });
    await expect(masked).toContainText('•••', { timeout: 5_000 });
    await expect(masked).not.toContainText('٤٥٦٧');
    await expect(masked.getByText(en('messages', 'masked_note'))).toBeVisible();
    await expect(thread(expertPage).getByText(ar('messages', 'masked_note'))).toBeVisible();

    // Once a contract between them is funded, the same number passes.
    const hired = await fundContract(request, employer, expert);
    await expertPage.reload();
    await sendWithEnter(expertPage, ar('messages', 'composer.placeholder'), 'رقمي ٠٥٠ ١٢٣ ٤٥٦٧ بعد التمويل');
    await expect(thread(page).getByText('رقمي ٠٥٠ ١٢٣ ٤٥٦٧ بعد التمويل')).toBeVisible({ timeout: 5_000 });

    // The hire's page leads to the same conversation, now about the project.
    const conversationUrl = new URL(page.url()).pathname;
    await page.goto(`/projects/${hired.id}/payment`);
    await page.getByRole('button', { name: en('payments', 'message.professional') }).click();
    await expect(page).toHaveURL(conversationUrl);
    await expect(page.getByRole('link', { name: hired.title, exact: true })).toBeVisible();

    // The professional reaches it from the project's page too.
    await expertPage.goto(`/projects/${hired.id}`);
    await expertPage.getByRole('button', { name: ar('projects', 'message_employer') }).click();
    await expect(expertPage).toHaveURL(conversationUrl);
    await expertPage.context().close();
  });

  test('a file and an image are sent and downloaded; a professional cannot cold-message an employer', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const employer = await registerEmployer(request);
    const expert = await registerUser(request, { first_name: 'Khalid', last_name: 'Al Ali' });
    await signIn(page, employer);

    // Contact Employer, before any application, says why not.
    const expertPage = await openBrowserAs(browser, expert);
    await expertPage.goto(`/employers/${employer.id}`);
    await expertPage.getByRole('button', { name: en('professionals', 'employer.contact') }).click();
    await expect(expertPage.getByRole('alert')).toHaveText('You can message an employer once you have applied to one of their projects.');

    await page.goto(`/professionals/${expert.id}`);
    await page.getByRole('button', { name: en('professionals', 'expert.contact') }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationUrl = new URL(page.url()).pathname;

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await page.getByTestId('attachment-input').setInputFiles({ name: 'Scope of work.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByText('Scope of work.pdf')).toBeVisible();
    await page.getByPlaceholder(en('messages', 'composer.placeholder')).fill('The scope, attached.');
    await page.getByRole('button', { name: en('messages', 'composer.send') }).click();
    await expect(
      thread(page).getByTestId('message').filter({ hasText: 'The scope, attached.' }).locator('[data-state="sent"]'),
    ).toBeAttached();

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('attachment-input').setInputFiles({ name: 'site-photo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('site-photo.png')).toBeVisible();
    await page.getByPlaceholder(en('messages', 'composer.placeholder')).press('Enter');

    // The expert downloads the PDF: the same bytes, under its name.
    await expertPage.goto(conversationUrl);
    await expect(thread(expertPage).getByRole('img', { name: 'site-photo.png' })).toBeVisible();
    const download = expertPage.waitForEvent('download');
    await thread(expertPage)
      .getByRole('button', { name: /Scope of work\.pdf/ })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Scope of work.pdf');
    expect(fs.readFileSync(await file.path()).equals(pdf)).toBe(true);
    await expertPage.context().close();
  });

  test('a professional reports a conversation; staff read it in the console, the reading is in the audit log, and they resolve it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const employer = await registerEmployer(request);
    const expert = await registerUser(request, { first_name: 'Salma', last_name: 'Al Hosani' });
    const opened = await request.post('/api/conversations', { data: { participant_id: expert.id }, headers: bearer(employer) });
    const { id } = (await opened.json()) as { id: string };
    const offer = `Pay me by bank transfer and skip the fee ${uniqueWord('ref')}`;
    await request.post(`/api/conversations/${id}/messages`, { data: { body: offer }, headers: bearer(employer) });

    // The expert reports it from the conversation's menu.
    const expertPage = await openBrowserAs(browser, expert);
    await expertPage.goto(`/messages/${id}`);
    await expect(thread(expertPage).getByText(offer)).toBeVisible();
    await expertPage.getByRole('button', { name: en('messages', 'actions.label') }).click();
    await expertPage.getByRole('menuitem', { name: en('messages', 'actions.report') }).click();
    const dialog = expertPage.getByRole('dialog', { name: en('messages', 'report.title') });
    // No reason is chosen for the reader: sending without one says so.
    await dialog.getByRole('button', { name: en('messages', 'report.submit') }).click();
    await expect(dialog.getByText(en('messages', 'report.reason_required'))).toBeVisible();
    await dialog.getByLabel(en('messages', 'report.reason')).selectOption('off_platform');
    const details = `Asked me to be paid outside Mihna ${uniqueWord('case')}`;
    await dialog.getByLabel(en('messages', 'report.details')).fill(details);
    await dialog.getByRole('button', { name: en('messages', 'report.submit') }).click();
    await expect(expertPage.getByText('Thank you. Our team will review this conversation.')).toBeVisible();
    await expertPage.context().close();

    // Staff find it in the console's Reports, read the conversation, and the reading is audited.
    await consoleSignIn(page, en, 'admin@demo.mihna.ae', DEMO_PASSWORD);
    await page.getByRole('tab', { name: en('admin', 'tabs.reports') }).click();
    const card = page.getByRole('article').filter({ hasText: details });
    await expect(card).toContainText('Salma Al Hosani');
    await card.getByRole('button', { name: en('admin', 'reports.read_one') }).click();
    const reading = page.getByRole('dialog');
    await expect(reading.getByText(offer)).toBeVisible();
    await expect(reading.getByText(en('admin', 'reports.audited'))).toBeVisible();
    await reading
      .getByRole('button', { name: en('admin', 'common.close') })
      .first()
      .click();

    await page.getByRole('tab', { name: en('admin', 'tabs.audit') }).click();
    await expect(page.getByRole('cell', { name: 'report.read_conversation' }).first()).toBeVisible();

    await page.getByRole('tab', { name: en('admin', 'tabs.reports') }).click();
    await card.getByLabel(en('admin', 'reports.resolution')).fill('Warned the employer about payments outside Mihna.');
    await card.getByRole('button', { name: en('admin', 'reports.resolve') }).click();
    await expect(page.getByText('Report resolved')).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
