import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ApiPath } from '../../contract/api.ts';
import type { Database } from '../../server/db/database.ts';
import { cardForm, channelForm, everyDayAllDay, markKycVerified, setFundPassword, testFundPassword, uploadRow } from '../../server/funding/fundingTestKit.ts';
import { createAndLogInStaff, type TestStaff } from '../../server/testing/staffKit.ts';
import { fundUser } from '../../server/testing/userKit.ts';
import { httpCaller } from './harness.ts';

// A mixed load a fault is injected under: each user, in a loop, places an order, reports a
// deposit that a reviewer approves, and requests a withdrawal that one reviewer (or two, above
// the four-eyes amount) approves. Every operation is retried with its own idempotency key until
// it is answered, as a client does; the record of what was acknowledged is what the checks
// after the fault hold the database to.

export type Session = { token: string; account: string };
type Envelope = { status: 0 | 1; msg: string; data: any };

export interface LoadUser {
  userId: bigint;
  account: string;
  session: Session;
  cardId: string;
  receipts: string[];
}

export interface Operation {
  kind: 'order' | 'deposit' | 'deposit_review' | 'withdrawal' | 'withdrawal_review';
  path: ApiPath;
  body: Record<string, unknown>;
  session: Session;
  user: LoadUser;
  /** The answer with status 1, once one came. */
  acknowledged?: Envelope;
  /** A refusal (status 0 that is not a fault). */
  refused?: Envelope;
  /** Answers that were faults: no connection, a timeout, HTTP 5xx, system_busy. */
  faults: string[];
}

export interface LoadWorld {
  target: { baseUrl: string };
  users: LoadUser[];
  reviewers: [TestStaff, TestStaff];
  channelId: string;
  operations: Operation[];
}

const userPassword = 'fault-pass-123';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
export const codes = ['INFY', 'TCS', 'SBIN', 'ITC', 'RELIANCE', 'HDFCBANK'] as const;

/** Staff, a channel open all day, and users who passed KYC, set a fund password, added a card and hold ₹1 crore of test money. */
export async function prepareLoadWorld(db: Database, target: { baseUrl: string }, userCount: number, receiptsPerUser: number): Promise<LoadWorld> {
  const server = httpCaller(target);
  const admin = await createAndLogInStaff(db, server, 'faults-admin', 'admin');
  const reviewers: [TestStaff, TestStaff] = [await createAndLogInStaff(db, server, 'faults-reviewer1', 'reviewer'), await createAndLogInStaff(db, server, 'faults-reviewer2', 'reviewer')];
  const operator = await createAndLogInStaff(db, server, 'faults-operator', 'operator');
  const ok = async (path: ApiPath, body: Record<string, unknown>, session?: Session) => {
    const answer = await server.call(path, body, session);
    if (answer.body.status !== 1) throw new Error(`${path} refused: ${answer.body.msg}`);
    return answer.body.data;
  };
  for (const name of ['deposit.window', 'withdrawal.window']) {
    const answer = await server.call('admin/settings/update', { name, value: everyDayAllDay, reason: 'Fault tests run at any hour' }, admin.headers);
    if (answer.body.status !== 1 && answer.body.msg !== 'already_in_that_state') throw new Error(`${name} not set: ${answer.body.msg}`);
  }
  // Every load user calls from 127.0.0.1, where real users come from their own addresses: the
  // per-address budget for requests carrying a fund password (500 a window) would otherwise run
  // out once the load has sent that many withdrawals, faster the faster orders go.
  const perAddress = await server.call('admin/settings/update', { name: 'rate_limit.fund_password_per_ip', value: 1_000_000, reason: 'Fault tests send every user\'s withdrawals from one address' }, admin.headers);
  if (perAddress.body.status !== 1 && perAddress.body.msg !== 'already_in_that_state') throw new Error(`rate_limit.fund_password_per_ip not set: ${perAddress.body.msg}`);
  const channel = await ok('admin/channels/save', channelForm(), operator.headers);
  const users = await Promise.all(
    Array.from({ length: userCount }, async (_, index) => {
      const account = `97531${String(index).padStart(5, '0')}`;
      await ok('user/register', { account, password: userPassword, password2: userPassword, invite_code: 'DEMO100', agree: true });
      const session: Session = await ok('user/login', { account, password: userPassword });
      const [row] = await db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account]);
      const userId = row!.id;
      await markKycVerified(db, userId, 'Asha Verma', reviewers[0].staffId);
      await setFundPassword(db, userId);
      const card = await ok('user/addBankCard', cardForm('Asha Verma'), session);
      await fundUser(db, userId, 10_000_000n);
      const receipts: string[] = [];
      for (let receipt = 0; receipt < receiptsPerUser; receipt++) receipts.push(await uploadRow(db, userId, 'deposit_receipt'));
      return { userId, account, session: { token: session.token, account }, cardId: card.id as string, receipts };
    }),
  );
  return { target, users, reviewers, channelId: channel.id, operations: [] };
}

/** A status 0 that says the service could not answer, rather than a decision. */
const isFaultAnswer = (httpStatus: number, body: Envelope) => httpStatus >= 500 || body.msg === 'system_busy';

/** Sends `operation` until it is answered (acknowledged or refused) or `giveUpAt` passes; faults are recorded and retried with the same key. */
async function perform(world: LoadWorld, operation: Operation, giveUpAt: () => number): Promise<Envelope | undefined> {
  world.operations.push(operation);
  const server = httpCaller(world.target, 15_000);
  while (Date.now() < giveUpAt()) {
    try {
      const { httpStatus, body } = await server.call(operation.path, operation.body, operation.session);
      if (isFaultAnswer(httpStatus, body)) operation.faults.push(`${httpStatus} ${body.msg}`);
      else if (body.status === 1) return (operation.acknowledged = body);
      else return (operation.refused = body);
    } catch (error) {
      operation.faults.push(String((error as Error).cause ?? (error as Error).message));
    }
    await sleep(250);
  }
  return undefined;
}

/** Runs the load until `stop()`; then each user finishes the operation under way and its reviews (giving up `graceMs` after the stop). */
export function startLoad(world: LoadWorld, graceMs = 40_000): { stop(): Promise<void> } {
  let stoppedAt = Infinity;
  const giveUpAt = () => stoppedAt + graceMs;
  const running = () => stoppedAt === Infinity;
  const loops = world.users.map(async (user, userIndex) => {
    let round = 0;
    const op = (kind: Operation['kind'], path: ApiPath, body: Record<string, unknown>, session = user.session) =>
      perform(world, { kind, path, body, session, user, faults: [] }, giveUpAt);
    while (running()) {
      round += 1;
      const code = codes[(userIndex + round) % codes.length];
      await op('order', 'order/place', { code, side: round % 3 === 0 ? 'short' : 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: `fault-order-${randomUUID()}` });
      const receipt = user.receipts.shift();
      if (receipt && running()) {
        const deposit = await op('deposit', 'user/deposit', { channel_id: world.channelId, amount: '5000.00', reference: `UTR${randomUUID().slice(0, 12)}`, receipt_upload_id: receipt, idempotency_key: `fault-deposit-${randomUUID()}` });
        let reviewed = deposit?.status === 1 ? deposit.data : null;
        for (const reviewer of world.reviewers) {
          // A deposit under way is reviewed even after the stop: a pending one would block the user's next.
          if (!reviewed || reviewed.status === 'approved') break;
          const answer = await op('deposit_review', 'admin/deposits/review', { id: reviewed.id, decision: 'approve', reason: 'Matched the bank statement' }, reviewer.headers);
          reviewed = answer?.status === 1 ? answer.data : null;
        }
      }
      if (!running()) break;
      // Every other one above the four-eyes amount (₹2,00,000 by default): two reviewers approve it.
      const amount = round % 2 === 0 ? '250000.00' : '500.00';
      const withdrawal = await op('withdrawal', 'user/withdraw', { amount, card_id: user.cardId, fund_password: testFundPassword, idempotency_key: `fault-withdraw-${randomUUID()}` });
      let reviewed = withdrawal?.status === 1 ? withdrawal.data : null;
      for (const reviewer of world.reviewers) {
        if (!reviewed || reviewed.status === 'paid') break;
        const answer = await op('withdrawal_review', 'admin/withdrawals/review', { id: reviewed.id, decision: 'approve', reason: 'Paid to the card', bank_reference: `NEFT${randomUUID().slice(0, 10)}` }, reviewer.headers);
        reviewed = answer?.status === 1 ? answer.data : null;
      }
    }
  });
  return {
    async stop() {
      stoppedAt = Date.now();
      await Promise.all(loops);
    },
  };
}

/** Which acknowledged operations the database does not show as acknowledged (it may show a review's later state). */
export async function missingAcknowledged(db: pg.Client, operations: readonly Operation[]): Promise<unknown[]> {
  const one = async (text: string, params: unknown[]) => (await db.query(text, params)).rows[0];
  const missing: unknown[] = [];
  for (const operation of operations.filter((candidate) => candidate.acknowledged)) {
    const data = operation.acknowledged!.data;
    const key = operation.body.idempotency_key;
    const found =
      operation.kind === 'order' ? await one('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2 AND idempotency_key = $3', [data.order_no, operation.user.userId.toString(), key])
      : operation.kind === 'deposit' ? await one('SELECT 1 FROM deposits WHERE id = $1 AND user_id = $2 AND idempotency_key = $3', [data.id, operation.user.userId.toString(), key])
      : operation.kind === 'withdrawal' ? await one('SELECT 1 FROM withdrawals WHERE id = $1 AND user_id = $2 AND idempotency_key = $3', [data.id, operation.user.userId.toString(), key])
      : operation.kind === 'deposit_review' ? await one("SELECT 1 FROM deposits WHERE id = $1 AND (status = $2 OR status = 'approved')", [data.id, data.status])
      : await one("SELECT 1 FROM withdrawals WHERE id = $1 AND (status = $2 OR status = 'paid')", [data.id, data.status]);
    if (!found) missing.push({ kind: operation.kind, body: operation.body, answer: data });
  }
  return missing;
}

/** Sends every operation again with its key, and counts the ones applied twice: another row for the key, or another object than the one acknowledged. */
export async function retryEverything(db: pg.Client, world: LoadWorld, operations: readonly Operation[]): Promise<{ retried: number; appliedTwice: unknown[] }> {
  const server = httpCaller(world.target);
  const appliedTwice: unknown[] = [];
  const keyed = operations.filter((operation) => operation.kind === 'order' || operation.kind === 'deposit' || operation.kind === 'withdrawal');
  const tables = { order: 'orders', deposit: 'deposits', withdrawal: 'withdrawals' } as const;
  // One user's retries one after another (orders are limited per second and per user), users side by side.
  await Promise.all(
    world.users.map(async (user) => {
      for (const operation of operations.filter((candidate) => candidate.user === user)) {
        const answer = await server.call(operation.path, operation.body, operation.session);
        const first = operation.acknowledged?.data;
        if (first && answer.body.status === 1) {
          const same = operation.kind === 'order' ? answer.body.data.order_no === first.order_no : answer.body.data.id === first.id;
          if (!same) appliedTwice.push({ kind: operation.kind, first, again: answer.body.data });
        }
        if (operation.kind === 'order') await sleep(220);
      }
    }),
  );
  for (const operation of keyed) {
    const table = tables[operation.kind as keyof typeof tables];
    const [row] = (await db.query(`SELECT count(*)::int AS count FROM ${table} WHERE user_id = $1 AND idempotency_key = $2`, [operation.user.userId.toString(), operation.body.idempotency_key])).rows;
    if (row.count > 1) appliedTwice.push({ kind: operation.kind, key: operation.body.idempotency_key, rows: row.count });
  }
  // A review applied twice would book a second credit or payout for the same deposit or withdrawal.
  const doubled = (await db.query("SELECT idempotency_key, count(*)::int AS count FROM ledger_transfers WHERE idempotency_key ~ '^(deposit|withdrawal):' GROUP BY 1 HAVING count(*) > 1")).rows;
  appliedTwice.push(...doubled);
  return { retried: operations.length, appliedTwice };
}

export function figuresOf(operations: readonly Operation[]) {
  return {
    attempted: operations.length,
    acknowledged: operations.filter((operation) => operation.acknowledged).length,
    refused: operations.filter((operation) => operation.refused).length,
    unanswered: operations.filter((operation) => !operation.acknowledged && !operation.refused).length,
    faultAnswers: operations.reduce((sum, operation) => sum + operation.faults.length, 0),
    byKind: Object.fromEntries(
      (['order', 'deposit', 'deposit_review', 'withdrawal', 'withdrawal_review'] as const).map((kind) => [kind, operations.filter((operation) => operation.kind === kind && operation.acknowledged).length]),
    ),
  };
}
