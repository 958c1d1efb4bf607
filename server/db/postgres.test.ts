// A connection that dies in the middle of a transaction (the database stopped, restarted or an
// administrator ended the backend) fails that transaction and nothing else: before, the dead
// checked-out client's 'error' event went unheard and ended the whole server process.
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../testing/testDatabase.ts';

describe.runIf(testEngine === 'postgres')('a postgres connection lost during a transaction', () => {
  it('fails-the-transaction-keeps-the-process-and-the-pool-serves-the-next-query', async () => {
    const { db, close } = await openTestDatabase('postgres');
    try {
      const outcome = await db
        .transaction(async (sql) => {
          const [own] = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await db.query('SELECT pg_terminate_backend($1)', [own!.pid]);
          // The client hears of it while no query of ours is running.
          await new Promise((done) => setTimeout(done, 300));
          await sql.query('SELECT 1');
          return 'committed';
        })
        .catch((error: Error) => `failed: ${error.message}`);
      expect(outcome).toMatch(/^failed: /);
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await close();
    }
  });
});
