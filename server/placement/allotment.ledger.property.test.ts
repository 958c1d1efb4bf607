// The allotment on a real database for random small offers: every application gets at least its
// entitled part and at most what it asked, the total stays within the shares offered, nothing stays
// frozen, the escrow passes on every paisa, and the ledger is healthy after each allotment.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { healthyLedger, ledgerHealth } from '../ledger/ledgerTestKit.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { createAndLogInStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';
import { allotPlacementNow } from './placementAdmin.ts';
import { insertPlacement } from './placementStore.ts';
import { applyForPlacement } from './placements.ts';

const dayMs = 86_400_000;
let database: TestDatabase;
let server: TestServer;
let staffId: bigint;
let clockMs = Date.now();
const holders: TestUser[] = [];
const pricePaise = 10_000n;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Allotment Desk', kind: 'advisor', code: 'ALLOT1' });
  server = await startTestServer(database.db, { now: () => clockMs });
  staffId = BigInt((await createAndLogInStaff(database.db, server, 'allot-reviewer', 'reviewer')).staffId);
  let account = 9_500_000_000 + Math.floor(Math.random() * 90_000) * 1000;
  for (let index = 0; index < 5; index += 1) holders.push(await fundedTestUser(database.db, server, String((account += 1)), 'ALLOT1', 1_000_000n));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const holderArbitrary = fc.record({ entitlementLots: fc.integer({ min: 0, max: 4 }), takeUpLots: fc.integer({ min: 0, max: 4 }), additionalLots: fc.integer({ min: 0, max: 6 }) });

it('allotment-on-the-ledger-never-more-than-asked-total-within-offer-nothing-frozen', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(1, 5), fc.array(holderArbitrary, { minLength: 5, maxLength: 5 }), async (lot, demands) => {
      const context = server.app.trading;
      // A window that is open now, its entitlements already taken (written here directly, as holdings would give them).
      const placementId = await insertPlacement(database.db, {
        kind: 'rights', code: 'TCS', currency: 'INR', pricePaise, ratioNew: 1, ratioHeld: 1, lot, minimumQuantity: BigInt(lot),
        recordDate: new Date(clockMs - 2 * dayMs).toISOString().slice(0, 10), recordAt: new Date(clockMs - 2 * dayMs), openAt: new Date(clockMs - dayMs), closeAt: new Date(clockMs + dayMs),
      });
      await database.db.query('UPDATE placements SET entitlements_taken_at = $2 WHERE id = $1', [placementId.toString(), new Date(clockMs).toISOString()]);
      const asked = new Map<string, { entitled: number; additional: number }>();
      // Additional shares can only come from entitlements: a request beyond all of them is refused (docs/placements.md).
      const offered = demands.reduce((sum, demand) => sum + demand.entitlementLots * lot, 0);
      for (const [index, demand] of demands.entries()) {
        if (demand.entitlementLots === 0) continue;
        await database.db.query('INSERT INTO placement_entitlements (placement_id, user_id, shares_held, entitlement) VALUES ($1, $2, $3, $3)',
          [placementId.toString(), holders[index]!.userId.toString(), demand.entitlementLots * lot]);
      }
      for (const [index, demand] of demands.entries()) {
        if (demand.entitlementLots === 0) continue;
        const entitled = Math.min(demand.takeUpLots, demand.entitlementLots) * lot;
        const additional = Math.min(demand.additionalLots * lot, offered);
        if (entitled + additional === 0) continue;
        const application = await applyForPlacement(context, holders[index]!.userId, { placement_id: placementId.toString(), quantity: entitled, additional, idempotency_key: `prop-${placementId}-${index}` });
        asked.set(application.id, { entitled, additional });
      }
      clockMs += 2 * dayMs;
      await allotPlacementNow(context, staffId, { placement_id: placementId.toString(), reason: 'Property run' });

      const rows = await database.db.query<{ id: bigint; quantity_allotted: bigint; state: string }>(
        'SELECT id, quantity_allotted, state FROM placement_applications WHERE placement_id = $1', [placementId.toString()]);
      let total = 0;
      for (const row of rows) {
        const demand = asked.get(row.id.toString())!;
        const shares = Number(row.quantity_allotted); // number-ok: a few shares
        expect(shares).toBeGreaterThanOrEqual(demand.entitled);
        expect(shares).toBeLessThanOrEqual(demand.entitled + demand.additional);
        expect(shares % lot).toBe(0);
        expect(row.state).toBe(shares > 0 ? 'allotted' : 'released');
        total += shares;
      }
      expect(total).toBeLessThanOrEqual(offered);
      for (const holder of holders) expect((await userBalances(database.db, holder.userId)).frozen).toBe(0n);
      const [escrow] = await database.db.query<{ balance_paise: bigint }>("SELECT balance_paise FROM ledger_accounts WHERE kind = 'house_placement_escrow'");
      expect(BigInt(escrow?.balance_paise ?? 0n)).toBe(0n);
      const accounts = await database.db.query<{ id: bigint }>('SELECT id FROM ledger_accounts');
      expect(await ledgerHealth(database.db, accounts.map((row) => row.id))).toMatchObject({ ...healthyLedger(), globalSumPaise: expect.any(BigInt) });
    }),
    { numRuns: 8 },
  );
}, 120_000);
