// Proves the CSV statement writes each line's reason in the language asked for, from the app's
// own catalogs: for every reason kind in the contract (enumerated, so a kind added without a
// translation fails here), a Korean CSV reads Korean with the amount as ₹9,99,765.97; the
// same lines read English when no language or an unknown one is asked for; the numbers stay
// machine-readable with a currency column.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBasePath } from '../../contract/envelope.ts';
import { statementReasonKinds } from '../../contract/statementReasons.ts';
import { sampleMoneyText, sampleStatementParams } from '../../contract/testing/statementReasonSamples.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openLedgerAccount, reasonKindsOf, transfer, type TransferKind, type TransferReason } from '../ledger/ledger.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';

let database: TestDatabase;
let server: TestServer;
let user: TestUser;

/** The kind of transfer that gives each reason (the first the ledger allows). */
const transferKindGiving = (reasonKind: string) =>
  (Object.entries(reasonKindsOf) as [TransferKind, readonly string[]][]).find(([, reasons]) => reasons.includes(reasonKind))![0];

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Seoul Desk', kind: 'advisor', code: 'SEOUL1' });
  user = await registerAndLogIn(database.db, server, '9811100001', 'SEOUL1');
  // One transfer per reason kind, through the real ledger, each moving one rupee in.
  await database.db.transaction(async (tx) => {
    const source = await openLedgerAccount(tx, { code: 'test:csv-languages', kind: 'demo_funding', currency: 'INR', allowNegative: true });
    const { availableAccountId } = await userLedgerAccounts(tx, user.userId);
    for (const reasonKind of statementReasonKinds) {
      const reason = { reasonKind, reasonParams: sampleStatementParams(reasonKind) } as TransferReason;
      await transfer(tx, {
        idempotencyKey: `csv-languages:${reasonKind}`,
        kind: transferKindGiving(reasonKind),
        ...reason,
        userId: user.userId,
        postings: [{ accountId: source, currency: 'INR', amount: -100n }, { accountId: availableAccountId, currency: 'INR', amount: 100n }],
      });
    }
  });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function csvIn(lang: string | null): Promise<Record<string, string>[]> {
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + (330 + 24 * 60) * 60_000).toISOString().slice(0, 10);
  const response = await server.app.http.inject({
    method: 'GET',
    url: `${apiBasePath}user/statement.csv?from=${today}&to=${tomorrow}${lang === null ? '' : `&lang=${lang}`}`,
    headers: user.session,
  });
  expect(response.statusCode).toBe(200);
  return parse(response.body, { columns: true, comment: '#', comment_no_infix: true }) as Record<string, string>[];
}

const hangul = /[\uac00-\ud7a3]/;
const hanzi = /[\u4e00-\u9fff]/;

describe('the CSV statement in the reader’s language', () => {
  it('a-korean-csv-writes-every-reason-kind-in-korean-with-rupees-grouped-the-indian-way', async () => {
    const rows = await csvIn('ko');
    const english = await csvIn('en');
    const lines = rows.slice(1, -1);
    expect(lines).toHaveLength(statementReasonKinds.length);
    lines.forEach((line, index) => {
      const kind = statementReasonKinds[index]!;
      expect(line.reason, kind).toMatch(hangul);
      expect(line.reason, kind).toContain(sampleMoneyText);
      expect(line.reason, kind).not.toBe(english[index + 1]!.reason);
      expect(line.reason, kind).not.toMatch(/paise/);
    });
    expect([rows[0]!.reason, rows.at(-1)!.reason]).toEqual(['기초 잔액', '기말 잔액']);
  });

  it('tw-writes-traditional-chinese-and-no-language-or-an-unknown-one-writes-english', async () => {
    const chinese = await csvIn('tw');
    expect(chinese.slice(1, -1).every((line) => hanzi.test(line.reason!) && line.reason!.includes(sampleMoneyText))).toBe(true);
    const english = await csvIn(null);
    expect(await csvIn('yd')).toEqual(english);
    const deposit = english.find((line) => line.kind === 'deposit')!;
    expect(deposit.reason).toBe(`Deposit 4711 received: ${sampleMoneyText} via Sample channel, reference Sample reference`);
    const absorbed = english.find((line) => line.reason!.startsWith('Order 4711: Sample code position closed automatically'))!;
    expect(absorbed.reason).toBe(
      `Order 4711: Sample code position closed automatically at ${sampleMoneyText}, its equity fell to the 20% maintenance level; ` +
        `the loss beyond the account (${sampleMoneyText}) was absorbed by the firm`,
    );
  });

  it('keeps-the-numbers-machine-readable-and-says-the-currency', async () => {
    const rows = await csvIn('ko');
    expect(Object.keys(rows[0]!)).toEqual(['date_ist', 'transfer_id', 'kind', 'reason', 'change', 'balance', 'currency']);
    expect(rows.slice(1, -1).every((line) => line.change === '1.00' && line.currency === 'INR')).toBe(true);
    expect(rows.at(-1)!.balance).toBe(`${statementReasonKinds.length}.00`);
  });
});
