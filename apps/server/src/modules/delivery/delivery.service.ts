import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createBatcher } from '../../lib/batcher.ts';
import type { Channel, DeliveryRepository, NewMessage, OutgoingMessage } from './delivery.repository.ts';
import type { Transport } from './transports.ts';

const MAX_ATTEMPTS = 10;
// A claimed batch stops being sent once half its lease has passed (what is left goes out when the lease
// runs out), so even the slowest send begun before then (SMTP gives up after 60 s of silence) ends inside it.
const LEASE_MS = 10 * 60_000;
const BATCH_SIZE = 20;
// How long a shutdown may spend sending what is due; main.ts bounds the whole shutdown above this.
const DRAIN_MS = 10_000;

/** 30 s, 1 min, 2 min … capped at an hour between tries. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export interface DeliveryDependencies {
  repository: DeliveryRepository;
  transports: Record<Channel, Transport | undefined>;
  logger: FastifyBaseLogger;
  clock?: () => Date;
}

/**
 * E-mail and SMS behind one interface. `enqueue` writes the message in the caller's transaction;
 * after the commit the caller calls `dispatchSoon`, and the task `delivery.send-due` (background-tasks.ts)
 * retries whatever a transport refused, in whichever process takes it.
 */
export function createDeliveryService({ repository, transports, logger, clock = () => new Date() }: DeliveryDependencies) {
  let running: Promise<void> | undefined;
  let isRerunRequested = false;
  let isStopping = false;

  // Sent messages are recorded together (lib/batcher.ts): one written at once when the database is
  // free, the ones sent meanwhile in the next statement, so a busy queue costs a statement per batch, not per message.
  const sentRecords = createBatcher<Parameters<DeliveryRepository['markSent']>[0][number], void>({
    maxBatch: 100,
    concurrency: 1,
    async write(sent) {
      await repository.markSent(sent);
      return sent.map(() => ({ status: 'fulfilled', value: undefined }));
    },
  });

  async function sendOne(message: OutgoingMessage, now: Date) {
    const transport = transports[message.channel];
    try {
      if (!transport) throw new Error(`no ${message.channel} provider is configured`);
      await transport.send(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const isFinal = message.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(Math.max(now.getTime(), clock().getTime()) + retryDelayMs(message.attempts));
      await repository.markAttemptFailed(message, reason, retryAt, isFinal);
      logger.warn(
        { messageId: message.id, channel: message.channel, attempts: message.attempts, reason },
        'message not delivered; will retry',
      );
      return undefined;
    }
    return { id: message.id, attempts: message.attempts, transport: transport.name, sentAt: clock() };
  }

  /** Sends every message due at `now`; `now` may be later than the clock to force retries (tests). */
  async function dispatchDue(now = clock()) {
    while (!isStopping) {
      const claimedAt = Date.now();
      const messages = await repository.claimDueMessages(now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
      const recorded: Promise<void>[] = [];
      try {
        for (const message of messages) {
          if (isStopping || Date.now() - claimedAt > LEASE_MS / 2) break;
          const sent = await sendOne(message, now);
          // Not awaited: the next message goes out while this one is recorded.
          if (sent) recorded.push(sentRecords.submit(sent));
        }
      } finally {
        await Promise.all(recorded);
      }
      if (messages.length < BATCH_SIZE) return;
    }
  }

  /** Starts a dispatch, or asks the one running to go round once more; never two at once in this process. */
  function dispatchSoon(): Promise<void> {
    isRerunRequested = true;
    running ??= (async () => {
      try {
        while (isRerunRequested && !isStopping) {
          isRerunRequested = false;
          await dispatchDue().catch((error: unknown) => logger.error({ err: error }, 'delivery dispatch failed'));
        }
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    async enqueue(message: NewMessage, executor: Db) {
      const [row] = await repository.insertMessages([message], executor);
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    enqueueAll: (messages: NewMessage[], executor: Db) => repository.insertMessages(messages, executor),
    /** Queues messages as a statement to write with others in the caller's transaction (db/together.ts). */
    enqueueStatement: (messages: NewMessage[]) => repository.insertStatement(messages),
    countMessagesTo: (channel: Channel, to: string, since: Date, executor?: Db) => repository.countMessagesTo(channel, to, since, executor),
    dispatchDue,
    dispatchSoon,
    /**
     * Sends every message already due, for at most `drainMs`: a clean shutdown
     * leaves nothing due behind. When the time is up it stops without waiting for the message being
     * sent; what is left stays in the table for the next start or another process (one claimed but
     * not sent once its lease has run out).
     */
    async stop(drainMs = DRAIN_MS) {
      let deadline: NodeJS.Timeout | undefined;
      const timeUp = new Promise<void>((resolve) => (deadline = setTimeout(resolve, drainMs)));
      await Promise.race([isStopping ? running : dispatchSoon(), timeUp]);
      clearTimeout(deadline);
      isStopping = true;
      for (const transport of Object.values(transports)) transport?.close?.();
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
