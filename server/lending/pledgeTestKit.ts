import { randomUUID } from 'node:crypto';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import type { SettingName, SettingValue } from '../../contract/settings.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';

// A world for the pledge tests: a real database, a server over a hand-driven market of the
// whole catalogue (so NIFTY 50 members are members), two reviewers for four-eyes and an admin
// for settings, and users who hold fully paid positions.

export interface PledgeWorld {
  database: TestDatabase;
  server: TestServer;
  driven: HandDrivenMarket;
  admin: TestStaff;
  reviewer: TestStaff;
  reviewer2: TestStaff;
  /** A new user with `rupees` of test money. */
  newUser(rupees?: bigint): Promise<TestUser>;
  /** Buys `quantity` of `code` at market, leverage 1 (fully paid), and answers the order number. */
  buy(user: TestUser, code: string, quantity?: number, leverage?: number): Promise<string>;
  setSetting<Name extends SettingName>(name: Name, value: SettingValue<Name>): Promise<void>;
  close(): Promise<void>;
}

export const newKey = (what: string) => `${what}-${randomUUID()}`;

export async function openPledgeWorld(prefix: string): Promise<PledgeWorld> {
  const database = await openTestDatabase();
  const invite = `PLG${prefix.toUpperCase()}`;
  await issueInvitationCode(database.db, { institutionName: 'Pledge Desk', kind: 'advisor', code: invite });
  const driven = handDrivenMarket(7, loadCatalog().instruments);
  driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  const server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 } });
  const admin = await createAndLogInStaff(database.db, server, `${prefix}-admin`, 'admin');
  const reviewer = await createAndLogInStaff(database.db, server, `${prefix}-rev1`, 'reviewer');
  const reviewer2 = await createAndLogInStaff(database.db, server, `${prefix}-rev2`, 'reviewer');
  let accountNumber = 9_700_000_000 + Math.floor(Math.random() * 90_000) * 1000;
  return {
    database, server, driven, admin, reviewer, reviewer2,
    newUser: (rupees = 1_000_000n) => fundedTestUser(database.db, server, String((accountNumber += 1)), invite, rupees),
    async buy(user, code, quantity = 100, leverage = 1) {
      const form = { code, side: 'long', type: 'market', quantity, leverage, idempotency_key: newKey('buy') } as const;
      const { body } = await server.call('order/place', form, user.session);
      if (body.status !== 1) throw new Error(`buy failed: ${body.msg}`);
      return body.data.order_no as string;
    },
    async setSetting(name, value) {
      if (JSON.stringify(server.app.settings.get(name)) === JSON.stringify(value)) return;
      await server.app.settings.update(database.db, BigInt(admin.staffId), { name, value: value as never, reason: 'Test' });
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
}
