import { writeNotification } from '@mihna/shared';
import { expect, test } from './fixtures.ts';
import { expectHeading, postJob, registerEmployer, registerUser, signIn, type Account } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function propose(request: Parameters<typeof postJob>[0], professional: Account, jobId: string) {
  const response = await request.post('/api/proposals', {
    data: { job_id: jobId, proposal_text: 'I service villa AC units every week.', proposed_rate: 90, estimated_hours: 12 },
    headers: { authorization: `Bearer ${professional.token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { proposal: { id: string } }).proposal.id;
}

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`notifications in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`a bell item leads to its subject, the proposal on the project page, and reads that one only${phoneInArabic(language)}`, async ({
      page,
      request,
    }) => {
      const text = textsIn(language);
      const employer = await registerEmployer(request);
      const saeed = await registerUser(request, { first_name: 'Saeed', last_name: 'Al Ketbi' });
      const noura = await registerUser(request, { first_name: 'نورة', last_name: 'الشامسي' });
      const job = await postJob(request, employer, { title: `Villa AC service ${Date.now().toString(36)}` });
      const proposalId = await propose(request, saeed, job.id);
      await propose(request, noura, job.id);

      await useLanguage(page, language);
      await signIn(page, employer);
      await page.goto('/dashboard');
      const bell = page
        .getByRole('banner')
        .getByRole('button', { name: new RegExp(`^${escapeRegExp(text('common', 'notifications.label'))}`) });
      await expect(bell).toHaveAccessibleName(text('common', 'notifications.label_unread', { unread: 2 }));
      await expect(bell.getByTestId('notification-count')).toHaveText('2');

      await bell.click();
      const said = writeNotification('proposal_received', { worker_name: 'Saeed Al Ketbi', job_title: job.title }, language);
      const entry = page.getByRole('menu').getByRole('menuitem').filter({ hasText: said.message });
      await expect(entry).toContainText(said.title);
      await expect(entry).toContainText(text('common', 'notifications.unread'));
      await entry.click();

      await expect(page).toHaveURL(`/projects/${job.id}#proposal-${proposalId}`);
      await expectHeading(page, job.title);
      const proposal = page.getByRole('main').getByTestId('proposal').filter({ hasText: 'Saeed Al Ketbi' });
      await expect(proposal).toBeInViewport();
      await expect(bell).toHaveAccessibleName(text('common', 'notifications.label_unread', { unread: 1 }));
      await expect(bell.getByTestId('notification-count')).toHaveText('1');

      // The other notice is still unread, after a reload too.
      await page.reload();
      await bell.click();
      const other = writeNotification('proposal_received', { worker_name: 'نورة الشامسي', job_title: job.title }, language);
      await expect(page.getByRole('menu').getByRole('menuitem').filter({ hasText: other.message })).toContainText(
        text('common', 'notifications.unread'),
      );
      await expect(page.getByRole('menu').getByRole('menuitem').filter({ hasText: said.message })).not.toContainText(
        text('common', 'notifications.unread'),
      );
    });
  });
}
