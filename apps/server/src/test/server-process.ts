import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { professionalRegistration } from './accounts.ts';
import { createScratchDatabase } from './harness.ts';

const serverDirectory = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  /** Resolves once /readyz answers 200, as a load balancer waits for; rejects if the server exits first. */
  ready: Promise<void>;
  exited: Promise<ServerExit>;
  output: () => string;
  /** Sends a signal (SIGKILL unless told) and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<ServerExit>;
}

export interface ServerOptions {
  port: number;
  /** PGlite's directory; ignored when databaseUrl is set. */
  dataDir?: string;
  databaseUrl?: string;
  /** More variables, over the defaults (no demo data, warnings only, no SMTP or Twilio). */
  env?: Record<string, string>;
  /** Node's options before the server's file (`--import ./src/telemetry.ts`, as SERVER_NODE_OPTIONS does for the build). */
  nodeArgs?: string[];
}

/** Starts `src/main.ts` in its own process, as `npm start` would run the built server. */
export function startServer({ port, dataDir, databaseUrl = '', env = {}, nodeArgs = [] }: ServerOptions): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'src/main.ts'], {
    cwd: serverDirectory,
    env: {
      ...process.env,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      SMTP_URL: '',
      TWILIO_ACCOUNT_SID: '',
      TWILIO_AUTH_TOKEN: '',
      TWILIO_FROM: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  // Ready as a load balancer sees it: /readyz answers 200 (the search indexes loaded), not merely listening.
  const ready = new Promise<void>((resolve, reject) => {
    let isChecking = false;
    const check = setInterval(() => {
      if (isChecking || !output.includes('Mihna is running at')) return;
      isChecking = true;
      fetch(`${url}/readyz`)
        .then((response) => {
          if (response.status !== 200) return;
          clearInterval(check);
          resolve();
        })
        .catch(() => undefined)
        .finally(() => (isChecking = false));
    }, 50);
    void exited.then(() => {
      clearInterval(check);
      reject(new Error(`server exited: ${output}`));
    });
  });
  // A server that is meant to be refused never becomes ready; that is not an error here.
  ready.catch(() => undefined);
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { child, port, url, ready, exited, output: () => output, stop };
}

/** A new, empty database on the PostgreSQL server at serverUrl, so server processes see no other test's rows. */
export async function createProcessDatabase(serverUrl: string) {
  const scratch = await createScratchDatabase(serverUrl, 'mihna_process');
  return {
    ...scratch,
    /** Runs one query on the scratch database (tests look under the API to prove what was stored). */
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
  };
}

/** JSON over real HTTP to a server process. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text itself.
  }
  return { status: response.status, body: body as T };
}

/** The newest 6-digit code the development outbox of a server holds for a recipient. */
export async function readCodeOverHttp(baseUrl: string, to: string): Promise<string> {
  const { status, body } = await call<{ messages: { text: string }[] }>(baseUrl, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (status !== 200) throw new Error(`the outbox answered ${status} ${JSON.stringify(body)} for ${to}`);
  const code = /\b(\d{6})\b/.exec(body.messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/**
 * Registers over HTTP and completes with the code from the outbox: a signed-in user. The completion
 * may go to another server process (`completeAt`), as behind a load balancer; `headers` are sent with
 * both steps (an X-Forwarded-For address, say).
 */
export async function registerOverHttp(
  baseUrl: string,
  changes: Record<string, unknown> = {},
  options: { completeAt?: string; headers?: () => Record<string, string> } = {},
) {
  const { completeAt = baseUrl, headers = () => ({}) } = options;
  const input = professionalRegistration(changes);
  const registered = await call<{ registration_id: string }>(baseUrl, 'POST', '/api/auth/register', { body: input, headers: headers() });
  if (registered.status !== 200) throw new Error(`registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const email = String(input.email);
  const verificationCode = await readCodeOverHttp(completeAt, email);
  const completed = await call<{ access_token: string; user: { id: string; email: string; role: string } }>(
    completeAt,
    'POST',
    '/api/auth/complete-registration',
    { body: { registration_id: registered.body.registration_id, verification_code: verificationCode, email }, headers: headers() },
  );
  if (completed.status !== 200) throw new Error(`completion failed: ${completed.status} ${JSON.stringify(completed.body)}`);
  return { token: completed.body.access_token, user: completed.body.user, email, password: String(input.password) };
}
