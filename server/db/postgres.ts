import pg from 'pg';
import { bigintTypeOid, type Database, type Sql, withRetries } from './database.ts';

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === bigintTypeOid) return (value: string) => BigInt(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export interface PostgresOptions {
  connectionString: string;
  poolSizeMax?: number;
}

export function openPostgres({ connectionString, poolSizeMax = 10 }: PostgresOptions): Database {
  const pool = new pg.Pool({ connectionString, max: poolSizeMax, types: typeParsers });
  // An idle connection the server ends (restart, admin kill) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`postgres: idle connection lost: ${error.message}`));
  const asSql = (target: pg.Pool | pg.PoolClient): Sql => ({
    async query(text, params) {
      const result = await target.query(text, params ? [...params] : undefined);
      return result.rows;
    },
    async execScript(script) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(script);
    },
  });
  return {
    engine: 'postgres',
    ...asSql(pool),
    transaction: (work) =>
      withRetries(async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work(asSql(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }),
    async close() {
      await pool.end();
    },
  };
}
