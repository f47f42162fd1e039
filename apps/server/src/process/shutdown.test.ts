import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { professionalRegistration } from '../test/accounts.ts';
import { call, createProcessDatabase, freePort, startServer, type ServerProcess } from '../test/server-process.ts';

/** A real SMTP server that takes `delayMs` to accept each message, so a queue of e-mails takes a while to send. */
async function startSlowSmtp(delayMs: number) {
  const recipients: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          recipients.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, recipients, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A POST whose body arrives in two parts: the headers and half the body now, the rest when `finish` is
 * called. It asks `Expect: 100-continue`, and Node answers 100 in the same step as it hands the request
 * to the app, so once `accepted` resolves the request is in flight on the server, past any check of
 * whether the server is closing.
 */
function slowPost(baseUrl: string, urlPath: string, payload: unknown) {
  const body = Buffer.from(JSON.stringify(payload));
  const request = http.request(`${baseUrl}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), expect: '100-continue' },
  });
  const accepted = new Promise<void>((resolve) =>
    request.once('continue', () => {
      request.write(body.subarray(0, body.length >> 1));
      resolve();
    }),
  );
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
  });
  answered.catch(() => undefined);
  request.flushHeaders();
  return {
    accepted,
    answered,
    finish: () => request.end(body.subarray(body.length >> 1)),
    abort: () => request.destroy(),
  };
}

// Runs on the database of the API run: a PGlite data directory (checkpoint, lock released or taken
// over), or a fresh database on the TEST_DATABASE_URL server (the pool closed). npm test runs both.
const serverUrl = process.env.TEST_DATABASE_URL;

describe('stopping the server process', () => {
  const directories: string[] = [];
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop('SIGKILL')));
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    for (const directory of directories) fs.rmSync(directory, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}) {
    const port = await freePort();
    let server: ServerProcess;
    if (serverUrl) {
      const database = await createProcessDatabase(serverUrl);
      cleanups.push(() => database.drop());
      server = startServer({ port, databaseUrl: database.url, env });
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-shutdown-'));
      directories.push(dataDir);
      server = startServer({ port, dataDir, env });
    }
    servers.push(server);
    await server.ready;
    return server;
  }

  it('on SIGTERM finishes the requests in flight and sends every queued e-mail, then exits 0 in bounded time', async () => {
    const smtp = await startSlowSmtp(250);
    cleanups.push(smtp.stop);
    const server = await start({ SMTP_URL: smtp.url });

    // Six registrations, each acknowledged with its verification e-mail queued; the SMTP server takes 250 ms a message.
    const queued = Array.from({ length: 6 }, () => professionalRegistration());
    const registered = await Promise.all(queued.map((input) => call(server.url, 'POST', '/api/auth/register', { body: input })));
    expect(registered.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Two more are in flight when the signal comes: headers and half the body sent.
    const inFlight = Array.from({ length: 2 }, () => professionalRegistration());
    const slow = inFlight.map((input) => slowPost(server.url, '/api/auth/register', input));
    await Promise.all(slow.map((request) => request.accepted));

    const signalledAt = Date.now();
    const sentBeforeSignal = smtp.recipients.length;
    server.child.kill('SIGTERM');
    await sleep(300);
    expect(server.child.exitCode).toBeNull();
    for (const request of slow) request.finish();
    const answers = await Promise.all(slow.map((request) => request.answered));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);

    const exit = await server.exited;
    const shutdownMs = Date.now() - signalledAt;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(15_000);
    // Not all had gone when the signal came; all have gone when the process has exited.
    expect(sentBeforeSignal).toBeLessThan(8);
    expect([...smtp.recipients].sort()).toEqual([...queued, ...inFlight].map((input) => input.email).sort());
    console.info(`shutdown: ${sentBeforeSignal} of 8 e-mails sent at SIGTERM, all 8 at exit ${shutdownMs} ms later`);
    // A start on a new PGlite directory creates its cluster first (several seconds on a loaded machine).
  }, 60_000);

  // Two servers start in this test: on a loaded machine each start can take more than ten seconds.
  it('exits at once, with status 1, on a second SIGTERM during a long drain; on PGlite the next start takes the lock over', async () => {
    const server = await start();
    // A request that never finishes keeps the drain waiting (up to its 15 s bound).
    const stuck = slowPost(server.url, '/api/newsletter/subscribe', { email: 'reader@example.ae', language: 'en' });
    await stuck.accepted;
    server.child.kill('SIGTERM');
    await sleep(500);
    expect(server.child.exitCode).toBeNull();

    const secondAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const exitMs = Date.now() - secondAt;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(exitMs).toBeLessThan(2_000);
    expect(server.output()).toContain('SIGTERM received again: exiting now');
    stuck.abort();

    if (!serverUrl) {
      // The data directory's lock was left behind by a process that no longer runs: the next server takes it over.
      const dataDir = directories.at(-1)!;
      const again = startServer({ port: await freePort(), dataDir });
      servers.push(again);
      await again.ready;
      expect((await call(again.url, 'GET', '/readyz')).body).toEqual({ status: 'ready', database: 'pglite' });
    }
  }, 90_000);
});
