// Faults survived on real PostgreSQL, in a cluster of the test's own (the shared server on 5432
// is never stopped): under a mixed load of orders, deposits approved by reviewers and
// withdrawals approved by one or two reviewers, (1) the server is SIGKILLed and restarted, and
// (2) PostgreSQL is stopped the way a crash stops it, for 10 s, and started again while the
// same server keeps running. After each: every acknowledged operation is in the database, a
// retry of every operation with its idempotency key applies nothing twice, and the ledger
// balances. Last, 16 withdrawals of the whole withdrawable amount at once: exactly one is made.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { testFundPassword } from '../../server/funding/fundingTestKit.ts';
import { figuresOf, type LoadUser, type LoadWorld, missingAcknowledged, prepareLoadWorld, retryEverything, startLoad } from './faultLoad.ts';
import { httpCaller, type ServerProcess, startServer } from './harness.ts';
import { auditLedger } from './ledgerAudit.ts';
import { type PrivatePostgres, startPrivatePostgres } from './privatePostgres.ts';

const loadUsers = 6;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

let cluster: PrivatePostgres;
let databaseUrl: string;
let serverEnv: Record<string, string>;
let server: ServerProcess | undefined;
let setupDb: Database;
let world: LoadWorld;
/** Kept out of the load, for the race at the end. */
let racer: LoadUser;

const withClient = async <T>(use: (db: pg.Client) => Promise<T>): Promise<T> => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
};

/** Checks the books after a fault and prints the figures; answers what went wrong. */
async function checkAfterFault(fault: string, operations: LoadWorld['operations'], extra: Record<string, unknown> = {}) {
  const missing = await withClient((db) => missingAcknowledged(db, operations));
  const retry = await withClient((db) => retryEverything(db, world, operations));
  const problems = await withClient((db) => auditLedger(db));
  const figures = figuresOf(operations);
  const refusals = operations.filter((operation) => operation.refused).map((operation) => `${operation.kind}:${operation.refused!.msg}`);
  console.info(`faults, ${fault}:`, JSON.stringify({ ...figures, foundAfterRecovery: figures.acknowledged - missing.length, retried: retry.retried, retriesAppliedTwice: retry.appliedTwice.length, refusals, ...extra }));
  return { figures, missing, appliedTwice: retry.appliedTwice, problems };
}

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE ledgerline_faults');
  await admin.end();
  databaseUrl = cluster.adminUrl.replace(/\/postgres$/, '/ledgerline_faults');
  serverEnv = { DATABASE_URL: databaseUrl, DEMO_MODE: '1', MARKET_WARMUP_MINUTES: '0' };
  server = await startServer({ env: serverEnv });
  setupDb = await openDatabase({ engine: 'postgres', url: databaseUrl });
  world = await prepareLoadWorld(setupDb, { baseUrl: server.baseUrl }, loadUsers + 1, 6);
  racer = world.users.pop()!;
  expect(await withClient((db) => auditLedger(db))).toEqual([]);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await setupDb?.close();
  await cluster?.remove();
}, 60_000);

describe('faults on PostgreSQL', () => {
  it('a SIGKILL under load loses nothing acknowledged, and retries apply nothing twice', async () => {
    const from = world.operations.length;
    const load = startLoad(world);
    await sleep(4_000);
    await server!.kill('SIGKILL');
    server = await startServer({ env: serverEnv });
    world.target.baseUrl = server.baseUrl;
    await sleep(3_000);
    await load.stop();
    const { figures, missing, appliedTwice, problems } = await checkAfterFault('SIGKILL of the server', world.operations.slice(from));
    expect(figures.acknowledged).toBeGreaterThan(loadUsers * 2);
    expect(figures.faultAnswers).toBeGreaterThan(0);
    expect(missing).toEqual([]);
    expect(appliedTwice).toEqual([]);
    expect(problems).toEqual([]);
  }, 150_000);

  it('PostgreSQL down for 10 s under load: the server answers errors without hanging, then recovers with nothing lost or doubled', async () => {
    const from = world.operations.length;
    const load = startLoad(world);
    await sleep(3_000);
    await cluster.crash();
    const downAt = Date.now();
    // While the database is down, a plain read must be answered (an error), never left hanging.
    const caller = httpCaller(world.target, 15_000);
    const probes: { ms: number; answer: string }[] = [];
    while (Date.now() - downAt < 10_000) {
      const sentAt = Date.now();
      const answer = await caller.call('user/info', {}, racer.session).then(
        ({ httpStatus, body }) => `${httpStatus} ${body.msg}`,
        (error: Error) => `no answer: ${String(error.cause ?? error.message)}`,
      );
      probes.push({ ms: Date.now() - sentAt, answer });
      await sleep(500);
    }
    await cluster.start();
    const upAt = Date.now();
    let recoveredAfterMs = -1;
    while (Date.now() - upAt < 60_000) {
      const { body } = await caller.call('user/info', {}, racer.session).catch(() => ({ body: { status: 0 } }));
      if (body.status === 1) {
        recoveredAfterMs = Date.now() - upAt;
        break;
      }
      await sleep(250);
    }
    await sleep(3_000);
    await load.stop();
    // The same process served throughout.
    expect(() => process.kill(server!.pid, 0)).not.toThrow();
    const answersWhileDown = probes.reduce<Record<string, number>>((counts, probe) => ({ ...counts, [probe.answer]: (counts[probe.answer] ?? 0) + 1 }), {});
    const { figures, missing, appliedTwice, problems } = await checkAfterFault('PostgreSQL stopped for 10 s', world.operations.slice(from), {
      answersWhileDown, slowestAnswerWhileDownMs: Math.max(...probes.map((probe) => probe.ms)), recoveredAfterMs,
    });
    expect(probes.every((probe) => !probe.answer.startsWith('no answer') && probe.ms < 15_000)).toBe(true);
    expect(probes.every((probe) => !probe.answer.startsWith('200 ok'))).toBe(true);
    expect(recoveredAfterMs).toBeGreaterThanOrEqual(0);
    expect(figures.acknowledged).toBeGreaterThan(loadUsers * 2);
    expect(missing).toEqual([]);
    expect(appliedTwice).toEqual([]);
    expect(problems).toEqual([]);
    // Errors while the database was down are expected; none may be left once it is back.
    const restartedOutput = server!.output();
    expect(restartedOutput).not.toMatch(/uncaught|unhandled/i);
  }, 150_000);

  it('16 withdrawals of the whole withdrawable amount at once: exactly one is made', async () => {
    const caller = httpCaller(world.target);
    const info = await caller.call('user/withdrawInfo', {}, racer.session);
    const amount = info.body.data.withdrawable as string;
    expect(amount).not.toBe('0.00');
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        caller.call('user/withdraw', { amount, card_id: racer.cardId, fund_password: testFundPassword, idempotency_key: `fault-race-${index}-${Date.now()}` }, racer.session),
      ),
    );
    const made = answers.filter((answer) => answer.body.status === 1);
    const refusals = [...new Set(answers.filter((answer) => answer.body.status === 0).map((answer) => answer.body.msg))];
    console.info('faults, 16 parallel withdrawals of everything withdrawable:', JSON.stringify({ made: made.length, refusals }));
    expect(made).toHaveLength(1);
    expect(answers.every((answer) => answer.httpStatus < 500)).toBe(true);
    const rows = await withClient(async (db) => (await db.query('SELECT count(*)::int AS count FROM withdrawals WHERE user_id = $1', [racer.userId.toString()])).rows[0].count);
    expect(rows).toBe(1);
    expect(await withClient((db) => auditLedger(db))).toEqual([]);
  }, 60_000);
});
