// Proves statement lines, fund records and the CSV carry each amount's currency: an exchange of
// rupees for won is two lines (and the records' exchange filter finds them), ₹ in paise and ₩ in whole won, never summed together; the CSV
// opens and closes each currency the user moved (rupees always) with a running balance per
// currency, opening + changes = closing in each, and the per-currency balances of user/info agree.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '../../contract/calendar.ts';
import { type LedgerCurrency, parseMinorAmount } from '../../contract/currencies.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { transfer } from '../ledger/ledger.ts';
import { openUserLedgerAccounts, userLedgerAccounts } from '../ledger/userBalances.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundUser, registerAndLogIn, type TestUser } from '../testing/userKit.ts';

let database: TestDatabase;
let server: TestServer;
let user: TestUser;
let exchanges = 0;

/** Sells `paise` of the user's rupees for `won` through the firm's FX accounts, as fx/convert does: one transfer, balanced per currency. */
async function exchangeRupeesForWon(paise: bigint, won: bigint): Promise<void> {
  exchanges += 1;
  await database.db.transaction(async (tx) => {
    const rupees = await userLedgerAccounts(tx, user.userId, 'INR');
    const wonAccounts = await openUserLedgerAccounts(tx, user.userId, 'KRW');
    await transfer(tx, {
      idempotencyKey: `test-fx:${user.userId}:${exchanges}`,
      kind: 'fx_convert',
      userId: user.userId,
      reasonKind: 'fx_converted',
      reasonParams: { quote_id: String(exchanges), sold: ledgerMoneyParam(paise, 'INR'), bought: ledgerMoneyParam(won, 'KRW'), rate: '16.2' },
      postings: [
        { accountId: rupees.availableAccountId, currency: 'INR', amount: -paise },
        { accountId: await openHouseAccount(tx, 'house_fx', 'INR'), currency: 'INR', amount: paise },
        { accountId: await openHouseAccount(tx, 'house_fx', 'KRW'), currency: 'KRW', amount: -won },
        { accountId: wonAccounts.availableAccountId, currency: 'KRW', amount: won },
      ],
    });
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Seoul Desk', kind: 'advisor', code: 'SEOUL2' });
  user = await registerAndLogIn(database.db, server, '9811100002', 'SEOUL2');
  await fundUser(database.db, user.userId, 10_000n);
  // ₹1,000.50 → ₩16,208; then ₹250.00 → ₩4,050.
  await exchangeRupeesForWon(100_050n, 16_208n);
  await exchangeRupeesForWon(25_000n, 4_050n);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

type Line = { transfer_id: string; currency: LedgerCurrency; kind: string; cash_change: string; available_change: string; frozen_change: string };

describe('statement lines in their currencies', () => {
  it('an-exchange-is-one-line-per-currency-each-in-its-own-minor-unit', async () => {
    const records = (await server.call('user/fundRecords', { page: 1, kind: 'all' }, user.session)).body.data as { items: Line[]; total: number };
    expect(records.total).toBe(5);
    expect(records.items.map((line) => [line.kind, line.currency, line.cash_change])).toEqual([
      ['fx_convert', 'INR', '-250.00'],
      ['fx_convert', 'KRW', '4050'],
      ['fx_convert', 'INR', '-1000.50'],
      ['fx_convert', 'KRW', '16208'],
      ['test', 'INR', '10000.00'],
    ]);
    const exchanges = (await server.call('user/fundRecords', { page: 1, kind: 'exchange' }, user.session)).body.data as { items: Line[]; total: number };
    expect(exchanges.total).toBe(4);
    expect(exchanges.items.every((line) => line.kind === 'fx_convert')).toBe(true);
    const statement = (await server.call('user/statement', { page: 1 }, user.session)).body.data as Line[];
    expect(statement.map((line) => `${line.transfer_id}:${line.currency}`)).toEqual(records.items.map((line) => `${line.transfer_id}:${line.currency}`));
  });

  it('the-csv-runs-a-balance-per-currency-and-opens-and-closes-each', async () => {
    const today = istDay(Date.now());
    const response = await server.app.http.inject({ method: 'GET', url: `${apiBasePath}user/statement.csv?from=${today}&to=${today}`, headers: user.session });
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body, { columns: true, comment: '#', comment_no_infix: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.kind, row.change, row.balance, row.currency])).toEqual([
      ['opening_balance', '', '0.00', 'INR'],
      ['opening_balance', '', '0', 'KRW'],
      ['test', '10000.00', '10000.00', 'INR'],
      ['fx_convert', '-1000.50', '8999.50', 'INR'],
      ['fx_convert', '16208', '16208', 'KRW'],
      ['fx_convert', '-250.00', '8749.50', 'INR'],
      ['fx_convert', '4050', '20258', 'KRW'],
      ['closing_balance', '', '8749.50', 'INR'],
      ['closing_balance', '', '20258', 'KRW'],
    ]);
    // Opening + changes = closing in each currency, and each closing is what user/info holds.
    const info = (await server.call('user/info', {}, user.session)).body.data as { balances_by_currency: { currency: LedgerCurrency; cash: string }[] };
    for (const currency of ['INR', 'KRW'] as const) {
      const own = rows.filter((row) => row.currency === currency);
      const changes = own.filter((row) => row.change !== '').reduce((sum, row) => sum + parseMinorAmount(row.change!, currency)!, 0n);
      const opening = parseMinorAmount(own.find((row) => row.kind === 'opening_balance')!.balance!, currency)!;
      const closing = own.find((row) => row.kind === 'closing_balance')!.balance!;
      expect(opening + changes).toBe(parseMinorAmount(closing, currency));
      expect(info.balances_by_currency.find((balance) => balance.currency === currency)?.cash).toBe(closing);
    }
  });

  it('a-later-period-opens-with-each-currencys-balance', async () => {
    const tomorrow = istDay(Date.now() + 24 * 60 * 60 * 1000);
    const response = await server.app.http.inject({ method: 'GET', url: `${apiBasePath}user/statement.csv?from=${tomorrow}&to=${tomorrow}`, headers: user.session });
    const rows = parse(response.body, { columns: true, comment: '#', comment_no_infix: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.kind, row.balance, row.currency])).toEqual([
      ['opening_balance', '8749.50', 'INR'],
      ['opening_balance', '20258', 'KRW'],
      ['closing_balance', '8749.50', 'INR'],
      ['closing_balance', '20258', 'KRW'],
    ]);
  });
});
