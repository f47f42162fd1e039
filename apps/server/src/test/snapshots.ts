import fs from 'node:fs';
import type { SnapshotOptions } from '../search/live-index.ts';

/** Snapshots written after every load from the rows, whose every failure fails the test (search/live-index.ts). */
export const eagerSnapshots = (dir: string): SnapshotOptions => ({
  dir,
  afterLoadMs: 0,
  everyMs: 3_600_000,
  onError: (error) => {
    throw error;
  },
});

/** Waits for the snapshot `file` to be written after `since` (a load writes it in the next turn). */
export async function snapshotWritten(file: string, since: number) {
  for (let tries = 0; tries < 100; tries += 1) {
    if (fs.existsSync(file) && fs.statSync(file).mtimeMs > since) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no snapshot was written to ${file}`);
}
