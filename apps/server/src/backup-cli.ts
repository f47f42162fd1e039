// `npm run backup [-- file]` and `npm run restore -- file`, with the server's own settings (DATABASE_URL
// or DATA_DIR, METRICS_PORT): see backups.ts and the README's Backups section.
import { BackupError, backup, restore } from './backups.ts';
import { ConfigError, loadConfig } from './config.ts';

const [command, file] = process.argv.slice(2);

try {
  const config = loadConfig();
  if (command === 'backup') {
    const started = Date.now();
    const result = await backup(config, file);
    const megabytes = (result.bytes / 2 ** 20).toFixed(1);
    process.stdout.write(`Backed up to ${result.file} (${megabytes} MB, from the ${result.source}, in ${Date.now() - started} ms).\n`);
  } else if (command === 'restore' && file) {
    const result = await restore(config, file);
    process.stdout.write(`Restored ${file} into ${result.into}. Start the server on it as usual.\n`);
  } else {
    process.stderr.write('Usage: npm run backup [-- <file>]   or   npm run restore -- <file>\n');
    process.exitCode = 2;
  }
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
