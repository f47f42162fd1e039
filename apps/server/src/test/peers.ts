import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Starts the SMTP peer in a child process and collects what it accepts. */
export async function startSmtpPeer(options: { failFirst?: number } = {}) {
  const script = fileURLToPath(new URL('./smtp-peer.mjs', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: { ...process.env, FAIL_FIRST: String(options.failFirst ?? 0) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const received: ReceivedMail[] = [];
  const lines = readline.createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`SMTP peer exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) resolve(Number(line.slice('listening '.length)));
      else received.push(JSON.parse(line) as ReceivedMail);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A local stand-in that speaks Twilio's Messages API: basic auth, form body, 201 with a message resource. */
export async function startTwilioStandIn(credentials: { accountSid: string; authToken: string }) {
  const received: Record<string, string>[] = [];
  let failuresLeft = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const expectedAuth = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
      const isMessagesPath = request.url === `/2010-04-01/Accounts/${credentials.accountSid}/Messages.json`;
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || !isMessagesPath) {
        response.writeHead(404).end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
        return;
      }
      if (request.headers.authorization !== expectedAuth) {
        response.writeHead(401).end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        return;
      }
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(503).end(JSON.stringify({ code: 20500, message: 'Service unavailable', status: 503 }));
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      received.push(form);
      response
        .writeHead(201)
        .end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued', to: form.To, from: form.From, body: form.Body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    failNext(count: number) {
      failuresLeft = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
