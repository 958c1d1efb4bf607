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
  // A transaction's statements may be sent without awaiting each one (inOrder in database.ts);
  // a pg client runs one at a time and no longer wants to be handed the next early, so they
  // wait their turn here, in the order given.
  const oneAtATime = (client: pg.PoolClient): Sql => {
    const sql = asSql(client);
    let previous: Promise<unknown> = Promise.resolve();
    const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
      const next = previous.then(run, run);
      previous = next.catch(() => undefined);
      return next;
    };
    return { query: (text, params) => inTurn(() => sql.query(text, params)), execScript: (script) => inTurn(() => sql.execScript(script)) };
  };
  return {
    engine: 'postgres',
    ...asSql(pool),
    transaction: (work) =>
      withRetries(async () => {
        const client = await pool.connect();
        // A connection lost while the transaction's code runs between two queries (the database
        // stopped or restarted) is reported as an 'error' event on the checked-out client, which
        // the pool's listener does not hear: unheard, it ends the process. The transaction fails
        // at its next query anyway; the dead connection is then dropped, not returned to the pool.
        let broken: Error | undefined;
        const onLost = (error: Error) => void (broken = error);
        client.on('error', onLost);
        try {
          await client.query('BEGIN');
          const result = await work(oneAtATime(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => void (broken ??= rollbackError));
          throw error;
        } finally {
          client.off('error', onLost);
          client.release(broken);
        }
      }),
    async close() {
      await pool.end();
    },
  };
}
