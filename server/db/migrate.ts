import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database, Sql } from './database.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const migrationFilePattern = /^(\d{4})_[a-z0-9_]+\.sql$/;
// Any constant will do; it only has to be the same for every instance of the server.
const migrationLockKey = 72_631_001;

/**
 * Applies, in order, every migration not applied yet, each in its own transaction. Safe when
 * several servers start at once. `through` stops after that version: a test builds a database
 * as an older release left it, fills it, and then migrates it the rest of the way.
 */
export async function migrate(db: Database, { through }: { through?: string } = {}): Promise<string[]> {
  if (db.engine === 'postgres') {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
      await tx.execScript(createLedgerOfMigrations);
    });
  } else {
    await db.execScript(createLedgerOfMigrations);
  }
  const files = (await readdir(migrationsDir)).filter((name) => migrationFilePattern.test(name) && (through === undefined || name.slice(0, 4) <= through)).sort();
  const appliedNow: string[] = [];
  for (const file of files) {
    const version = file.slice(0, 4);
    const script = await readFile(migrationsDir + file, 'utf8');
    const applied = await db.transaction(async (tx) => {
      if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
      if (await isApplied(tx, version)) return false;
      await tx.execScript(script);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      return true;
    });
    if (applied) appliedNow.push(file);
  }
  return appliedNow;
}

const createLedgerOfMigrations =
  'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

async function isApplied(sql: Sql, version: string): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
  return rows.length > 0;
}
