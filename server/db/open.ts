import { mkdir } from 'node:fs/promises';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPgliteThread } from './pgliteThread.ts';
import { openPostgres } from './postgres.ts';

export type DatabaseTarget = { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir: string | undefined };

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  let db: Database;
  if (target.engine === 'postgres') {
    db = openPostgres({ connectionString: target.url });
  } else {
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
    db = await openPgliteThread(target.dataDir);
  }
  await migrate(db);
  return db;
}
