import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirectoryLockedError } from './db/lock.ts';
import { openDatabase } from './db/open.ts';
import { formatInbox, readInbox, retryNow } from './modules/payments/index.ts';

const usage = `Support commands, run against the configured database (DATABASE_URL, or DATA_DIR when the server is stopped):

  webhooks [--waiting] [--limit N]     the payment provider's events: applied or waiting, attempts, last error
  webhooks --retry <event id>          apply a waiting event at the server's next retry round
`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { waiting: { type: 'boolean', default: false }, limit: { type: 'string', default: '50' }, retry: { type: 'string' } },
  });
  if (positionals[0] !== 'webhooks') {
    process.stdout.write(usage);
    process.exit(positionals.length === 0 ? 0 : 1);
  }
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  try {
    if (values.retry) {
      const found = await retryNow(database.db, values.retry, new Date());
      process.stdout.write(found ? `${values.retry} will be applied at the next retry round.\n` : `No waiting event ${values.retry}.\n`);
      if (!found) process.exitCode = 1;
      return;
    }
    const limit = Number.parseInt(values.limit, 10);
    const inbox = await readInbox(database.db, { onlyWaiting: values.waiting, limit: Number.isInteger(limit) && limit > 0 ? limit : 50 });
    process.stdout.write(`${formatInbox(inbox)}\n`);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof DataDirectoryLockedError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
