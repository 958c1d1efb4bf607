// Exchange through HTTP on a real database (PGlite and PostgreSQL): a quote is the reference
// less the spread; converting it moves both currencies in one transfer through the firm's FX
// accounts, balanced per currency; each refusal has its own key and moves nothing; a quote is
// spent once, a repeat of the same intent answers with the first result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import type { Database } from '../db/database.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';
import { parseEcbCsv } from './ecbFile.ts';

const ecbSample = [
  'Date,USD,JPY,CNY,HKD,INR,KRW,MYR,THB,',
  '2025-05-09,1.1252,163.36,8.147,8.7519,96.0755,1575.72,4.835,37.132,',
  '2025-05-08,1.1297,163.45,8.1764,8.7796,96.592,1580.13,4.8362,37.071,',
].join('\n');

let database: TestDatabase;
let db: Database;
let server: TestServer;
let admin: TestStaff;
let clock = Date.parse('2026-11-25T06:00:00Z');
let accountNumber = 9_650_000_000;
const code = 'FXTESTS';

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  // The rates come from a fixed sample, not the shared file: the figures below are exact.
  server = await startTestServer(db, { now: () => clock, fxRates: { series: parseEcbCsv(ecbSample), intradaySeed: null } });
  await issueInvitationCode(db, { institutionName: 'FX tests', kind: 'advisor', code });
  admin = await createAndLogInStaff(db, server, 'fx-admin', 'admin');
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const newUser = (rupees = 10_000n): Promise<TestUser> => fundedTestUser(db, server, String((accountNumber += 1)), code, rupees);
const call = (...args: Parameters<TestServer['call']>) => server.call(...args);
let keySequence = 0;
const newKey = () => `fx-test-key-${(keySequence += 1)}-${Date.now()}`;
const quote = (user: TestUser, from: string, to: string, amount: string) => call('fx/quote', { from, to, amount }, user.session);

async function perCurrencySums(transferId: string) {
  return db.query<{ currency: string; total: bigint }>(
    'SELECT currency, sum(amount_paise)::bigint AS total FROM ledger_postings WHERE transfer_id = $1 GROUP BY currency ORDER BY currency',
    [transferId],
  );
}

describe('rates', () => {
  it('lists-every-currency-against-the-rupee-with-its-source-and-day-change', async () => {
    const user = await newUser();
    const answer = await call('fx/rates', {}, user.session);
    expect(answer.body.status).toBe(1);
    const usd = answer.body.data.pairs.find((pair: { from: string }) => pair.from === 'USD');
    expect(usd).toMatchObject({ to: 'INR', rate: '85.3852648418', source: 'ecb', reference_day: '2025-05-09', day_change_bps: -14 });
    const twd = answer.body.data.pairs.find((pair: { from: string }) => pair.from === 'TWD');
    expect(twd).toMatchObject({ rate: '2.8', source: 'staff_setting', reference_day: null });
    expect(answer.body.data).toMatchObject({ spread_bps: 50, quote_seconds: 30, minimum: '100.00', maximum: '1000000.00' });
  });

  it('takes-a-staff-change-of-the-TWD-rate-at-once-and-audits-it', async () => {
    const user = await newUser();
    const changed = await call('admin/settings/update', { name: 'fx.twd_rupees_per_100', value: '290.00', reason: 'Bank rate of the day' }, admin.headers);
    expect(changed.body.status).toBe(1);
    const answer = await call('fx/rates', {}, user.session);
    const twd = answer.body.data.pairs.find((pair: { from: string }) => pair.from === 'TWD');
    expect(twd).toMatchObject({ rate: '2.9', source: 'staff_setting' });
    expect(twd.updated_at).not.toBeNull();
    const audit = await db.query("SELECT 1 FROM audit_log WHERE subject_id = 'fx.twd_rupees_per_100'");
    expect(audit).toHaveLength(1);
  });

  it('a-pair-with-its-own-published-spread-quotes-with-it-and-every-other-pair-with-the-default', async () => {
    const user = await newUser();
    const changed = await call('admin/settings/update', { name: 'fx.spread_bps_inr_krw', value: 30, reason: 'Won spread narrowed' }, admin.headers);
    expect(changed.body.status).toBe(1);
    try {
      const pairs = (await call('fx/rates', {}, user.session)).body.data.pairs as { from: string; spread_bps: number }[];
      expect(pairs.find((pair) => pair.from === 'KRW')!.spread_bps).toBe(30);
      expect(pairs.find((pair) => pair.from === 'USD')!.spread_bps).toBe(50);
      // Both directions of the pair: rupees to won and won to rupees.
      expect((await quote(user, 'INR', 'KRW', '1000.00')).body.data).toMatchObject({ spread_bps: 30, reference_rate: '16.4008514137', rate: '16.3516488594' });
      expect((await quote(user, 'INR', 'USD', '1000.00')).body.data.spread_bps).toBe(50);
    } finally {
      await call('admin/settings/update', { name: 'fx.spread_bps_inr_krw', value: 50, reason: 'Back to the published default' }, admin.headers);
    }
  });

  it('gives-the-daily-history-of-a-pair', async () => {
    const user = await newUser();
    const answer = await call('fx/history', { from: 'KRW', to: 'INR', days: 30 }, user.session);
    expect(answer.body.data.points.map((point: { day: string }) => point.day)).toEqual(['2025-05-08', '2025-05-09']);
  });
});

describe('rupees to won', () => {
  it('quotes-the-reference-less-the-spread-and-converts-in-one-transfer-balanced-per-currency', async () => {
    const user = await newUser();
    const quoted = await quote(user, 'INR', 'KRW', '1000.00');
    // 1575.72 / 96.0755 = 16.4008514137 won per rupee; less 50 bp = 16.3188471566; ₹1,000 buys ₩16,318.85 → ₩16,318.
    expect(quoted.body.data).toMatchObject({ rate: '16.3188471566', reference_rate: '16.4008514137', receive: '16318', spread_bps: 50, source: 'ecb' });
    expect(Date.parse(quoted.body.data.expires_at)).toBe(clock + 30_000);

    const converted = await call('fx/convert', { quote_id: quoted.body.data.quote_id, idempotency_key: newKey() }, user.session);
    expect(converted.body.data).toMatchObject({ amount: '1000.00', receive: '16318', available_from: '9000.00', available_to: '16318' });
    expect((await userBalances(db, user.userId, 'KRW')).available).toBe(16_318n);

    const [row] = await db.query<{ transfer_id: bigint }>('SELECT transfer_id FROM fx_quotes WHERE id = $1', [quoted.body.data.quote_id]);
    expect(await perCurrencySums(row!.transfer_id.toString())).toEqual([{ currency: 'INR', total: 0n }, { currency: 'KRW', total: 0n }]);
    const [reason] = await db.query<{ kind: string; reason_kind: string }>('SELECT kind, reason_kind FROM ledger_transfers WHERE id = $1', [row!.transfer_id.toString()]);
    expect(reason).toEqual({ kind: 'fx_convert', reason_kind: 'fx_converted' });

    const position = await call('admin/fx/position', {}, admin.headers);
    const rows = Object.fromEntries(position.body.data.rows.map((line: { currency: string; balance: string }) => [line.currency, line.balance]));
    expect(BigInt(rows.KRW)).toBeLessThanOrEqual(-16_318n);
    expect(rows.INR).toBeDefined();
  });

  it('answers-a-repeat-of-the-same-intent-with-the-first-result-and-refuses-another-use', async () => {
    const user = await newUser();
    const quoted = await quote(user, 'INR', 'KRW', '500.00');
    const key = newKey();
    const first = await call('fx/convert', { quote_id: quoted.body.data.quote_id, idempotency_key: key }, user.session);
    const repeat = await call('fx/convert', { quote_id: quoted.body.data.quote_id, idempotency_key: key }, user.session);
    expect(repeat.body.data).toEqual(first.body.data);
    const other = await call('fx/convert', { quote_id: quoted.body.data.quote_id, idempotency_key: newKey() }, user.session);
    expect(other.body.msg).toBe('fx_quote_already_used');
    expect((await userBalances(db, user.userId, 'INR')).available).toBe(950_000n);
  });

  it('converts-once-when-two-requests-race-with-the-same-quote', async () => {
    const user = await newUser();
    const quoted = await quote(user, 'INR', 'THB', '2000.00');
    const key = newKey();
    const answers = await Promise.all([1, 2, 3].map(() => call('fx/convert', { quote_id: quoted.body.data.quote_id, idempotency_key: key }, user.session)));
    expect(answers.map((answer) => answer.body.status)).toEqual([1, 1, 1]);
    expect((await userBalances(db, user.userId, 'INR')).available).toBe(800_000n);
  });
});

describe('a burst of conversions', () => {
  it('decides-each-one-on-its-own-when-they-are-written-together', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newUser(2_000n)));
    const quotes = await Promise.all(users.map((user) => quote(user, 'INR', 'KRW', '1500.00')));
    // The last user's second quote needs more than what is left after the first.
    const overdraw = await quote(users[5]!, 'INR', 'THB', '1000.00');
    const answers = await Promise.all([
      ...users.map((user, index) => call('fx/convert', { quote_id: quotes[index]!.body.data.quote_id, idempotency_key: newKey() }, user.session)),
      call('fx/convert', { quote_id: overdraw.body.data.quote_id, idempotency_key: newKey() }, users[5]!.session),
    ]);
    const refused = answers.filter((answer) => answer.body.status === 0).map((answer) => answer.body.msg);
    expect(answers.filter((answer) => answer.body.status === 1)).toHaveLength(6);
    expect(refused).toEqual(['insufficient_available_balance']);
    for (const user of users.slice(0, 5)) expect((await userBalances(db, user.userId, 'INR')).available).toBe(50_000n);
    // Whichever of the last user's two came second was refused: ₹500 or ₹1,000 is left, never less.
    expect([50_000n, 100_000n]).toContain((await userBalances(db, users[5]!.userId, 'INR')).available);
    const unbalanced = await db.query(
      "SELECT t.id FROM ledger_transfers t JOIN ledger_postings p ON p.transfer_id = t.id WHERE t.kind = 'fx_convert' GROUP BY t.id, p.currency HAVING sum(p.amount_paise) <> 0",
    );
    expect(unbalanced).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses-the-same-currency-twice', async () => {
    const user = await newUser();
    expect((await quote(user, 'INR', 'INR', '100.00')).body.msg).toBe('currencies_must_differ');
  });

  it('refuses-amounts-outside-the-limits-in-rupees-worth-and-finer-than-the-minor-unit', async () => {
    const user = await newUser();
    expect((await quote(user, 'INR', 'KRW', '99.99')).body.msg).toBe('fx_amount_below_minimum:100.00');
    expect((await quote(user, 'KRW', 'INR', '1000')).body.msg).toBe('fx_amount_below_minimum:100.00');
    expect((await quote(user, 'INR', 'KRW', '1000000.01')).body.msg).toBe('fx_amount_above_maximum:1000000.00');
    expect((await quote(user, 'KRW', 'INR', '100.5')).body.msg).toBe('amount_invalid');
  });

  it('refuses-an-expired-quote-with-its-own-message-and-moves-nothing', async () => {
    const user = await newUser();
    const quoted = await quote(user, 'INR', 'USD', '1000.00');
    clock += 31_000;
    const late = await call('fx/convert', { quote_id: quoted.body.data.quote_id, idempotency_key: newKey() }, user.session);
    expect(late.body.msg).toBe('fx_quote_expired');
    expect((await userBalances(db, user.userId, 'INR')).available).toBe(1_000_000n);
  });

  it('refuses-more-than-the-available-balance-and-keeps-the-quote-usable', async () => {
    const user = await newUser(100n);
    const quoted = await quote(user, 'INR', 'KRW', '500.00');
    const refused = await call('fx/convert', { quote_id: quoted.body.data.quote_id, idempotency_key: newKey() }, user.session);
    expect(refused.body.msg).toBe('insufficient_available_balance');
    const [row] = await db.query('SELECT converted_at FROM fx_quotes WHERE id = $1', [quoted.body.data.quote_id]);
    expect(row).toEqual({ converted_at: null });
    const noWon = await quote(user, 'KRW', 'INR', '5000');
    expect((await call('fx/convert', { quote_id: noWon.body.data.quote_id, idempotency_key: newKey() }, user.session)).body.msg).toBe('insufficient_available_balance');
  });

  it('finds-no-quote-of-another-user', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const quoted = await quote(owner, 'INR', 'KRW', '200.00');
    const answer = await call('fx/convert', { quote_id: quoted.body.data.quote_id, idempotency_key: newKey() }, stranger.session);
    expect(answer.body.msg).toBe('fx_quote_not_found');
  });
});

describe('the table keeps its rules', () => {
  it('refuses-equal-currencies-a-zero-rate-and-a-change-of-terms', async () => {
    const user = await newUser();
    const insert = (from: string, to: string, rate: number) =>
      db.query(
        `INSERT INTO fx_quotes (user_id, from_currency, to_currency, amount_minor, receive_minor, rate_scaled, reference_scaled, spread_bps, source, created_at, expires_at)
         VALUES ($1, $2, $3, 100, 100, $4, 10, 0, 'ecb', now(), now() + interval '30 seconds')`,
        [user.userId.toString(), from, to, rate],
      );
    await expect(insert('INR', 'INR', 1)).rejects.toThrow();
    await expect(insert('INR', 'KRW', 0)).rejects.toThrow();
    const quoted = await quote(user, 'INR', 'KRW', '200.00');
    await expect(db.query('UPDATE fx_quotes SET receive_minor = receive_minor + 1 WHERE id = $1', [quoted.body.data.quote_id])).rejects.toThrow();
  });
});
