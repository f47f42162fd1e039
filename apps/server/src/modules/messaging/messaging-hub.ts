import type { Database } from '../../db/client.ts';
import { toMessageResponse } from './message-response.ts';
import {
  MESSAGING_CHANNEL,
  toDelivered,
  type DeliveredMessage,
  type MessagingNotice,
  type MessagingRepository,
} from './messaging.repository.ts';

/** How one open stream is written to: an SSE event, with an id for messages. */
export interface StreamWriter {
  event(name: 'message' | 'read' | 'ready', data: unknown, id?: number): void;
  comment(text: string): void;
  end(): void;
}

interface Stream {
  userId: string;
  /** The last message id this stream was sent: what it resumes after. */
  cursor: number;
  /** Messages rung while the stream catches up from the database, sent after it. */
  queue: DeliveredMessage[] | null;
  writer: StreamWriter;
}

const BACKLOG_PAGE = 500;
const PING_MS = 15_000;

/**
 * Live messages for the streams this process holds. Every stored message rings a PostgreSQL notice
 * (`messaging`, sent at commit by whichever process stored it) that carries the message itself (or,
 * for a long one, its id, read in one query per turn); the hub writes each to its two people's streams here. Messages commit in id order,
 * so a stream that is sent id N has been sent everything before it; a stream that resumes (its
 * Last-Event-ID), or a hub whose listening connection was cut, reads what it missed from the table.
 */
export function createMessageHub(dependencies: { database: Database; repository: MessagingRepository; onError: (error: unknown) => void }) {
  const { database, repository, onError } = dependencies;
  const streams = new Map<string, Set<Stream>>();
  let listening: Promise<unknown> | undefined;
  /** Messages rung since the last turn: carried in their notice, or only their id when too long for one. */
  let rung: { id: number; message: DeliveredMessage | null }[] = [];
  /** Turns run one after another, so each stream is written in id order. */
  let turns: Promise<void> = Promise.resolve();
  let pings: NodeJS.Timeout | undefined;
  /**
   * The newest message this hub knows was stored: the latest when it began listening, then each one
   * rung (notices come in commit order, which is id order). A new stream starts after it: everything
   * later is rung, or already rung and not yet delivered, and reaches the stream.
   */
  let newestKnown = 0;

  const streamsOf = (userId: string) => streams.get(userId) ?? [];

  function write(stream: Stream, message: DeliveredMessage) {
    if (message.id <= stream.cursor) return;
    stream.cursor = message.id;
    stream.writer.event('message', toMessageResponse(message), message.id);
  }

  function deliver(message: DeliveredMessage) {
    for (const userId of [message.employerId, message.professionalId]) {
      for (const stream of streamsOf(userId)) {
        if (stream.queue) stream.queue.push(message);
        else write(stream, message);
      }
    }
  }

  function enqueue(work: () => Promise<void>) {
    turns = turns.then(work).catch(onError);
    return turns;
  }

  function onNotice(payload: string) {
    let notice: MessagingNotice;
    try {
      notice = JSON.parse(payload) as MessagingNotice;
    } catch {
      return;
    }
    if (notice.kind === 'message') newestKnown = Math.max(newestKnown, notice.id);
    if (!notice.to.some((userId) => streams.has(userId))) return;
    if (notice.kind === 'read') {
      for (const userId of notice.to) {
        for (const stream of streamsOf(userId)) {
          stream.writer.event('read', { conversation_id: notice.conversation, reader_id: notice.reader, up_to: notice.upTo });
        }
      }
      return;
    }
    rung.push({ id: notice.id, message: notice.message ? toDelivered(notice.message) : null });
    // One turn for every message rung meanwhile; only those too long for their notice are read, in one query.
    if (rung.length === 1) {
      void enqueue(async () => {
        const batch = rung;
        rung = [];
        const missing = batch.filter((entry) => entry.message === null).map((entry) => entry.id);
        const read = new Map((await repository.messagesByIds(missing)).map((message) => [message.id, message]));
        for (const entry of batch.sort((a, b) => a.id - b.id)) {
          const message = entry.message ?? read.get(entry.id);
          if (message) deliver(message);
        }
      });
    }
  }

  /** Sends a stream what was stored after its cursor, then what was rung meanwhile. */
  async function catchUp(stream: Stream) {
    stream.queue ??= [];
    for (;;) {
      const missed = await repository.messagesAfter(stream.userId, stream.cursor, BACKLOG_PAGE);
      for (const message of missed) write(stream, message);
      if (missed.length < BACKLOG_PAGE) break;
    }
    const queued = stream.queue;
    stream.queue = null;
    for (const message of queued) write(stream, message);
  }

  /** The listening connection was cut and opened again: notices may have been missed meanwhile. */
  function resync() {
    void enqueue(async () => {
      newestKnown = Math.max(newestKnown, await repository.lastMessageId());
    });
    for (const set of streams.values()) for (const stream of set) void enqueue(() => catchUp(stream));
  }

  function startListening() {
    listening ??= database.listen(MESSAGING_CHANNEL, onNotice, resync).then(async () => {
      // Listening first: a message stored meanwhile is rung, whichever of the two tells of it.
      newestKnown = Math.max(newestKnown, await repository.lastMessageId());
    });
    pings ??= setInterval(() => {
      // A comment every 15 s keeps proxies from closing a quiet stream, and finds the dead ones.
      for (const set of streams.values()) for (const stream of set) stream.writer.comment('ping');
    }, PING_MS).unref();
    return listening;
  }

  return {
    /**
     * Opens a stream for `userId`. With `lastEventId` it first sends every message after that one (read
     * from the table in a turn); without, it starts at once after the newest message known and says so
     * in a `ready` event (whose id the client resumes from), after which the client reads its lists once.
     */
    async open(userId: string, lastEventId: number | null, writer: StreamWriter) {
      await startListening();
      const isResuming = lastEventId !== null;
      // A new stream needs no query: it starts after the newest message known, and says so.
      const stream: Stream = { userId, cursor: lastEventId ?? newestKnown, queue: isResuming ? [] : null, writer };
      const set = streams.get(userId) ?? new Set();
      set.add(stream);
      streams.set(userId, set);
      if (isResuming) await enqueue(() => catchUp(stream));
      else writer.event('ready', { last_id: stream.cursor }, stream.cursor);
      return () => {
        set.delete(stream);
        if (set.size === 0) streams.delete(userId);
      };
    },

    /** Open streams, for the benchmark and the health of the process. */
    get streamCount() {
      let count = 0;
      for (const set of streams.values()) count += set.size;
      return count;
    },

    /** Ends every stream (the server is closing: clients reconnect to another process and resume). */
    close() {
      if (pings) clearInterval(pings);
      for (const set of streams.values()) for (const stream of set) stream.writer.end();
      streams.clear();
    },
  };
}

export type MessageHub = ReturnType<typeof createMessageHub>;
