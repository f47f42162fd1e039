import { messagingMessages, type AdminReport, type AdminReportConversation, type Attachment, type Conversation } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { call } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { createAdmin, createSuperAdmin, type TestAdmin } from './test-admins.ts';

let app: App;
let employer: TestAccount;
let professional: TestAccount;
let superAdmin: TestAdmin;
let moderator: TestAdmin;
let support: TestAdmin;
let conversation: Conversation;
let attachment: Attachment;
let reportId: string;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  app = await createTestApp();
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  superAdmin = await createSuperAdmin(app);
  moderator = await createAdmin(app, superAdmin, 'moderator');
  support = await createAdmin(app, superAdmin, 'support_staff');

  conversation = (
    await call(app, 'POST', '/api/conversations', employer.token, { participant_id: professional.user.id })
  ).json<Conversation>();
  await call(app, 'POST', `/api/conversations/${conversation.id}/messages`, employer.token, {
    body: 'Pay me outside the site and I will give you a discount.',
  });
  const upload = await app.inject({
    method: 'POST',
    url: `/api/conversations/${conversation.id}/attachments`,
    headers: { ...bearer(employer.token), 'content-type': 'application/octet-stream', 'x-file-name': 'offer.pdf' },
    payload: pdf,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  attachment = upload.json<Attachment>();
  await call(app, 'POST', `/api/conversations/${conversation.id}/messages`, employer.token, { attachment_id: attachment.id });
  const reported = await call(app, 'POST', `/api/conversations/${conversation.id}/report`, professional.token, {
    reason: 'off_platform',
    details: 'Asked me to take payment by bank transfer.',
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const list = await app.inject({ method: 'GET', url: '/api/admin/reports', headers: bearer(moderator.token) });
  reportId = list.json<{ reports: AdminReport[] }>().reports[0]!.id;
});
afterAll(() => app.close());

const asAdmin = (admin: TestAdmin | TestAccount, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: bearer(admin.token), ...(payload === undefined ? {} : { payload: payload as object }) });

const auditOf = async (action: string) => {
  const log = await asAdmin(superAdmin, 'GET', '/api/admin/audit-log?limit=50');
  return (log.json<{ entries: { action: string; admin_email: string; target_id: string }[] }>().entries ?? []).filter(
    (entry) => entry.action === action,
  );
};

describe('reported conversations in the console', () => {
  it('lists a report with both people and why, never the messages', async () => {
    const response = await asAdmin(moderator, 'GET', '/api/admin/reports');
    expect(response.statusCode).toBe(200);
    const [report] = response.json<{ reports: AdminReport[] }>().reports;
    expect(report).toMatchObject({
      conversation_id: conversation.id,
      reason: 'off_platform',
      details: 'Asked me to take payment by bank transfer.',
      status: 'open',
      reporter: { id: professional.user.id, name: 'Hessa Al Falasi', role: 'professional' },
      reported: { id: employer.user.id, role: 'employer' },
      message_count: 2,
    });
    expect(JSON.stringify(response.json())).not.toContain('discount');
  });

  it('lets staff with review_reports read the conversation and download its file, each written in the audit log', async () => {
    const before = (await auditOf('report.read_conversation')).length;
    const read = await asAdmin(moderator, 'GET', `/api/admin/reports/${reportId}/conversation`);
    expect(read.statusCode, read.body).toBe(200);
    const answer = read.json<AdminReportConversation>();
    expect(answer.messages.map((message) => message.body)).toEqual(['Pay me outside the site and I will give you a discount.', '']);
    const file = answer.messages[1]!.attachment!;
    expect(file.url).toBe(`/api/admin/reports/${reportId}/attachments/${attachment.id}`);
    const reads = await auditOf('report.read_conversation');
    expect(reads).toHaveLength(before + 1);
    expect(reads[0]).toMatchObject({ admin_email: moderator.email, target_id: conversation.id });

    const download = await asAdmin(moderator, 'GET', file.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(await auditOf('report.download_attachment')).toHaveLength(1);
  });

  it('refuses staff without the permission, platform users, and files from another conversation', async () => {
    for (const url of [
      '/api/admin/reports',
      `/api/admin/reports/${reportId}/conversation`,
      `/api/admin/reports/${reportId}/attachments/${attachment.id}`,
    ]) {
      expect((await asAdmin(support, 'GET', url)).statusCode).toBe(403);
      expect((await asAdmin(professional, 'GET', url)).statusCode).toBe(401);
    }
    expect((await asAdmin(support, 'POST', `/api/admin/reports/${reportId}/resolve`, { resolution: 'Nothing found.' })).statusCode).toBe(
      403,
    );

    const other = await createUser(app, { first_name: 'Omar', last_name: 'Saeed' });
    const otherConversation = (
      await call(app, 'POST', '/api/conversations', employer.token, { participant_id: other.user.id })
    ).json<Conversation>();
    const otherFile = await app.inject({
      method: 'POST',
      url: `/api/conversations/${otherConversation.id}/attachments`,
      headers: { ...bearer(employer.token), 'content-type': 'application/octet-stream', 'x-file-name': 'other.pdf' },
      payload: pdf,
    });
    await call(app, 'POST', `/api/conversations/${otherConversation.id}/messages`, employer.token, {
      attachment_id: otherFile.json<Attachment>().id,
    });
    const stray = await asAdmin(moderator, 'GET', `/api/admin/reports/${reportId}/attachments/${otherFile.json<Attachment>().id}`);
    expect(stray.statusCode).toBe(404);
    expect(stray.json()).toMatchObject({ detail: messagingMessages.fileNotFound });
    expect((await asAdmin(moderator, 'GET', `/api/admin/reports/${crypto.randomUUID()}/conversation`)).statusCode).toBe(404);
    expect((await asAdmin(moderator, 'GET', '/api/admin/reports/not-an-id/conversation')).statusCode).toBe(404);
  });

  it('resolves a report once, with what staff found, kept with it and in the audit log', async () => {
    const empty = await asAdmin(moderator, 'POST', `/api/admin/reports/${reportId}/resolve`, { resolution: '   ' });
    expect(empty.statusCode).toBe(422);
    const resolved = await asAdmin(moderator, 'POST', `/api/admin/reports/${reportId}/resolve`, {
      resolution: 'Warned the employer; suspended for a week in Users.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toEqual({ message: messagingMessages.reportResolved });
    const again = await asAdmin(moderator, 'POST', `/api/admin/reports/${reportId}/resolve`, { resolution: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: messagingMessages.reportAlreadyResolved });

    expect((await asAdmin(moderator, 'GET', '/api/admin/reports')).json<{ reports: AdminReport[] }>().reports).toEqual([]);
    const [done] = (await asAdmin(moderator, 'GET', '/api/admin/reports?status=resolved')).json<{ reports: AdminReport[] }>().reports;
    expect(done).toMatchObject({ id: reportId, status: 'resolved', resolution: 'Warned the employer; suspended for a week in Users.' });
    expect(await auditOf('report.resolve')).toHaveLength(1);
  });
});
