import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer as startProcess } from './test/server-process.ts';

const startServer = (dataDir: string, port: number) => startProcess({ dataDir, port, env: { SEED_DEMO: '1' } });

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
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain('is in use by another Mihna server');
    expect(second.output()).toContain('different DATA_DIR');

    const ready = await fetch(`http://127.0.0.1:${firstPort}/readyz`);
    expect(ready.status).toBe(200);
    const settings = await fetch(`http://127.0.0.1:${firstPort}/api/public/interface-settings`);
    expect(((await settings.json()) as { site_slogan: string }).site_slogan).toBe('Professionals. Hourly.');

    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'mihna.lock'))).toBe(false);

    const again = startServer(dataDir, await freePort());
    children.push(again.child);
    await again.ready;
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  }, 90_000);
});
