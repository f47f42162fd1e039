import pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY for the server: a notice sent with `select pg_notify(channel, payload)`
 * in a transaction reaches every listener on the database, in every process, once the transaction
 * commits (never when it rolls back). A notice is a doorbell, not a delivery: one sent while a
 * listener's connection is down is lost, so a listener told to resync (`onResync`) reads again what
 * notices would have told it. Payloads stay under 8,000 bytes.
 */

export type Unlisten = () => Promise<void>;
export type Listen = (channel: string, handler: (payload: string) => void, onResync?: () => void) => Promise<Unlisten>;

/** Channel names are plain lower-case identifiers: PGlite and `LISTEN` fold any other spelling. */
export function checkChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`listener: "${channel}" is not a plain lower-case channel name`);
  return channel;
}

interface Subscriber {
  handler: (payload: string) => void;
  onResync?: () => void;
}

const PROBE_MS = 30_000;
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 30_000;

/**
 * One connection of its own per process, outside the pool (which closes idle connections, and a
 * LISTEN with them), opened with the first channel listened to. A connection that drops, or fails
 * the probe sent every 30 s (a dead peer can go unnoticed otherwise), is opened again with backoff
 * and listens to every channel again; then each subscriber is told to resync.
 */
export function createPostgresListener(connectionString: string, { probeMs = PROBE_MS }: { probeMs?: number } = {}) {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | undefined;
  let opening: Promise<void> | undefined;
  let isClosed = false;
  let probe: NodeJS.Timeout | undefined;

  const deliver = (message: pg.Notification) => {
    for (const subscriber of channels.get(message.channel) ?? []) subscriber.handler(message.payload ?? '');
  };

  function lost(connection: pg.Client) {
    if (client !== connection) return;
    client = undefined;
    void connection.end().catch(() => undefined);
    if (!isClosed) opening = open(true);
  }

  async function open(isResync: boolean) {
    for (let retryMs = FIRST_RETRY_MS; !isClosed; retryMs = Math.min(retryMs * 2, LAST_RETRY_MS)) {
      const connection = new pg.Client({ connectionString, keepAlive: true, query_timeout: 10_000 });
      // A dropped connection reports an error, then ends: the end reopens it.
      connection.on('error', () => undefined);
      try {
        await connection.connect();
        connection.on('notification', deliver);
        for (const channel of channels.keys()) await connection.query(`listen ${channel}`);
        if (isClosed) {
          await connection.end();
          return;
        }
        client = connection;
        connection.on('end', () => lost(connection));
        if (isResync) for (const subscribers of channels.values()) for (const subscriber of subscribers) subscriber.onResync?.();
        return;
      } catch {
        await connection.end().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
      }
    }
  }

  function startProbe() {
    probe ??= setInterval(() => {
      const connection = client;
      if (connection) connection.query('select 1').catch(() => lost(connection));
    }, probeMs).unref();
  }

  return {
    async listen(channel: string, handler: (payload: string) => void, onResync?: () => void): Promise<Unlisten> {
      checkChannel(channel);
      if (isClosed) throw new Error('listener: closed');
      const subscriber: Subscriber = { handler, onResync };
      let subscribers = channels.get(channel);
      const isNew = !subscribers;
      if (!subscribers) channels.set(channel, (subscribers = new Set()));
      subscribers.add(subscriber);
      if (!client && !opening) opening = open(false);
      startProbe();
      await opening;
      // Listening twice to a channel is harmless; an opening that began before it was added missed it.
      if (isNew) await client?.query(`listen ${channel}`);
      return async () => {
        subscribers.delete(subscriber);
        if (subscribers.size > 0 || channels.get(channel) !== subscribers) return;
        channels.delete(channel);
        await client?.query(`unlisten ${channel}`).catch(() => undefined);
      };
    },
    async close() {
      isClosed = true;
      if (probe) clearInterval(probe);
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => undefined);
    },
    /** For tests: the listening connection's backend, to end it as a failover would. */
    backendPid: async () => (await client?.query<{ pid: number }>('select pg_backend_pid() as pid'))?.rows[0]?.pid,
  };
}
