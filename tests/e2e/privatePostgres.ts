import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './harness.ts';

// A PostgreSQL cluster of the test's own (initdb + pg_ctl into a temporary folder, on a free
// port), so a test may stop the database under a running server without touching the shared
// server on 5432 that other tests use. PostgreSQL refuses to run as root: as root, the
// commands run as the `postgres` user the Debian package creates (see scripts/ensure.sh).

const run = promisify(execFile);

export interface PrivatePostgres {
  /** postgres://… of the cluster's `postgres` database. */
  adminUrl: string;
  port: number;
  /** Stops the cluster the way a crash does (`pg_ctl stop -m immediate`: no checkpoint, recovery from the WAL on start). */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  remove(): Promise<void>;
}

async function postgresBin(): Promise<string> {
  const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(a) - Number(b));
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)');
  return `/usr/lib/postgresql/${versions.at(-1)}/bin`;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBin();
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerline-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dataDir, Number(stdout.trim()), Number(group.trim()));
  }
  const pg = (command: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args));
  const port = await freePort();
  await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // fsync off: the faults here are process deaths, after which the kernel still holds every write; only a machine crash would need it.
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = async () => void (await pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', 'start']));
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    crash: async () => void (await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])),
    start,
    async remove() {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
