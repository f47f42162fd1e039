import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDirectory = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDirectory,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('Mihna is running at')) {
        clearInterval(check);
        resolve();
      }
    }, 100);
    void exited.then(() => {
      clearInterval(check);
      reject(new Error(`server exited: ${output}`));
    });
  });
  // A server that is meant to be refused never becomes ready; that is not an error here.
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => output };
}

describe('the server process on an embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-data-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR, keeps the first working, and shuts down cleanly', async () => {
    const firstPort = await freePort();
    const first = startServer(dataDir, firstPort);
    children.push(first.child);
    await first.ready;
    expect(first.output()).toContain(`http://localhost:${firstPort}`);

    const second = startServer(dataDir, await freePort());
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Mihna server');
    expect(second.output()).toContain('different DATA_DIR');

    const ready = await fetch(`http://127.0.0.1:${firstPort}/readyz`);
    expect(ready.status).toBe(200);
    const settings = await fetch(`http://127.0.0.1:${firstPort}/api/public/interface-settings`);
    expect(((await settings.json()) as { site_slogan: string }).site_slogan).toBe('Professionals. Hourly.');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'mihna.lock'))).toBe(false);

    const again = startServer(dataDir, await freePort());
    children.push(again.child);
    await again.ready;
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
