import sharp from 'sharp';
import { MESSAGES_PER_MINUTE, messagingMessages, type Conversation, type Message, type MessagePage } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createTestClock, createUser, outboxFor, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { call, fundEscrow, hire } from '../payments/test-payments.ts';
import { createEmployer, insertJob } from '../proposals/test-jobs.ts';
import { MASK } from '../moderation/contact-details.ts';

const clock = createTestClock();
let app: App;
let employer: TestAccount;
let professional: TestAccount;
let stranger: TestAccount;
let otherEmployer: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  stranger = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
  otherEmployer = await createEmployer(app, { company_name: 'Dune Studio', first_name: 'Mariam', last_name: 'Saeed' });
});
afterAll(() => app.close());

const post = (url: string, token: string, payload: unknown) => call(app, 'POST', url, token, payload);
const get = (url: string, token: string) => call(app, 'GET', url, token);

async function open(from: TestAccount, to: TestAccount, jobId?: string) {
  const response = await post('/api/conversations', from.token, { participant_id: to.user.id, ...(jobId ? { job_id: jobId } : {}) });
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json<Conversation>();
}

async function send(from: TestAccount, conversationId: string, body: string, extra: Record<string, unknown> = {}) {
  const response = await post(`/api/conversations/${conversationId}/messages`, from.token, { body, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Message>();
}

describe('opening a conversation', () => {
  it('gives an employer and a professional their one conversation, however often it is opened', async () => {
    const first = await post('/api/conversations', employer.token, { participant_id: professional.user.id });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/api/conversations', employer.token, { participant_id: professional.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<Conversation>().id).toBe(first.json<Conversation>().id);
    expect(first.json<Conversation>()).toMatchObject({
      other: { id: professional.user.id, name: 'Hessa Al Falasi', role: 'professional' },
      unread_count: 0,
      contact_details_allowed: false,
    });
    // The professional replies in the conversation the employer began.
    const reply = await open(professional, employer);
    expect(reply.id).toBe(first.json<Conversation>().id);
  });

  it('refuses yourself, two people of one role, a missing person, and a professional writing cold', async () => {
    const self = await post('/api/conversations', employer.token, { participant_id: employer.user.id });
    expect(self.json()).toEqual({ detail: messagingMessages.notYourself, code: 'bad_request' });
    const sameRole = await post('/api/conversations', employer.token, { participant_id: otherEmployer.user.id });
    expect(sameRole.json()).toEqual({ detail: messagingMessages.employerAndProfessional, code: 'forbidden' });
    const nobody = await post('/api/conversations', employer.token, { participant_id: '00000000-0000-4000-8000-000000000000' });
    expect(nobody.statusCode).toBe(404);
    const cold = await post('/api/conversations', stranger.token, { participant_id: otherEmployer.user.id });
    expect(cold.json()).toEqual({ detail: messagingMessages.applyFirst, code: 'forbidden' });
    const rows = await selectRows(app.services.database, sql`select 1 from conversations where employer_id = ${otherEmployer.user.id}`);
    expect(rows).toHaveLength(0);
  });

  it('lets a professional write to an employer about a project they applied to, and only that employer’s', async () => {
    const job = await insertJob(app, otherEmployer.user.id, { title: 'Arabic menu design' });
    const notYet = await post('/api/conversations', stranger.token, { participant_id: otherEmployer.user.id, job_id: job.id });
    expect(notYet.statusCode).toBe(403);
    const proposed = await post('/api/proposals', stranger.token, {
      job_id: job.id,
      proposal_text: 'I design bilingual menus for restaurants in Dubai.',
      proposed_rate: 2000,
      estimated_hours: null,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const conversation = await open(stranger, otherEmployer, job.id);
    expect(conversation.job).toEqual({ id: job.id, title: 'Arabic menu design' });
    // A project of another employer cannot be named.
    const elsewhere = await insertJob(app, employer.user.id);
    const wrongJob = await post('/api/conversations', stranger.token, { participant_id: otherEmployer.user.id, job_id: elsewhere.id });
    expect(wrongJob.statusCode).toBe(404);
  });
});

describe('messages', () => {
  it('are read in pages by id, counted unread for the reader, and shown read to the sender', async () => {
    const employerA = await createEmployer(app, { company_name: 'Gulf Gardens' });
    const professionalA = await createUser(app, { first_name: 'Salem', last_name: 'Nasser' });
    const conversation = await open(employerA, professionalA);
    const sent: Message[] = [];
    for (let index = 1; index <= 35; index += 1) {
      sent.push(await send(employerA, conversation.id, `Message ${index}`));
      clock.advance(2_100); // within the sending limit
    }

    const unread = await get('/api/conversations/unread', professionalA.token);
    expect(unread.json()).toEqual({ unread_total: 35, unread_conversations: 1 });
    const latest = (await get(`/api/conversations/${conversation.id}/messages`, professionalA.token)).json<MessagePage>();
    expect(latest.messages.map((message) => message.body)).toEqual(sent.slice(5).map((message) => message.body));
    expect(latest.has_older).toBe(true);
    const older = (
      await get(`/api/conversations/${conversation.id}/messages?before=${latest.messages[0]!.id}`, professionalA.token)
    ).json<MessagePage>();
    expect(older.has_older).toBe(false);
    expect(older.messages.map((message) => message.id)).toEqual(sent.slice(0, 5).map((message) => message.id));

    const read = await post(`/api/conversations/${conversation.id}/read`, professionalA.token, { up_to: sent[29]!.id });
    expect(read.json()).toEqual({ read_up_to: sent[29]!.id, unread_count: 5 });
    const seen = (await get(`/api/conversations/${conversation.id}`, employerA.token)).json<Conversation>();
    expect(seen.other_read_id).toBe(sent[29]!.id);
    // Reading never moves back.
    await post(`/api/conversations/${conversation.id}/read`, professionalA.token, { up_to: 1 });
    const list = (await get('/api/conversations', professionalA.token)).json<{ conversations: Conversation[] }>();
    expect(list.conversations[0]).toMatchObject({ id: conversation.id, unread_count: 5, last_message: { body: 'Message 35' } });
  });

  it('stores a message sent twice with one client key once', async () => {
    const conversation = await open(employer, professional);
    const first = await send(professional, conversation.id, 'On my way to the site.', { client_key: 'k-1' });
    const second = await send(professional, conversation.id, 'On my way to the site.', { client_key: 'k-1' });
    expect(second.id).toBe(first.id);
  });

  it('answers retries sent at once with one client key with the one message the first stored', async () => {
    const conversation = await open(employer, professional);
    const retries = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(`/api/conversations/${conversation.id}/messages`, professional.token, {
          body: 'Running ten minutes late.',
          client_key: 'k-race',
        }),
      ),
    );
    expect(retries.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(retries.map((response) => response.json<Message>().id)).size).toBe(1);
    const stored = await selectRows<{ count: number }>(
      app.services.database,
      sql`select count(*)::int as count from messages where client_key = 'k-race'`,
    );
    expect(stored).toEqual([{ count: 1 }]);
  });

  it('refuses an empty message, and one too long, and changes nothing', async () => {
    const conversation = await open(employer, professional);
    const empty = await post(`/api/conversations/${conversation.id}/messages`, employer.token, { body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0].msg).toBe(messagingMessages.emptyMessage);
    const long = await post(`/api/conversations/${conversation.id}/messages`, employer.token, { body: 'x'.repeat(5001) });
    expect(long.json().detail[0].msg).toBe('Must be no more than 5000 characters');
  });

  it('are kept from anyone outside the conversation', async () => {
    const conversation = await open(employer, professional);
    const message = await send(employer, conversation.id, 'Only for Hessa.');
    for (const outsider of [stranger, otherEmployer]) {
      for (const [method, url, payload] of [
        ['GET', `/api/conversations/${conversation.id}`],
        ['GET', `/api/conversations/${conversation.id}/messages`],
        ['POST', `/api/conversations/${conversation.id}/messages`, { body: 'Hello' }],
        ['POST', `/api/conversations/${conversation.id}/read`, { up_to: message.id }],
        ['PUT', `/api/conversations/${conversation.id}/block`],
        ['POST', `/api/conversations/${conversation.id}/report`, { reason: 'spam' }],
      ] as const) {
        const response = await app.inject({ method, url, headers: bearer(outsider.token), ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ detail: messagingMessages.conversationNotFound, code: 'not_found' });
      }
    }
    expect((await app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}/messages` })).statusCode).toBe(401);
    const list = (await get('/api/conversations', stranger.token)).json<{ conversations: Conversation[] }>();
    expect(list.conversations.map((item) => item.id)).not.toContain(conversation.id);
  });

  it('mask contact details until the contract is funded, then let them pass', async () => {
    const employerB = await createEmployer(app, { company_name: 'Pearl Interiors' });
    const professionalB = await createUser(app, { first_name: 'Noura', last_name: 'Khalid' });
    const conversation = await open(employerB, professionalB);
    const before = await send(professionalB, conversation.id, 'كلمني على ٠٥٠ ١٢٣ ٤٥٦٧ أسهل');
    expect(before).toMatchObject({ body: `كلمني على ${MASK} أسهل`, is_masked: true });
    const email = await send(employerB, conversation.id, 'Or write to omar at falcon dot ae');
    expect(email.is_masked).toBe(true);

    const job = await hire(app, employerB, professionalB);
    await fundEscrow(app, employerB, job.id, [2500]);
    const after = await send(professionalB, conversation.id, 'كلمني على ٠٥٠ ١٢٣ ٤٥٦٧ أسهل');
    expect(after).toMatchObject({ body: 'كلمني على ٠٥٠ ١٢٣ ٤٥٦٧ أسهل', is_masked: false });
    expect((await get(`/api/conversations/${conversation.id}`, employerB.token)).json<Conversation>().contact_details_allowed).toBe(true);
  });

  it('clean rude words as every free text is', async () => {
    const conversation = await open(employer, professional);
    const response = await post(`/api/conversations/${conversation.id}/messages`, professional.token, { body: 'This is shit work' });
    expect(response.statusCode).toBe(201);
    expect(response.json<Message>().body).not.toContain('shit');
  });

  it('ring the bell of the person a conversation’s first message is for', async () => {
    const employerC = await createEmployer(app, { company_name: 'Oasis Events' });
    const professionalC = await createUser(app, { first_name: 'Fatima', last_name: 'Ali' });
    const conversation = await open(employerC, professionalC);
    await send(employerC, conversation.id, 'Are you free in December?');
    await send(employerC, conversation.id, 'For a three-day event.');
    const bell = (await get('/api/notifications', professionalC.token)).json<{
      notifications: { kind: string; link: string; message: string }[];
    }>();
    expect(bell.notifications.filter((item) => item.kind === 'new_conversation')).toEqual([
      expect.objectContaining({ link: `/messages/${conversation.id}`, message: '\u2068Oasis Events\u2069 sent you a message.' }),
    ]);
  });
});

describe('safety', () => {
  it('a block stops both sides until it is lifted', async () => {
    const employerD = await createEmployer(app, { company_name: 'Sand Labs' });
    const professionalD = await createUser(app, { first_name: 'Khalid', last_name: 'Omar' });
    const conversation = await open(employerD, professionalD);
    await send(employerD, conversation.id, 'Hello');
    const blocked = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversation.id}/block`,
      headers: bearer(professionalD.token),
    });
    expect(blocked.json<Conversation>()).toMatchObject({ blocked_by_you: true, blocked_you: false });
    for (const sender of [employerD, professionalD]) {
      const refused = await post(`/api/conversations/${conversation.id}/messages`, sender.token, { body: 'Still there?' });
      expect(refused.json()).toEqual({ detail: messagingMessages.blocked, code: 'forbidden' });
    }
    expect((await get(`/api/conversations/${conversation.id}`, employerD.token)).json<Conversation>().blocked_you).toBe(true);
    await app.inject({ method: 'DELETE', url: `/api/conversations/${conversation.id}/block`, headers: bearer(professionalD.token) });
    await send(employerD, conversation.id, 'Thanks for unblocking.');
  });

  it('a report reaches staff with the conversation', async () => {
    const conversation = await open(employer, professional);
    const report = await post(`/api/conversations/${conversation.id}/report`, professional.token, {
      reason: 'off_platform',
      details: 'Asked me to pay by bank transfer.',
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json()).toEqual({ message: messagingMessages.reportSent });
    const rows = await selectRows(
      app.services.database,
      sql`select reported_user_id, reason, status from conversation_reports where conversation_id = ${conversation.id}`,
    );
    expect(rows).toEqual([{ reported_user_id: employer.user.id, reason: 'off_platform', status: 'open' }]);
  });

  it(`a sender is stopped after ${MESSAGES_PER_MINUTE} messages in a minute, in words`, async () => {
    const employerE = await createEmployer(app, { company_name: 'Swift Logistics' });
    const professionalE = await createUser(app, { first_name: 'Reem', last_name: 'Hassan' });
    const conversation = await open(employerE, professionalE);
    for (let index = 0; index < MESSAGES_PER_MINUTE; index += 1) await send(employerE, conversation.id, `Flood ${index}`);
    const refused = await post(`/api/conversations/${conversation.id}/messages`, employerE.token, { body: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: messagingMessages.tooFast, code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('attachments', () => {
  const upload = (token: string, conversationId: string, bytes: Buffer, name: string) =>
    app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/attachments`,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
      payload: bytes,
    });

  it('re-encodes an image without its metadata, and lets only the two download it', async () => {
    const conversation = await open(employer, professional);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c08040' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Secret location 25.2048,55.2708' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const uploaded = await upload(professional.token, conversation.id, photo, 'صورة الموقع.jpg');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachment = uploaded.json<{ id: string; url: string; content_type: string; file_name: string }>();
    expect(attachment).toMatchObject({ content_type: 'image/jpeg', file_name: 'صورة الموقع.jpg' });
    const message = await send(professional, conversation.id, '', { attachment_id: attachment.id });
    expect(message.attachment).toMatchObject({ id: attachment.id, url: attachment.url });

    const downloaded = await app.inject({ method: 'GET', url: attachment.url, headers: bearer(employer.token) });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(downloaded.rawPayload).metadata()).exif).toBeUndefined();
    for (const outsider of [stranger, otherEmployer]) {
      expect((await app.inject({ method: 'GET', url: attachment.url, headers: bearer(outsider.token) })).statusCode).toBe(404);
    }
    // An attachment is sent once, by its uploader.
    const again = await post(`/api/conversations/${conversation.id}/messages`, professional.token, { attachment_id: attachment.id });
    expect(again.statusCode).toBe(404);
  });

  it('knows a file by its bytes, not its name, and refuses what is not allowed or too large', async () => {
    const conversation = await open(employer, professional);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const asPdf = await upload(employer.token, conversation.id, pdf, 'brief.txt');
    expect(asPdf.json()).toMatchObject({ content_type: 'application/pdf', file_name: 'brief.txt' });
    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const refused = await upload(employer.token, conversation.id, program, 'invoice.pdf');
    expect(refused.json()).toEqual({ detail: messagingMessages.fileType, code: 'unsupported_media_type' });
    const large = await upload(
      employer.token,
      conversation.id,
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]),
      'big.pdf',
    );
    expect(large.json()).toEqual({ detail: messagingMessages.fileTooLarge, code: 'payload_too_large' });
    const outsider = await upload(stranger.token, conversation.id, pdf, 'brief.pdf');
    expect(outsider.statusCode).toBe(404);
  });
});

describe('unread messages by e-mail', () => {
  it('e-mails a message unread for 15 minutes once, with a link to the conversation', async () => {
    const employerF = await createEmployer(app, { company_name: 'Marina Yachts' });
    const professionalF = await createUser(app, { first_name: 'Amal', last_name: 'Yousef' });
    const conversation = await open(employerF, professionalF);
    await send(employerF, conversation.id, 'Can you start Sunday?');
    await send(employerF, conversation.id, 'Please confirm.');
    const address = professionalF.user.email;
    const before = (await outboxFor(app, address)).length;
    expect(await app.services.messaging.emailUnread()).toBe(0);
    clock.advance(16 * 60_000);
    await app.services.messaging.emailUnread();
    await app.services.messaging.emailUnread();
    const mails = await outboxFor(app, address);
    expect(mails.length - before).toBe(1);
    expect(mails[0]).toMatchObject({ subject: 'Marina Yachts sent you 2 messages on Mihna' });
    expect(JSON.stringify(mails[0])).toContain(`/messages/${conversation.id}`);
  });
});
