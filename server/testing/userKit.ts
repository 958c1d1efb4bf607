import { randomUUID } from 'node:crypto';
import type { LedgerCurrency } from '../../contract/currencies.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import type { Database } from '../db/database.ts';
import { openLedgerAccount, transfer } from '../ledger/ledger.ts';
import { openUserLedgerAccounts } from '../ledger/userBalances.ts';
import { fixtureSecrets } from './fixtureSecrets.ts';
import type { TestServer } from './testServer.ts';

// Users for tests, registered and logged in through the real endpoints.

export interface TestUser {
  userId: bigint;
  account: string;
  /** Ready to pass as the `session` of server.call. */
  session: { token: string; account: string };
}

export const testUserPassword = fixtureSecrets.userPassword;

export async function registerAndLogIn(db: Database, server: TestServer, account: string, inviteCode: string): Promise<TestUser> {
  const form = { account, password: testUserPassword, password2: testUserPassword, invite_code: inviteCode, agree: true };
  const registered = await server.call('user/register', form);
  if (registered.body.status !== 1) throw new Error(`registration failed: ${registered.body.msg}`);
  const loggedIn = await server.call('user/login', { account, password: testUserPassword });
  if (loggedIn.body.status !== 1) throw new Error(`login failed: ${loggedIn.body.msg}`);
  const [user] = await db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account]);
  return { userId: user!.id, account, session: loggedIn.body.data };
}

/** Gives a user `rupees` of test money from the tests' own source account, as one ledger transfer. */
export async function fundUser(db: Database, userId: bigint, rupees: bigint): Promise<void> {
  await fundUserIn(db, userId, 'INR', rupees * 100n);
}

/** Gives a user test money in any currency (`minor` units: paise, whole won), opening their accounts in it. */
export async function fundUserIn(db: Database, userId: bigint, currency: LedgerCurrency, minor: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    const source = await openLedgerAccount(tx, { code: currency === 'INR' ? 'test:funding' : `test:funding:${currency}`, kind: 'demo_funding', currency, allowNegative: true });
    const { availableAccountId } = await openUserLedgerAccounts(tx, userId, currency);
    await transfer(tx, {
      idempotencyKey: `test-funding:${userId}:${randomUUID()}`, kind: 'test', userId,
      reasonKind: 'correction', reasonParams: { amount: ledgerMoneyParam(minor, currency), note: 'Test money' },
      postings: [{ accountId: source, currency, amount: -minor }, { accountId: availableAccountId, currency, amount: minor }],
    });
  });
}

/** A new user, registered and logged in, with `rupees` of test money to trade with. */
export async function fundedTestUser(db: Database, server: TestServer, account: string, inviteCode: string, rupees: bigint): Promise<TestUser> {
  const user = await registerAndLogIn(db, server, account, inviteCode);
  await fundUser(db, user.userId, rupees);
  return user;
}
