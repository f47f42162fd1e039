// `npm run dev`: the API server with reload and the Vite dev server, together; Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { rerunOnNode24 } from './node24.mjs';

await rerunOnNode24();

const children = [
  spawn('npm', ['run', 'dev', '-w', '@mihna/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@mihna/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
