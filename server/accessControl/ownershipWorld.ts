import { randomUUID } from 'node:crypto';
import { courseLessonIds } from '../../contract/course.ts';
import { dayMs } from '../../contract/calendarDays.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { hashToken } from '../accounts/sessions.ts';
import type { Database } from '../db/database.ts';
import { cardForm, channelForm, everyDayAllDay, markKycVerified, setFundPassword, uploadRow } from '../funding/fundingTestKit.ts';
import { parseEcbCsv } from '../fx/ecbFile.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, testEpoch } from '../market/testing/marketTestKit.ts';
import { notify } from '../notifications/notifications.ts';
import { aadhaarWithCheckDigit } from '../testing/identityKit.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundUser, registerAndLogIn, testUserPassword, type TestUser } from '../testing/userKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';

// One world in which every kind of object a user owns can be made for any user through the
// real commands: orders and positions on a hand-driven market, cards, receipts, nominees,
// messages, FX quotes, loans, pledges, IPO, rights-issue and fund applications, exam attempts.
// The clock is the server's: it starts on a Monday morning, stays in that day's session while
// rights entitlements are recorded, then moves to Tuesday when the offers open.

export type ObjectKind =
  | 'pendingOrder' | 'position' | 'message' | 'kycFrontUpload' | 'kycBackUpload' | 'receiptUpload' | 'avatarUpload' | 'card' | 'nominee'
  | 'fxQuote' | 'loan' | 'pledge' | 'ipoApplication' | 'placementApplication' | 'fundHolding' | 'examAttempt' | 'session';

export interface OwnershipWorld {
  database: TestDatabase;
  db: Database;
  server: TestServer;
  staff: { admin: TestStaff; reviewer: TestStaff; operator: TestStaff };
  /** An active deposit channel. */
  channelId: string;
  /** A user who has passed KYC, set a fund password, added a card, holds money and TCS (the first two bought it on the record date). */
  verifiedUser(): Promise<TestUser>;
  /** A user who has only registered. */
  newUser(): Promise<TestUser>;
  /** Makes an object of `kind` owned by `user` through the real commands and answers its id. */
  make(kind: ObjectKind, user: TestUser): Promise<string>;
  close(): Promise<void>;
}

export const worldFundPassword = '246810';
export const newKey = (what: string) => `${what}-${randomUUID()}`;

const ecbSample = ['Date,USD,JPY,CNY,HKD,INR,KRW,MYR,THB,', '2026-11-20,1.1252,163.36,8.147,8.7519,96.0755,1575.72,4.835,37.132,'].join('\n');
const tickPaise = 5;

export async function openOwnershipWorld(): Promise<OwnershipWorld> {
  const database = await openTestDatabase();
  const { db } = database;
  const invite = 'OWNERS1';
  await issueInvitationCode(db, { institutionName: 'Ownership tests', kind: 'advisor', code: invite });
  const driven = handDrivenMarket(7, loadCatalog().instruments);
  driven.step();
  driven.trade('TCS', driven.market.quote('TCS')!.prevClose); // a traded price (orders need one), inside the day's band
  const clock = { now: testEpoch + 60_000 };
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  const server = await startTestServer(db, {
    market: runtime, now: () => clock.now, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 },
    fxRates: { series: parseEcbCsv(ecbSample), intradaySeed: null }, copyTradingExamPassed: async () => true,
  });
  const admin = await createAndLogInStaff(db, server, 'owners-admin', 'admin');
  const reviewer = await createAndLogInStaff(db, server, 'owners-reviewer', 'reviewer');
  const operator = await createAndLogInStaff(db, server, 'owners-operator', 'operator');
  for (const name of ['deposit.window', 'withdrawal.window'] as const) {
    if (JSON.stringify(server.app.settings.get(name)) !== JSON.stringify(everyDayAllDay)) {
      await server.app.settings.update(db, BigInt(admin.staffId), { name, value: everyDayAllDay, reason: 'Tests run at any hour' });
    }
  }
  const ok = async (path: Parameters<TestServer['call']>[0], body: Record<string, unknown>, session: { token: string; account: string }) => {
    const answer = await server.call(path, body, session);
    if (answer.body.status !== 1) throw new Error(`${path} refused: ${answer.body.msg}`);
    return answer.body.data;
  };
  const channel = await ok('admin/channels/save', channelForm(), operator.headers);

  let account = 9_500_000_000 + Math.floor(Math.random() * 90_000) * 1000;
  let serial = 0;
  const newUser = () => registerAndLogIn(db, server, String((account += 1)), invite);
  const buy = async (user: TestUser) => (await ok('order/place', { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: newKey('buy') }, user.session)).order_no as string;

  // Monday, in session: the verified users hold TCS at the end of the record date.
  const verifiedUsers: TestUser[] = [];
  const verifiedUser = async () => {
    const user = await newUser();
    await markKycVerified(db, user.userId, 'Asha Verma', reviewer.staffId);
    await setFundPassword(db, user.userId, worldFundPassword);
    await ok('user/addBankCard', cardForm('Asha Verma'), user.session);
    await fundUser(db, user.userId, 10_000_000n);
    await buy(user);
    // Users who have exchanged before: their conversion opened the firm's FX accounts for their lane, which a
    // first conversion does even when it is refused, so a refusal in the tests finds nothing left to open.
    const quote = await ok('fx/quote', { from: 'INR', to: 'USD', amount: '100.00' }, user.session);
    await ok('fx/convert', { quote_id: quote.quote_id, idempotency_key: newKey('fx') }, user.session);
    verifiedUsers.push(user);
    return user;
  };
  await verifiedUser();
  await verifiedUser();
  const recordDate = new Date(clock.now + 330 * 60_000).toISOString().slice(0, 10);
  const recordEnd = Date.parse(`${recordDate}T00:00:00+05:30`) + dayMs;
  const rights = await ok('admin/placement/save', {
    kind: 'rights', code: 'TCS', price: '100.00', ratio_new: 1, ratio_held: 1, lot: 1, minimum_quantity: 1, record_date: recordDate,
    open_at: new Date(recordEnd + 3_600_000).toISOString(), close_at: new Date(recordEnd + 3 * dayMs).toISOString(), reason: 'Rights issue for the ownership tests',
  }, operator.headers);
  // Tuesday, 10:31 IST: the rights offer is open.
  clock.now += dayMs;
  const ipo = await ok('admin/ipo/save', {
    issuer: 'Ownership Issuer Ltd', code: 'OWNIPO1', isin: 'INE123A01016', sponsor_broker: 'Test Capital', price: '100.00', price_low: '95.00', lot: 10,
    issue_shares: '100000', retail_shares: '10000', open_at: new Date(clock.now + 60_000).toISOString(), close_at: new Date(clock.now + dayMs).toISOString(),
    draw_at: new Date(clock.now + dayMs + 3_600_000).toISOString(), listing_at: new Date(clock.now + 2 * dayMs).toISOString(), max_applications_per_user: 5,
    retail_cap: null, payment_after_draw: false, public_value_source: 'NIFTY 50 close', reason: 'An issue for the ownership tests',
  }, operator.headers);
  const fund = await ok('admin/fund/save', {
    name: 'Ownership Momentum', strategy: 'nifty50_momentum', size_cap: '50000000.00', minimum_investment: '5000.00',
    subscribe_from: new Date(clock.now - 3_600_000).toISOString(), subscribe_until: new Date(clock.now + 10 * dayMs).toISOString(),
    ends_at: new Date(clock.now + 30 * dayMs).toISOString(), management_fee_bps: 100, reason: 'A fund for the ownership tests',
  }, operator.headers);
  clock.now += 120_000;
  // The IPO state job (every 5 s) opens the issue; wait for it, so that it changes nothing while a test compares the database.
  for (let waited = 0; ; waited += 100) {
    const [row] = await db.query<{ state: string }>('SELECT state FROM ipo_issues WHERE id = $1', [ipo.id]);
    if (row?.state === 'open') break;
    if (waited > 15_000) throw new Error(`the IPO did not open: ${row?.state}`);
    await new Promise((done) => setTimeout(done, 100));
  }

  const studied = new Set<bigint>();
  const lastPaise = () => driven.market.quote('TCS')!.last;

  const makers: Record<ObjectKind, (user: TestUser) => Promise<string>> = {
    async pendingOrder(user) {
      const price = Math.floor(lastPaise() / tickPaise) * tickPaise - tickPaise; // just under the last trade: rests, inside any price band
      const form = { code: 'TCS', side: 'long', type: 'limit', price: (price / 100).toFixed(2), quantity: 100, leverage: 1, idempotency_key: newKey('limit') };
      return (await ok('order/place', form, user.session)).order_no;
    },
    position: buy,
    // A second sign-in of the user's: another device's session, which only its owner may end.
    async session(user) {
      const signedIn = await ok('user/login', { account: user.session.account, password: testUserPassword }, user.session);
      const [row] = await db.query<{ id: bigint }>('SELECT id FROM sessions WHERE token_hash = $1', [hashToken(signedIn.token)]);
      return row!.id.toString();
    },
    message: async (user) => (await notify(db, user.userId, 'deposit_approved', { amount: '1000.00' })).toString(),
    kycFrontUpload: (user) => uploadRow(db, user.userId, 'kyc_front'),
    kycBackUpload: (user) => uploadRow(db, user.userId, 'kyc_back'),
    receiptUpload: (user) => uploadRow(db, user.userId, 'deposit_receipt'),
    avatarUpload: (user) => uploadRow(db, user.userId, 'avatar'),
    card: async (user) => (await ok('user/addBankCard', cardForm('Asha Verma', { account_no: `5010001234${String((serial += 1)).padStart(4, '0')}` }), user.session)).id,
    async nominee(user) {
      const form = { relationship: 'spouse', name: 'Ravi Verma', id_number: aadhaarWithCheckDigit(`23456789${String((serial += 1) % 1000).padStart(3, '0')}`), phone: '9876543210', share: 5, accept_terms: true };
      const list = await ok('user/addNominee', form, user.session);
      return list.items.map((item: { id: string }) => item.id).sort((a: string, b: string) => Number(BigInt(b) - BigInt(a)))[0];
    },
    fxQuote: async (user) => (await ok('fx/quote', { from: 'INR', to: 'USD', amount: '1000.00' }, user.session)).quote_id,
    loan: async (user) => (await ok('loan/borrow', { amount: '1000.00', idempotency_key: newKey('borrow') }, user.session)).id,
    pledge: async (user) => (await ok('pledge/request', { positions: [await buy(user)], amount: '10000.00', idempotency_key: newKey('pledge') }, user.session)).id,
    ipoApplication: async (user) => (await ok('ipo/apply', { ipo_id: ipo.id, lots: 1, idempotency_key: newKey('ipo') }, user.session)).id,
    placementApplication: async (user) => (await ok('placement/apply', { placement_id: rights.id, quantity: 1, additional: 0, idempotency_key: newKey('rights') }, user.session)).id,
    fundHolding: async (user) => (await ok('fund/subscribe', { fund_id: fund.id, amount: '5000.00', idempotency_key: newKey('fund') }, user.session)).id,
    async examAttempt(user) {
      if (!studied.has(user.userId)) {
        for (const lesson_id of courseLessonIds) {
          await ok('course/open', { lesson_id }, user.session);
          clock.now += 41_000;
          await ok('course/complete', { lesson_id }, user.session);
        }
        studied.add(user.userId);
      }
      return (await ok('exam/start', {}, user.session)).attempt_id;
    },
  };
  return {
    database, db, server, staff: { admin, reviewer, operator }, channelId: channel.id,
    verifiedUser: async () => verifiedUsers.shift() ?? verifiedUser(),
    newUser,
    make: (kind, user) => makers[kind](user),
    async close() {
      await server.close();
      await database.close();
    },
  };
}
