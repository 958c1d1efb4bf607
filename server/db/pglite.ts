import { PGlite } from '@electric-sql/pglite';
import { bigintTypeOid, type Database, type Sql, withRetries } from './database.ts';

/** bigint columns as JS bigint, on whichever thread PGlite runs. */
export const parsers = { [bigintTypeOid]: (value: string) => BigInt(value) };

/**
 * Opens the embedded database; `dataDir` undefined means in memory (tests). `loadDataDir`
 * starts it from a dump of a data directory (PGlite's dumpDataDir: backups, scripts/restore.ts).
 */
export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  const pglite = await PGlite.create(dataDir ?? 'memory://', { parsers, loadDataDir: options.loadDataDir });
  const asSql = (target: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query(text, params) {
      const result = await target.query(text, params ? [...params] : undefined);
      return result.rows as never;
    },
    async execScript(script) {
      await target.exec(script);
    },
  });
  return {
    engine: 'pglite',
    ...asSql(pglite),
    // PGlite is one connection: its transactions queue behind each other, so they
    // never conflict, but the retry keeps the contract identical to PostgreSQL's.
    transaction: (work) => withRetries(() => pglite.transaction((tx) => work(asSql(tx)))),
    async close() {
      await pglite.close();
    },
    dumpDataDir: () => pglite.dumpDataDir('gzip'),
  };
}
