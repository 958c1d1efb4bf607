import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import type { Database } from '../db/database.ts';
import { ledgerHealth, healthyLedger } from '../ledger/ledgerTestKit.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';

// One IPO test world per test file: a real database, the real server on a clock the test
// moves (issues open and close by it), staff of every role, and funded users.

export interface IpoWorld {
  database: TestDatabase;
  db: Database;
  server: TestServer;
  /** The server's clock: a test moves it to open and close issues. */
  clock: { now: number };
  admin: TestStaff;
  operator: TestStaff;
  reviewer: TestStaff;
  newUser(rupees?: bigint): Promise<TestUser>;
  close(): Promise<void>;
}

const hourMs = 3_600_000;
let keySequence = 0;
export const newKey = (label = 'ipo') => `${label}-${(keySequence += 1)}-${randomBytes(4).toString('hex')}`;

export async function openIpoWorld(prefix: string): Promise<IpoWorld> {
  const database = await openTestDatabase();
  const { db } = database;
  const clock = { now: Date.parse('2026-11-20T04:00:00Z') };
  const server = await startTestServer(db, { now: () => clock.now });
  const code = `IPO${prefix.toUpperCase()}`;
  await issueInvitationCode(db, { institutionName: `IPO tests ${prefix}`, kind: 'advisor', code });
  const [admin, operator, reviewer] = [
    await createAndLogInStaff(db, server, `${prefix}-admin`, 'admin'),
    await createAndLogInStaff(db, server, `${prefix}-operator`, 'operator'),
    await createAndLogInStaff(db, server, `${prefix}-reviewer`, 'reviewer'),
  ];
  const accountBase = 9_600_000_000 + (prefix.charCodeAt(0) % 100) * 10_000 + (prefix.charCodeAt(1) % 10) * 1_000;
  let accountSequence = 0;
  return {
    database, db, server, clock, admin, operator, reviewer,
    newUser: (rupees = 1_000_000n) => fundedTestUser(db, server, String(accountBase + (accountSequence += 1)), code, rupees),
    async close() {
      await server.close();
      await database.close();
    },
  };
}

let codeSequence = 0;

/** A save form for an issue opening in one hour (the world's clock), ₹100 a share, 100-share lots. */
export function issueForm(world: IpoWorld, changes: Record<string, unknown> = {}) {
  const at = (hours: number) => new Date(world.clock.now + hours * hourMs).toISOString();
  return {
    issuer: 'Test Issuer Ltd', code: `TIPO${(codeSequence += 1)}${randomBytes(2).toString('hex').toUpperCase()}`.slice(0, 12), isin: 'INE123A01016',
    sponsor_broker: 'Test Capital', price: '100.00', price_low: '95.00', lot: 100, issue_shares: '100000', retail_shares: '1000',
    open_at: at(1), close_at: at(25), draw_at: at(26), listing_at: at(48), max_applications_per_user: 3, retail_cap: null,
    payment_after_draw: false, public_value_source: 'NIFTY 50 close on 2026-11-21', reason: 'New issue for tests', ...changes,
  };
}

/** Creates an issue and moves the clock into its subscription window; returns its id. */
export async function openIssue(world: IpoWorld, changes: Record<string, unknown> = {}): Promise<string> {
  const saved = await world.server.call('admin/ipo/save', issueForm(world, changes), world.operator.headers);
  if (saved.body.status !== 1) throw new Error(`issue not saved: ${saved.body.msg}`);
  world.clock.now = Math.max(world.clock.now, Date.parse(saved.body.data.open_at) + 1_000);
  return saved.body.data.id;
}

/** Moves the clock past the issue's close. */
export async function closeIssue(world: IpoWorld, ipoId: string): Promise<void> {
  const detail = await world.server.call('admin/ipo/detail', { ipo_id: ipoId }, world.admin.headers);
  world.clock.now = Math.max(world.clock.now, Date.parse(detail.body.data.close_at) + 1_000);
}

export const apply = (world: IpoWorld, user: TestUser, ipoId: string, lots: number, idempotencyKey = newKey('apply')) =>
  world.server.call('ipo/apply', { ipo_id: ipoId, lots, idempotency_key: idempotencyKey }, user.session);

/** Money held for the issue by the ledger's own account: Σ of the users' frozen balances (tests freeze nothing else). */
export async function frozenOf(world: IpoWorld, users: readonly TestUser[]): Promise<bigint> {
  let frozen = 0n;
  for (const user of users) frozen += (await userBalances(world.db, user.userId)).frozen;
  return frozen;
}

/** Σ amount held of the issue's pending applications, paise. */
export async function heldByApplications(world: IpoWorld, ipoId: string): Promise<bigint> {
  const [row] = await world.db.query<{ held: bigint }>(
    "SELECT coalesce(sum(amount_held_paise), 0)::bigint AS held FROM ipo_applications WHERE ipo_id = $1 AND state = 'pending'",
    [ipoId],
  );
  return row!.held;
}

export async function expectHealthyLedger(db: Database): Promise<void> {
  const accounts = await db.query<{ id: bigint }>('SELECT id FROM ledger_accounts');
  expect(await ledgerHealth(db, accounts.map((account) => account.id))).toEqual(healthyLedger());
}
