import { mediaMessages } from '@mihna/shared';
import { AppError } from './app-error.ts';

/**
 * Runs heavy work (decoding pictures) at most `concurrency` at a time, with at most `maxWaiting`
 * waiting their turn: the threads it shares with password hashing and the database driver are never
 * all taken by it. When the line is full a request is refused at once (503 with Retry-After) rather
 * than left to wait without end.
 */
export function createWorkQueue(options: { concurrency: number; maxWaiting: number; retryAfterSeconds?: number }) {
  const waiting: (() => void)[] = [];
  let running = 0;

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) throw new AppError('unavailable', mediaMessages.busy, options.retryAfterSeconds ?? 5);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export type WorkQueue = ReturnType<typeof createWorkQueue>;
