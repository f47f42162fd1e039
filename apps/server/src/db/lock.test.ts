import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryLockedError, lockDataDirectory } from './lock.ts';

const directories: string[] = [];
const newDirectory = () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-lock-'));
  directories.push(directory);
  return directory;
};
afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

describe('lockDataDirectory', () => {
  it('refuses a second holder while the first holds the lock, and frees it on release', () => {
    const directory = newDirectory();
    const first = lockDataDirectory(directory);
    fs.writeFileSync(path.join(directory, 'mihna.lock'), '1');
    expect(() => lockDataDirectory(directory)).toThrow(DataDirectoryLockedError);
    fs.writeFileSync(path.join(directory, 'mihna.lock'), String(process.pid));
    first.release();
    expect(fs.existsSync(path.join(directory, 'mihna.lock'))).toBe(false);
    lockDataDirectory(directory).release();
  });

  it('treats an unreadable lock as held rather than stale', () => {
    const directory = newDirectory();
    fs.writeFileSync(path.join(directory, 'mihna.lock'), '');
    expect(() => lockDataDirectory(directory)).toThrow(/in use by another Mihna server/);
  });

  it('takes over a lock left by a process that is gone', () => {
    const directory = newDirectory();
    fs.writeFileSync(path.join(directory, 'mihna.lock'), '999999');
    const lock = lockDataDirectory(directory);
    expect(fs.readFileSync(path.join(directory, 'mihna.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('lets exactly one of many processes starting together take the lock', async () => {
    const directory = newDirectory();
    const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));
    const script = `import { lockDataDirectory } from ${JSON.stringify(lockModule)};
      try { lockDataDirectory(process.argv[1]); console.log('locked'); setTimeout(() => {}, 1500); } catch { console.log('refused'); }`;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, directory], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        return new Promise<string>((resolve) => child.on('exit', () => resolve(output.trim())));
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(5);
  }, 30_000);
});
