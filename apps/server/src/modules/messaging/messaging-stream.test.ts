import type { Conversation, Message } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { seedDatabase } from '../../seed/seed.ts';
import { createUser, type TestAccount } from '../../test/accounts.ts';
import { createScratchDatabase, createTestApp, testConfig } from '../../test/harness.ts';
import { call } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';

interface StreamEvent {
  id?: number;
  event: string;
  data: unknown;
}

/** Reads a server's message stream as a browser's fetch does, with a bearer token and Last-Event-ID. */
async function openStream(baseUrl: string, token: string, lastEventId?: number) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/messages/stream`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: StreamEvent[] = [];
  let wake = () => undefined as void;
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const fields = Object.fromEntries(
            block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (!fields.event) continue;
          events.push({ event: fields.event, data: JSON.parse(fields.data ?? 'null'), ...(fields.id ? { id: Number(fields.id) } : {}) });
          wake();
        }
      }
    } catch {
      // Aborted.
    }
  })();
  return {
    events,
    /** Waits until `count` events of this name have arrived, at most `withinMs`. */
    async until(name: string, count: number, withinMs = 1000) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const found = events.filter((event) => event.event === name);
        if (found.length >= count) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${count} ${name} events did not arrive within ${withinMs} ms (got ${found.length})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close: () => controller.abort(),
  };
}

async function converse(app: App, employer: TestAccount, professional: TestAccount) {
  const opened = await call(app, 'POST', '/api/conversations', employer.token, { participant_id: professional.user.id });
  return opened.json<Conversation>();
}

async function send(app: App, from: TestAccount, conversationId: string, body: string) {
  const sent = await call(app, 'POST', `/api/conversations/${conversationId}/messages`, from.token, { body });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json<Message>();
}

describe('the live message stream', () => {
  let app: App;
  let baseUrl: string;
  beforeAll(async () => {
    app = await createTestApp();
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('delivers a new message within a second, and a resumed stream exactly the messages it missed', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
    const outsider = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
    const conversation = await converse(app, employer, professional);

    const stream = await openStream(baseUrl, professional.token);
    const outsiders = await openStream(baseUrl, outsider.token);
    const [ready] = await stream.until('ready', 1);
    const started = performance.now();
    const first = await send(app, employer, conversation.id, 'Are you free on Sunday?');
    const [delivered] = await stream.until('message', 1);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(delivered).toMatchObject({ id: first.id, data: { id: first.id, body: 'Are you free on Sunday?', sender_id: employer.user.id } });
    expect(first.id).toBeGreaterThan((ready!.data as { last_id: number }).last_id);

    // Reading is told to the sender's streams.
    const senders = await openStream(baseUrl, employer.token);
    await senders.until('ready', 1);
    await call(app, 'POST', `/api/conversations/${conversation.id}/read`, professional.token, { up_to: first.id });
    const [read] = await senders.until('read', 1);
    expect(read!.data).toEqual({ conversation_id: conversation.id, reader_id: professional.user.id, up_to: first.id });

    // Dropped, two messages sent meanwhile, resumed from the last event id it saw.
    stream.close();
    const missed = [await send(app, employer, conversation.id, 'Hello?'), await send(app, employer, conversation.id, 'Call when you can.')];
    const resumed = await openStream(baseUrl, professional.token, first.id);
    const backlog = await resumed.until('message', 2);
    const after = await send(app, professional, conversation.id, 'Yes, Sunday works.');
    // A message too long to travel in its notice (over 3,000 bytes: Arabic is two a letter) is read back by its id, in order.
    const long = await send(app, professional, conversation.id, 'التفاصيل: '.repeat(200));
    const shortAfterLong = await send(app, employer, conversation.id, 'Noted.');
    const all = await resumed.until('message', 5);
    expect(all.map((event) => event.id)).toEqual([...missed.map((message) => message.id), after.id, long.id, shortAfterLong.id]);
    expect((all[3]!.data as { body: string }).body).toBe('التفاصيل: '.repeat(200).trim());
    expect(backlog.every((event) => event.event === 'message')).toBe(true);
    expect(resumed.events.some((event) => event.event === 'ready')).toBe(false);
    // Nobody else hears of them.
    expect(outsiders.events.filter((event) => event.event === 'message')).toEqual([]);
    for (const open of [resumed, outsiders, senders]) open.close();
  });

  it('refuses a stream without a session', async () => {
    const response = await fetch(`${baseUrl}/api/messages/stream`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it("answers HEAD at once with the stream's headers and no body, and refuses it without a session", async () => {
    const professional = await createUser(app, { first_name: 'Mariam', last_name: 'Al Suwaidi' });
    for (const url of ['/api/messages/stream', '/api/messages/stream?after=0']) {
      const response = await fetch(`${baseUrl}${url}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${professional.token}` },
        signal: AbortSignal.timeout(3000),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe('');
    }
    const anonymous = await fetch(`${baseUrl}/api/messages/stream`, { method: 'HEAD', signal: AbortSignal.timeout(3000) });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe('');
  });
});

// Two server processes on one PostgreSQL: what one stores, the other's streams deliver.
describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const apps: App[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'mihna_stream');
    drop = scratch.drop;
    for (const index of [0, 1]) {
      const database = await openPostgres(scratch.url, { max: 5 });
      const app = await buildApp({ config: testConfig(), logger: false, database });
      app.addHook('onClose', () => database.close());
      if (index === 0) await seedDatabase(app);
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
  });

  it('delivers a message stored through one to a stream held by the other within a second', async () => {
    const [sending, streaming] = apps as [App, App];
    const baseUrl = await streaming.listen({ port: 0, host: '127.0.0.1' });
    const employer = await createEmployer(sending);
    const professional = await createUser(sending, { first_name: 'Noura', last_name: 'Khalid' });
    const conversation = await converse(sending, employer, professional);
    const stream = await openStream(baseUrl, professional.token);
    await stream.until('ready', 1);
    const started = performance.now();
    const sent = await send(sending, employer, conversation.id, 'مرحبا، هل أنت متاحة الأسبوع القادم؟');
    const [delivered] = await stream.until('message', 1);
    const latencyMs = performance.now() - started;
    console.log(`message across processes delivered in ${latencyMs.toFixed(1)} ms`);
    expect(latencyMs).toBeLessThan(1000);
    expect(delivered).toMatchObject({ id: sent.id, data: { body: 'مرحبا، هل أنت متاحة الأسبوع القادم؟' } });
    stream.close();
  });
});
