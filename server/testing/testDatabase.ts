import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';

/** Which engine the server suite runs on; vitest's projects run it once per engine. */
export const testEngine = (process.env.LEDGERLINE_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** The PostgreSQL server the tests create their throwaway databases on. */
export const testPostgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  db: Database;
  /** The PostgreSQL database's URL (pg_dump, psql); undefined on PGlite. */
  url?: string;
  close(): Promise<void>;
}

/** A real, empty, migrated database for one test file. */
export async function openTestDatabase(engine: 'pglite' | 'postgres' = testEngine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const db = await openDatabase({ engine: 'pglite', dataDir: undefined });
    return { db, close: () => db.close() };
  }
  const name = `ledgerline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testPostgresAdminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ engine: 'postgres', url: url.toString() });
  return {
    db,
    url: url.toString(),
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: testPostgresAdminUrl });
      await cleanup.connect();
      // pool.end() resolves before its backends are gone; wait so the drop does not kill them mid-close.
      for (let attempt = 0; attempt < 50; attempt++) {
        const [row] = (await cleanup.query('SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1', [name])).rows;
        if (row.count === 0) break;
        await new Promise((done) => setTimeout(done, 100));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
