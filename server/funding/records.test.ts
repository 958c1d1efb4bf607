// Fund records and the CSV statement: records are the caller's ledger lines, ten a page,
// newest first, filtered by kind; the CSV's opening balance plus its changes equals its
// closing balance and the ledger's, to the paisa, and a period is a real one of at most 366 days.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayMs, istDay } from '../../contract/calendar.ts';
import { parseRupees } from '../../contract/money.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { asSpreadsheetText } from './statementCsv.ts';
import { depositAndApprove, type FundingUser, type FundingWorld, newKey, openFundingWorld, testFundPassword } from './fundingTestKit.ts';

let world: FundingWorld;

beforeAll(async () => {
  world = await openFundingWorld('rec');
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<FundingWorld['server']['call']>) => world.server.call(...args);
const istToday = () => istDay(Date.now());

async function download(user: FundingUser | null, from: string, to: string) {
  const response = await world.server.app.http.inject({
    method: 'GET',
    url: `${apiBasePath}user/statement.csv?from=${from}&to=${to}`,
    headers: user ? user.session : {},
  });
  return response;
}

/** A user with deposits, withdrawals paid and rejected: every kind of cash line. */
async function busyUser(): Promise<FundingUser> {
  const user = await world.newUser();
  await depositAndApprove(world, user, '10000.00');
  await depositAndApprove(world, user, '5000.25');
  const paid = await call('user/withdraw', { amount: '1200.10', card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey() }, user.session);
  await call('admin/withdrawals/review', { id: paid.body.data.id, decision: 'approve', reason: 'Paid', bank_reference: '=HYPERLINK("x")' }, world.reviewer.headers);
  const rejected = await call('user/withdraw', { amount: '300.00', card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey() }, user.session);
  await call('admin/withdrawals/review', { id: rejected.body.data.id, decision: 'reject', reason: 'Try again' }, world.reviewer.headers);
  const open = await call('user/withdraw', { amount: '700.00', card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey() }, user.session);
  expect(open.body.msg).toBe('ok');
  return user;
}

describe('fund records', () => {
  it('pages-the-callers-lines-newest-first-and-filters-by-kind', async () => {
    const user = await busyUser();
    const all = (await call('user/fundRecords', { page: 1 }, user.session)).body.data;
    expect(all).toMatchObject({ total: 7, page: 1, page_size: 10 });
    expect(all.items.map((line: { kind: string }) => line.kind)).toEqual([
      'withdrawal_hold', 'withdrawal_release', 'withdrawal_hold', 'withdrawal_payout', 'withdrawal_hold', 'deposit', 'deposit',
    ]);
    const deposits = (await call('user/fundRecords', { page: 1, kind: 'deposit' }, user.session)).body.data;
    expect(deposits.items.map((line: { cash_change: string }) => line.cash_change)).toEqual(['5000.25', '10000.00']);
    // Deposits and withdrawals are rupees, and every line says so.
    expect(all.items.every((line: { currency: string }) => line.currency === 'INR')).toBe(true);
    const withdrawals = (await call('user/fundRecords', { page: 1, kind: 'withdrawal' }, user.session)).body.data;
    expect(withdrawals.total).toBe(5);
    expect((await call('user/fundRecords', { page: 1, kind: 'trade' }, user.session)).body.data).toMatchObject({ items: [], total: 0 });
    expect((await call('user/fundRecords', { page: 1, kind: 'loans' }, user.session)).body.msg).toBe('invalid_field:kind');
  });

  it('shows-ten-lines-a-page', async () => {
    const user = await world.newUser();
    for (let index = 0; index < 6; index += 1) await depositAndApprove(world, user, '5000.00');
    for (let index = 0; index < 3; index += 1) {
      const requested = await call('user/withdraw', { amount: '100.00', card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey() }, user.session);
      await call('admin/withdrawals/review', { id: requested.body.data.id, decision: 'reject', reason: 'No' }, world.reviewer.headers);
    }
    const first = (await call('user/fundRecords', { page: 1 }, user.session)).body.data;
    const second = (await call('user/fundRecords', { page: 2 }, user.session)).body.data;
    expect([first.items.length, second.items.length, first.total]).toEqual([10, 2, 12]);
    const ids = [...first.items, ...second.items].map((line: { transfer_id: string }) => BigInt(line.transfer_id));
    expect(ids.every((id, index) => index === 0 || ids[index - 1]! > id)).toBe(true);
  });
});

describe('the CSV statement', () => {
  it('reconciles-opening-plus-changes-to-closing-and-to-the-ledger', async () => {
    const user = await busyUser();
    // From yesterday, so a run that crosses IST midnight still has every line in the period.
    const yesterday = istDay(Date.now() - dayMs);
    const response = await download(user, yesterday, istToday());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ledgerline-statement-${yesterday}-to-${istToday()}.csv"`);
    const rows = parse(response.body, { columns: true, comment: '#', comment_no_infix: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['date_ist', 'transfer_id', 'kind', 'reason', 'change', 'balance', 'currency']);
    const opening = rows[0]!;
    const closing = rows.at(-1)!;
    const lines = rows.slice(1, -1);
    expect([opening.kind, closing.kind]).toEqual(['opening_balance', 'closing_balance']);
    expect(opening.balance).toBe('0.00');
    expect(lines).toHaveLength(7);
    expect(rows.every((row) => row.currency === 'INR')).toBe(true);
    let running: bigint = parseRupees(opening.balance!)!;
    for (const line of lines) {
      running += parseRupees(line.change!)!;
      expect(parseRupees(line.balance!)).toBe(running);
    }
    expect(parseRupees(closing.balance!)).toBe(running);
    expect(running).toBe((await userBalances(world.db, user.userId)).cash);
    // Held money stays cash: a hold changes nothing, a payout takes it away.
    expect(lines.find((line) => line.kind === 'withdrawal_hold')!.change).toBe('0.00');
    expect(lines.find((line) => line.kind === 'withdrawal_payout')!.reason).toContain('=HYPERLINK("x")');
  });

  it('keeps-a-reason-that-a-spreadsheet-would-run-as-a-formula-as-text', () => {
    expect(['=1+1', '+91', '-5', '@SUM(A1)', 'Deposit 12'].map(asSpreadsheetText)).toEqual(["'=1+1", "'+91", "'-5", "'@SUM(A1)", 'Deposit 12']);
  });

  it('opens-a-later-period-with-the-balance-the-earlier-one-closed-with', async () => {
    const user = await busyUser();
    const tomorrow = istDay(Date.now() + dayMs);
    const rows = parse((await download(user, tomorrow, tomorrow)).body, { columns: true, comment: '#', comment_no_infix: true }) as Record<string, string>[];
    const cash = (await userBalances(world.db, user.userId)).cash;
    expect(rows.map((row) => [row.kind, parseRupees(row.balance!)])).toEqual([
      ['opening_balance', cash],
      ['closing_balance', cash],
    ]);
    const yesterday = istDay(Date.now() - dayMs);
    const before = parse((await download(user, yesterday, yesterday)).body, { columns: true, comment: '#', comment_no_infix: true }) as Record<string, string>[];
    expect(before.map((row) => row.balance)).toEqual(['0.00', '0.00']);
  });

  it('shows-only-the-callers-own-money', async () => {
    const user = await busyUser();
    const stranger = await world.newUser();
    const rows = parse((await download(stranger, istToday(), istToday())).body, { columns: true, comment: '#', comment_no_infix: true }) as Record<string, string>[];
    expect(rows.map((row) => row.kind)).toEqual(['opening_balance', 'closing_balance']);
    expect(user.userId).not.toBe(stranger.userId);
  });

  it('refuses-bad-periods-and-callers-without-a-session', async () => {
    const user = await world.newUser({ verified: false });
    const cases: [string, string, string][] = [
      ['2025-02-30', '2025-03-01', 'invalid_field:from'],
      ['2025-01-01', '2025-1-31', 'invalid_field:to'],
      ['2025-03-01', '2025-02-28', 'statement_range_invalid:366'],
      ['2024-01-01', '2025-01-01', 'statement_range_invalid:366'],
    ];
    for (const [from, to, key] of cases) expect((await download(user, from, to)).json().msg, `${from}..${to}`).toBe(key);
    // 2024 is a leap year: its 366 days are one period.
    expect((await download(user, '2024-01-01', '2024-12-31')).statusCode).toBe(200);
    const anonymous = await download(null, istToday(), istToday());
    expect([anonymous.statusCode, anonymous.json().msg]).toEqual([401, 'not_logged_in']);
  });
});
