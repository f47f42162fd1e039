import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, isOutboxEnabled, loadConfig } from './config.ts';
import { DataDirectoryLockedError } from './db/lock.ts';
import { openDatabase } from './db/open.ts';
import { startOperations } from './operations.ts';
import { seedDatabase } from './seed/seed.ts';

/** The longest a clean shutdown may take; past it the process exits with status 1. */
const SHUTDOWN_LIMIT_MS = 30_000;

const webRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web/dist');

async function main() {
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  const app = await buildApp({ config, database, webRoot });

  if (database.kind === 'pglite') {
    // The embedded database is for one machine: V8 collects once its heap has grown by a quarter of what
    // survived, instead of up to four times it (decision 27). The demo's peak under search load: 414–438 → 300 MB.
    v8.setFlagsFromString('--heap-growing-percent=25');
    app.log.warn(
      `Embedded database (PGlite) in ${config.dataDir}: for trying Mihna, development and single-machine use. Set DATABASE_URL to run on PostgreSQL.`,
    );
  }
  if (!config.twilio && !isOutboxEnabled(config))
    app.log.warn('No SMS provider is configured (TWILIO_*): text messages will wait in the queue.');
  // Processes starting together on a new database: the first prepares it, the others then find it ready.
  const demo = await database.oneAtATime(() =>
    seedDatabase(app, { demo: config.seedDemo, canDeliverLocally: isOutboxEnabled(config), superAdmin: config.superAdmin }),
  );
  // The search indexes load now rather than on the first search (seconds at a million projects), the
  // console's directories when staff first use the console, and all read their changes every second
  // even when nobody searches: a search after a quiet spell then finds a second's changes to apply,
  // not a minute's (40 projects closed or reopened cost 25 ms at a million).
  const catchUpSearch = () =>
    void Promise.all([
      app.services.jobs.warmSearch(),
      app.services.profiles.warmSearch(),
      app.services.adminDirectories.catchUpLoaded(),
    ]).then(
      () => (app.services.lifecycle.searchCaughtUpAt = Date.now()),
      (error: unknown) => app.log.error({ err: error }, 'reading the search indexes’ changes failed'),
    );
  catchUpSearch();
  const searchChanges = setInterval(catchUpSearch, 1_000);
  searchChanges.unref();
  // Every background and scheduled task runs on the job queue, once across all processes (background-tasks.ts).
  await app.services.tasks.work();

  let isClosing = false;
  /**
   * The first SIGTERM or SIGINT stops taking requests, lets those under way finish, sends the e-mail
   * and SMS already due (at most 10 s, see delivery.stop), checkpoints and closes the database, and
   * exits 0, all within SHUTDOWN_LIMIT_MS. A second signal during that exits at once with status 1:
   * the operator asked twice. Nothing acknowledged is lost either way (see README, Configuration).
   */
  const shutdown = async (signal: string) => {
    if (isClosing) {
      app.log.warn(`${signal} received again: exiting now, without waiting for the shutdown to finish`);
      process.exit(1);
    }
    isClosing = true;
    clearInterval(searchChanges);
    app.services.lifecycle.isDraining = true;
    setTimeout(() => {
      app.log.error(`shutdown did not finish within ${SHUTDOWN_LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    app.log.info(`${signal} received: finishing in-flight requests and queued messages`);
    // A load balancer sees /readyz answer 503 and stops sending before the listener closes.
    if (config.shutdownGraceMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
    // Each step runs even if the one before failed or hung; together they fit in SHUTDOWN_LIMIT_MS.
    // A keep-alive connection whose last request ends during the drain would hold the close open for
    // the keep-alive timeout (5 s); each is closed as soon as it falls idle instead.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    await step('stop serving and send what is due', () => app.close(), 15_000);
    clearInterval(closeIdle);
    await step('checkpoint the database', () => database.checkpoint(), 10_000);
    await step('close the database', () => database.close(), 3_000);
    await step('release the data directory', async () => release(), 1_000);
    const telemetry = (globalThis as Record<symbol, { shutdown(): Promise<void> } | undefined>)[Symbol.for('mihna.telemetry')];
    if (telemetry) await step('send the last traces', () => telemetry.shutdown(), 1_000);
    process.exit(0);
  };
  const step = async (name: string, action: () => Promise<unknown>, timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        action(),
        new Promise((_resolve, reject) => (timer = setTimeout(() => reject(new Error('timed out')), timeoutMs))),
      ]);
    } catch (error) {
      app.log.error({ err: error }, `shutdown: could not ${name}`);
    } finally {
      clearTimeout(timer);
    }
  };
  // `on`, not `once`: a second signal must reach shutdown() to exit at once, rather than Node's default action.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Before the public port: an operator's scrape or backup finds the listener as soon as the site answers.
  const operations = config.operations ? await startOperations(app, config.operations) : undefined;
  if (operations) app.addHook('onClose', () => operations.operations.close());
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const origin = `${config.tls ? 'https' : 'http'}://localhost:${port}`;
  process.stdout.write(`\n  Mihna is running at ${origin}\n`);
  if (demo && config.env !== 'production') {
    process.stdout.write(`\n  Demo accounts (password ${demo.password}):\n`);
    for (const account of demo.accounts) process.stdout.write(`    ${account.role.padEnd(12)} ${account.email}\n`);
    if (demo.superAdmin) {
      const password = demo.isDemoSuperAdmin ? '' : ' (password from ADMIN_PASSWORD)';
      process.stdout.write(`  Admin console: ${origin}/admin as ${demo.superAdmin}${password}\n`);
      if (demo.adminTotpSecret) process.stdout.write(`    its authenticator app's key (add it to any app): ${demo.adminTotpSecret}\n`);
    }
    process.stdout.write(`  Codes and e-mails: ${origin}/dev/mailbox\n`);
  }
  if (operations) process.stdout.write(`  Metrics: http://${config.operations!.host}:${operations.port}/metrics\n`);
  process.stdout.write('\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Mihna could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
