import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { pdfLines } from '../apps/server/src/modules/documents/pdf-reading.ts';
import { expect, test } from './fixtures.ts';
import { logIn, OMAR_EMAIL, openBrowserAs, signIn, type Account } from './marketplace.ts';
import { textsIn, useLanguage } from './texts.ts';

const bearer = (account: Account) => ({ authorization: `Bearer ${account.token}` });
/** The demo's e-mail for a person, as the demo seed makes it. */
const demoEmail = (first: string, last: string) =>
  `${first.toLowerCase().replace(/[^a-z]/g, '')}.${last.toLowerCase().replace(/[^a-z]/g, '')}@demo.mihna.ae`;

/** What the professional's dashboard shows as Total Earned: its headline currency and amount. */
async function totalEarned(request: APIRequestContext, account: Account) {
  const stats = (await (await request.get('/api/dashboard/stats', { headers: bearer(account) })).json()) as {
    currency: string;
    total_earned: number;
  };
  return stats;
}

/** An amount as the English screens write it: 'AED 1,470.00'. */
const englishAed = (amount: number) => `AED ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function availableAed(request: APIRequestContext, account: Account) {
  const earnings = await request.get('/api/earnings', { headers: bearer(account) });
  const body = (await earnings.json()) as { balances: { currency: string; available: number }[] };
  return body.balances.find((balance) => balance.currency === 'AED')?.available ?? 0;
}

// The demo employer's hourly contract has one ended week waiting for his review, so this journey runs once per
// server's data: at phone width only (@phone-only, playwright.config.ts).
test('the employer reviews an hourly week in Arabic on a phone, disputing an entry, and pays it; the professional is paid the approved hours @phone-only', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const text = textsIn('ar');
  const omar = await logIn(request, OMAR_EMAIL);
  const hired = (await (await request.get('/api/jobs?status=assigned&job_type=hourly', { headers: bearer(omar) })).json()) as {
    jobs: { id: string; title: string }[];
  };
  const job = hired.jobs[0]!;
  const { timesheets } = (await (await request.get(`/api/jobs/${job.id}/timesheets`, { headers: bearer(omar) })).json()) as {
    timesheets: { week_start: string; status: string; entries: number }[];
  };
  const waiting = timesheets.find((sheet) => sheet.status === 'awaiting_review')!;
  expect(waiting.entries).toBeGreaterThanOrEqual(2);
  const proposals = (await (await request.get(`/api/proposals/job/${job.id}`, { headers: bearer(omar) })).json()) as {
    proposals: { status: string; worker: { first_name: string; last_name: string } }[];
  };
  const { worker } = proposals.proposals.find((proposal) => proposal.status === 'accepted')!;
  const professional = await logIn(request, demoEmail(worker.first_name, worker.last_name));
  const professionalPage = await openBrowserAs(browser, professional);
  const before = await availableAed(request, professional);
  const earnedBefore = await totalEarned(request, professional);

  await useLanguage(page, 'ar');
  await signIn(page, omar);
  await page.goto(`/projects/${job.id}/payment`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: text('time', 'job_time.title') })).toBeVisible();
  await main.getByRole('button', { name: text('time', 'timesheet.review') }).click();

  // Every entry but one is approved; the disputed one needs a note.
  const dialog = page.getByRole('dialog');
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(waiting.entries);
  const disputed = rows.first();
  const disputedText = (await disputed.locator('bdi').first().textContent())!;
  await disputed.getByRole('checkbox', { name: text('time', 'review.dispute') }).check();
  await dialog.getByRole('button', { name: text('time', 'review.submit_with_disputes_one') }).click();
  await expect(dialog.getByText(text('validation', 'This field is required'))).toBeVisible();
  await disputed.getByLabel(text('time', 'review.note')).fill('اتفقنا على ألا يُحتسب هذا الاجتماع');
  await dialog.getByRole('button', { name: text('time', 'review.submit_with_disputes_one') }).click();
  await expect(main.getByText(text('time', 'review.done'))).toBeVisible();
  await expect(main.getByText(text('time', 'entry_disputed')).first()).toBeVisible();

  // Paying the approved hours goes through the gateway's page and back.
  const { timesheets: reviewed } = (await (await request.get(`/api/jobs/${job.id}/timesheets`, { headers: bearer(omar) })).json()) as {
    timesheets: { week_start: string; approved_amount: number }[];
  };
  const approvedAmount = reviewed.find((sheet) => sheet.week_start === waiting.week_start)!.approved_amount;
  await main.getByRole('button', { name: new RegExp(`^${text('time', 'timesheet.pay', { amount: '.+' })}$`) }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+/);
  await page.locator('form[action$="/pay"] button').click();
  await expect(page).toHaveURL(/\/payments\/success/);
  await page.getByRole('link', { name: text('payments', 'checkout.continue') }).click();
  await expect(page).toHaveURL(`/projects/${job.id}/payment`);
  await expect(main.getByText(text('time', 'timesheet.bill.paid'), { exact: true }).first()).toBeVisible();
  // Nothing on the page runs past a phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The professional sees the dispute's note and is paid the approved hours, less the 2% fee.
  await professionalPage.goto(`/projects/${job.id}/payment`);
  await expect(professionalPage.getByRole('main').getByText('اتفقنا على ألا يُحتسب هذا الاجتماع')).toBeVisible();
  await expect(professionalPage.getByRole('main').getByText(disputedText).first()).toBeVisible();
  const fee = Math.round(approvedAmount * 2) / 100;
  expect(await availableAed(request, professional)).toBeCloseTo(before + approvedAmount - fee, 2);
  // Either side downloads the week as a PDF, in the other language too: the professional reads English and
  // takes it in Arabic. Its text lists the entries, the note and the approval.
  // The week's region is the innermost of those holding the note (the page's time section holds it too).
  const week = professionalPage.getByRole('region').filter({ hasText: 'اتفقنا على ألا يُحتسب هذا الاجتماع' }).last();
  const [download] = await Promise.all([
    professionalPage.waitForEvent('download'),
    week.getByRole('button', { name: text('common', 'pdf.in_ar') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`timesheet-${waiting.week_start}-${job.id.slice(0, 8)}-ar.pdf`);
  const lines = await pdfLines(await readFile(await download.path()), 'rtl');
  expect(lines[0]).toBe('مهنة | جدول الساعات');
  expect(lines.some((line) => line.includes(disputedText.trim()) && line.endsWith('معترض عليه'))).toBe(true);
  expect(lines.some((line) => line.includes('اتفقنا على ألا'))).toBe(true);
  expect(lines.some((line) => line.startsWith('الدفع | مدفوع'))).toBe(true);

  // Their screens say so too: the earnings page's balance and the dashboard's Total Earned.
  const available = Math.round((before + approvedAmount - fee) * 100) / 100;
  await professionalPage.goto('/earnings');
  const balance = professionalPage.getByRole('region', { name: 'AED' });
  await expect(balance.getByText('Available to pay out').locator('..')).toContainText(englishAed(available));
  expect(earnedBefore.currency).toBe('AED');
  await professionalPage.goto('/dashboard');
  const earnedCard = professionalPage.getByRole('main').locator('dt', { hasText: 'Total Earned' }).locator('..');
  await expect(earnedCard).toContainText(englishAed(Math.round((earnedBefore.total_earned + approvedAmount - fee) * 100) / 100));
});
