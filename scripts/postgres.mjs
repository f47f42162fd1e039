// A throwaway PostgreSQL cluster from the machine's server binaries, for the API suite on a real server.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findBinDirectory() {
  const fromPgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [];
  if (fromPgConfig.status === 0) candidates.push(fromPgConfig.stdout.trim());
  const debianRoot = '/usr/lib/postgresql';
  if (fs.existsSync(debianRoot)) {
    const versions = fs.readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')));
  }
  return candidates.find((directory) => fs.existsSync(path.join(directory, 'initdb')) && fs.existsSync(path.join(directory, 'pg_ctl')));
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a cluster and returns its URL and a stop function; the server refuses root, so root runs it as `postgres`. */
export async function startThrowawayPostgres(settings = {}) {
  const binDirectory = findBinDirectory();
  if (!binDirectory) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found. Install them (Debian: apt-get install postgresql) ' +
        'or point TEST_DATABASE_URL at a PostgreSQL 15+ server the tests may create databases on.',
    );
  }
  const isRoot = process.getuid?.() === 0;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-pg-'));
  const dataDirectory = path.join(directory, 'data');
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', directory]);
  fs.chmodSync(directory, 0o700);

  const run = (binary, args) => {
    const command = path.join(binDirectory, binary);
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };

  const port = await freePort();
  run('initdb', ['-D', dataDirectory, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300${Object.entries(
    settings,
  )
    .map(([name, value]) => ` -c ${name}=${value}`)
    .join('')}`;
  run('pg_ctl', ['-D', dataDirectory, '-o', options, '-l', path.join(directory, 'server.log'), '-w', 'start']);

  let isStopped = false;
  const stop = () => {
    if (isStopped) return;
    isStopped = true;
    try {
      run('pg_ctl', ['-D', dataDirectory, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // The same server through its Unix socket, as a server process on the same machine would reach it.
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(directory)}`,
    stop,
  };
}
