import fs from 'node:fs';
import path from 'node:path';

export class DataDirectoryLockedError extends Error {}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Two processes opening one PGlite directory corrupt it, so the first one takes this lock and a
 * second is refused. The lock file appears with its content at once (a hard link of a file already
 * written), so no process can ever read it half made; a lock left by a dead process is taken over
 * by renaming it away, which only one contender can do.
 */
export function lockDataDirectory(dataDir: string): { release: () => void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'mihna.lock');
  const candidate = `${lockPath}.${process.pid}`;
  fs.writeFileSync(candidate, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        fs.linkSync(candidate, lockPath);
        return {
          release: () => {
            if (readHolder(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockPath);
      if (holder === undefined || isProcessAlive(holder)) {
        throw new DataDirectoryLockedError(
          `The data directory ${dataDir} is in use by another Mihna server${holder ? ` (process ${holder})` : ''}. ` +
            'Stop that server first, or start this one with a different DATA_DIR.',
        );
      }
      try {
        fs.renameSync(lockPath, `${lockPath}.stale.${process.pid}`);
        fs.rmSync(`${lockPath}.stale.${process.pid}`, { force: true });
      } catch {
        // Another process took the stale lock over first; the next attempt sees its lock.
      }
    }
    throw new DataDirectoryLockedError(`Could not lock the data directory ${dataDir}.`);
  } finally {
    fs.rmSync(candidate, { force: true });
  }
}
