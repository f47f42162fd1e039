import { requestMessages, type ServerMessage } from '@mihna/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { tooManyRequests } from '../lib/app-error.ts';
import { createRateLimitRepository } from './rate-limit.repository.ts';

/** One client: an IPv4 address, or an IPv6 /64 (one subscriber usually holds a whole /64). */
export function clientKeyOf(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : ip.split(':');
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
  message: ServerMessage;
}

/**
 * A per-client rule with the standard message. Keep the numbers generous: behind carrier-grade NAT
 * many people share one address, and accounts have their own, tighter limits.
 */
export const perClient = (bucket: string, limit: number, windowSeconds: number): RateLimitRule => ({
  bucket,
  limit,
  windowSeconds,
  message: requestMessages.tooManyRequests,
});

/**
 * Fixed-window counters kept in the database, so every server process behind a load balancer
 * counts against the same limit. The upsert makes each hit atomic.
 */
export function createRateLimiter(db: Db, clock: () => Date = () => new Date()) {
  const repository = createRateLimitRepository(db);

  async function hit(rule: RateLimitRule, clientKey: string) {
    return (await hitAll([rule], clientKey))[0]!;
  }

  /** Counts one hit under each rule at once (one statement; each rule its own bucket), answering each rule's verdict in order. */
  async function hitAll(rules: readonly RateLimitRule[], clientKey: string) {
    const now = clock().getTime();
    const windows = rules.map((rule) => {
      const windowMs = rule.windowSeconds * 1000;
      return { rule, windowMs, windowStart: new Date(Math.floor(now / windowMs) * windowMs) };
    });
    const rows = await repository.countHits(windows.map(({ rule, windowStart }) => ({ bucket: rule.bucket, clientKey, windowStart })));
    return windows.map(({ rule, windowMs, windowStart }) => ({
      isAllowed: (rows.find((row) => row.bucket === rule.bucket)?.hits ?? 0) <= rule.limit,
      retryAfterSeconds: Math.ceil((windowStart.getTime() + windowMs - now) / 1000),
    }));
  }

  /**
   * Allows one request per key every `seconds`, measured from the last allowed one (not a fixed
   * window, so two requests a second apart never both pass). The upsert takes the slot only when the
   * cooldown is over; otherwise the answer says how many seconds remain.
   */
  async function cooldown(bucket: string, key: string, seconds: number) {
    const now = clock();
    const readyBefore = new Date(now.getTime() - seconds * 1000);
    if (await repository.takeCooldown(bucket, key, now, readyBefore)) return { isAllowed: true, retryAfterSeconds: 0 };
    const lastAt = await repository.lastCooldown(bucket, key);
    const waitMs = (lastAt?.getTime() ?? now.getTime()) + seconds * 1000 - now.getTime();
    return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  const pruneExpired = (olderThan: Date) => repository.pruneOlderThan(olderThan);

  /** A preHandler that answers 429 with the rule's message once a client passes the limit. */
  function limitPerClient(rule: RateLimitRule) {
    return async (request: FastifyRequest, reply: { header(name: string, value: string): unknown }) => {
      const { isAllowed, retryAfterSeconds } = await hit(rule, clientKeyOf(request.ip));
      if (!isAllowed) {
        reply.header('Retry-After', String(retryAfterSeconds));
        throw tooManyRequests(rule.message);
      }
    };
  }

  return { hit, hitAll, cooldown, limitPerClient, pruneExpired };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
