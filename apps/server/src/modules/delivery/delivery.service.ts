import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Channel, DeliveryRepository, NewMessage } from './delivery.repository.ts';
import type { Transport } from './transports.ts';

const MAX_ATTEMPTS = 10;
const LEASE_MS = 2 * 60_000;
const POLL_MS = 15_000;
const BATCH_SIZE = 20;

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
 * after the commit the caller calls `dispatchSoon`, and a poller retries whatever a transport refused.
 */
export function createDeliveryService({ repository, transports, logger, clock = () => new Date() }: DeliveryDependencies) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isRerunRequested = false;

  async function dispatchDue(now = clock()) {
    for (;;) {
      const messages = await repository.claimDueMessages(now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
      for (const message of messages) {
        const transport = transports[message.channel];
        try {
          if (!transport) throw new Error(`no ${message.channel} provider is configured`);
          await transport.send(message);
          await repository.markSent(message.id, transport.name, clock());
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const isFinal = message.attempts >= MAX_ATTEMPTS;
          await repository.markAttemptFailed(message.id, reason, new Date(now.getTime() + retryDelayMs(message.attempts)), isFinal);
          logger.warn({ messageId: message.id, channel: message.channel, attempts: message.attempts, reason }, 'message not delivered; will retry');
        }
      }
      if (messages.length < BATCH_SIZE) return;
    }
  }

  function dispatchSoon(): Promise<void> {
    if (running) {
      isRerunRequested = true;
      return running;
    }
    running = (async () => {
      do {
        isRerunRequested = false;
        await dispatchDue().catch((error: unknown) => logger.error({ err: error }, 'delivery dispatch failed'));
      } while (isRerunRequested);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    enqueue: (message: NewMessage, executor?: Db) => repository.insertMessage(message, executor),
    dispatchDue,
    dispatchSoon,
    start() {
      timer ??= setInterval(() => void dispatchSoon(), POLL_MS);
      timer.unref();
      void dispatchSoon();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      for (const transport of Object.values(transports)) transport?.close?.();
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
