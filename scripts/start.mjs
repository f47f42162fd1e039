// `npm start`: builds the web app and the server, then serves the product, on Node.js 24 (fetched from
// the npm registry first when this machine's Node.js is older; scripts/node24.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { rerunOnNode24 } from './node24.mjs';
import { SERVER_NODE_OPTIONS } from './server-options.mjs';

await rerunOnNode24();
const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'apps/server/dist/main.js'], { stdio: 'inherit' });
// The server ends itself cleanly on a signal (main.ts); this process only passes it on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
