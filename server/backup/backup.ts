import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/pglite.ts';

// Backups of either engine (docs/backups.md). PostgreSQL: pg_dump's plain SQL, restored
// with psql into an empty database in one transaction. PGlite: its data directory as a
// gzipped tar (dumpDataDir), restored by starting a new data directory from it. A PGlite
// data directory belongs to one process: back it up with the server stopped.

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${errors.trim()}`))));
  });
}

/** pg_dump of the database at `url` to a plain SQL file. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', '--file', file, '--dbname', url]);
}

/** Loads a plain SQL dump into the (empty) database at `url`: all of it, or nothing. */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await run('psql', ['--quiet', '--no-psqlrc', '--set', 'ON_ERROR_STOP=1', '--single-transaction', '--file', file, '--dbname', url]);
}

/** Writes an open PGlite database's data directory to `file` (gzipped tar). */
export async function dumpPglite(db: Database, file: string): Promise<void> {
  const dumpable = db as Database & { dumpDataDir?: () => Promise<Blob> };
  if (!dumpable.dumpDataDir) throw new Error('not a PGlite database');
  await writeFile(file, Buffer.from(await (await dumpable.dumpDataDir()).arrayBuffer()));
}

/** Backs up the PGlite data directory `dataDir` (no server may have it open). */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  const db = await openPglite(dataDir);
  try {
    await dumpPglite(db, file);
  } finally {
    await db.close();
  }
}

/** Starts the PGlite data directory `dataDir` (new or empty) from a dump. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) throw new Error(`${dataDir} is not empty: restore into a new data directory`);
  const db = await openPglite(dataDir, { loadDataDir: new Blob([await readFile(file)]) });
  await db.close();
}
