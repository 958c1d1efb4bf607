// The embedded database on its own thread keeps the Database contract of PGlite on the
// server's thread: bigint money, driver error fields, transactions that commit, roll back and
// never interleave, and a dump that starts a new database. (The whole server suite runs on it
// too: openDatabase opens PGlite this way.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPgliteThread } from './pgliteThread.ts';

describe('PGlite on its own thread', () => {
  let db: Awaited<ReturnType<typeof openPgliteThread>>;
  beforeAll(async () => {
    db = await openPgliteThread(undefined);
    await db.execScript('CREATE TABLE t (id int PRIMARY KEY, paise bigint NOT NULL); CREATE TABLE log (entry text NOT NULL)');
  });
  afterAll(() => db.close());

  it('carries bigint parameters and results both ways without a float', async () => {
    const paise = 9_007_199_254_740_993n;
    await db.query('INSERT INTO t VALUES (1, $1)', [paise]);
    expect(await db.query('SELECT paise FROM t WHERE id = 1')).toEqual([{ paise }]);
  });

  it('rebuilds driver errors with their code and constraint', async () => {
    const error = await db.query('INSERT INTO t VALUES (1, 0)').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(true);
    expect(error).toMatchObject({ constraint: 't_pkey', message: expect.stringContaining('duplicate key') });
  });

  it('commits a transaction and rolls back one whose work throws', async () => {
    expect(await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (2, 200)');
      return 'done';
    })).toBe('done');
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (3, 300)');
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await db.query('SELECT id FROM t WHERE id IN (2, 3) ORDER BY id')).toEqual([{ id: 2 }]);
  });

  it('rolls back a transaction whose statement failed, and goes on', async () => {
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (4, 400)');
      await tx.query('INSERT INTO t VALUES (4, 400)');
    })).rejects.toSatisfy(isUniqueViolation);
    expect(await db.query('SELECT count(*)::int AS n FROM t WHERE id = 4')).toEqual([{ n: 0 }]);
  });

  it('runs transactions and plain statements one after another, never interleaved', async () => {
    const writer = (name: string) => db.transaction(async (tx) => {
      await tx.query('INSERT INTO log VALUES ($1)', [`${name} begins`]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await tx.query('INSERT INTO log VALUES ($1)', [`${name} ends`]);
    });
    await Promise.all([writer('a'), db.query("INSERT INTO log VALUES ('plain')"), writer('b')]);
    const entries = (await db.query<{ entry: string }>('SELECT entry FROM log')).map((row) => row.entry);
    expect(entries).toHaveLength(5);
    for (const name of ['a', 'b']) expect(entries.indexOf(`${name} ends`)).toBe(entries.indexOf(`${name} begins`) + 1);
  });

  it('dumps a data directory another PGlite starts from', async () => {
    const copy = await openPglite(undefined, { loadDataDir: await db.dumpDataDir() });
    try {
      expect(await copy.query('SELECT id, paise FROM t ORDER BY id')).toEqual([{ id: 1, paise: 9_007_199_254_740_993n }, { id: 2, paise: 200n }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses calls after close instead of hanging', async () => {
    const other = await openPgliteThread(undefined);
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow(/database thread/);
  });
});
