// Demo mode's IPOs: eight real issues from the shared data set in every state, their retail
// demand equal to the real retail subscription multiple through real ledger holds, the drawn
// ones really drawn, nothing seeded twice, and one log line and no issue without the data file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { demoInvitationCode } from '../demo/seed.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { sharedDataDir } from '../market/sharedData.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { demoIpoFile, demoLotOf, parseDemoIpoRows, seedDemoIpos } from './demoIssues.ts';
import { expectHealthyLedger } from './ipoTestKit.ts';
import { readFileSync, existsSync } from 'node:fs';

const dataDir = sharedDataDir();
const hasData = dataDir !== null && existsSync(`${dataDir}${demoIpoFile}`);

describe('demo IPO rows', () => {
  it('skips-rows-that-are-incomplete-or-plainly-wrong', () => {
    const text = [
      'Date ,IPOName,Issue_Size,Subscription_QIB,Subscription_HNI,Subscription_RII,Subscription_Total,Issue_Price,Listing_Gains_Percent',
      '03/02/10,Infinite Comp,189.8,48.44,106.02,11.08,43.22,165,11.82',
      '19/02/10,Thangamayil,0,0.52,1.52,2.26,1.12,75,-5.2',
      '15/12/10,MOIL,1260,0,0,0,0,375,-37.8',
      '17/10/22,Electronics Mar,500,58.81,15.39,8.27,24.23,59,43.1419/02/10,Thangamayil,0,0.52,1.52,2.26,1.12,75,-5.2',
      '31/02/22,No Such Day,100,1,1,1,1,100,1',
    ].join('\n');
    const { rows, skipped } = parseDemoIpoRows(text);
    expect(rows.map((row) => row.issuer)).toEqual(['Infinite Comp']);
    expect(rows[0]).toMatchObject({ issueSizeCroreHundredths: 18_980n, pricePaise: 16_500n, retailMultipleHundredths: 1_108n, listingGainBps: 1_182 });
    expect(skipped).toBe(4);
  });

  it('chooses-the-lot-nearest-the-sebi-minimum-application', () => {
    expect(demoLotOf(165_00n)).toBe(85); // ₹14,025
    expect(demoLotOf(59_00n)).toBe(238); // ₹14,042
    expect(demoLotOf(1_900_00n)).toBe(null); // 8 × ₹1,900 = ₹15,200: no whole lot in ₹14,000–15,000
  });
});

describe.skipIf(!hasData)('demo IPO seed', () => {
  let database: TestDatabase;
  let server: TestServer;
  const logs: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startTestServer(database.db);
    // The seed walks its issues through their dates on its own clock: the state job, on the real one, must not close them under it.
    await server.app.ipoStateJob.stop();
    await issueInvitationCode(database.db, { institutionName: 'Demo institution', kind: 'institution', code: demoInvitationCode });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('seeds-eight-real-issues-in-every-state-with-their-real-retail-demand-held-in-the-ledger', async () => {
    const seed = { listDue: () => server.app.ipoListingJob.runOnce(), log: (line: string) => void logs.push(line) };
    expect(await seedDemoIpos(server.app.ipo, seed)).toEqual({ created: 8 });
    const issues = await database.db.query<{ id: bigint; issuer: string; code: string; state: string; lot: number; price_paise: bigint; retail_shares: bigint; issue_shares: bigint; demo: boolean; listing_gain_bps: number }>(
      'SELECT * FROM ipo_issues WHERE demo ORDER BY id',
    );
    expect(issues).toHaveLength(8);
    expect(new Set(issues.map((issue) => issue.state))).toEqual(new Set(['upcoming', 'open', 'closed', 'allotted', 'listed', 'withdrawn']));
    const rows = parseDemoIpoRows(readFileSync(`${dataDir}${demoIpoFile}`, 'utf8')).rows;
    const catalogCodes = new Set(loadCatalog().instruments.map((spec) => spec.code));
    for (const issue of issues) {
      const row = rows.find((candidate) => candidate.issuer === issue.issuer)!;
      expect(row, issue.issuer).toBeDefined();
      expect(catalogCodes.has(issue.code)).toBe(false);
      expect(issue.price_paise).toBe(row.pricePaise);
      expect(issue.listing_gain_bps).toBe(row.listingGainBps);
      const lotPaise = BigInt(issue.lot) * issue.price_paise;
      expect(lotPaise >= 14_000_00n && lotPaise <= 15_000_00n).toBe(true);
      expect(issue.issue_shares).toBe((row.issueSizeCroreHundredths * 10_000_000n) / row.pricePaise);
      expect(issue.retail_shares).toBe((issue.issue_shares * 35n) / 100n);
      const [demand] = await database.db.query<{ lots: bigint }>(
        "SELECT coalesce(sum(lots), 0)::bigint AS lots FROM ipo_applications WHERE ipo_id = $1 AND state <> 'withdrawn'", [issue.id.toString()],
      );
      const retailLots = issue.retail_shares / BigInt(issue.lot);
      const expected = ['upcoming', 'withdrawn'].includes(issue.state) ? 0n : (retailLots * row.retailMultipleHundredths + 50n) / 100n;
      expect(demand!.lots, `${issue.issuer} demand`).toBe(expected);
    }

    // Held money is the pending applications', as real holds; drawn issues keep nothing frozen.
    const [money] = await database.db.query<{ held: bigint; frozen: bigint; drawn: bigint; pending_drawn: bigint }>(
      `SELECT (SELECT coalesce(sum(amount_held_paise), 0)::bigint FROM ipo_applications WHERE state = 'pending') AS held,
              (SELECT coalesce(sum(balance_paise), 0)::bigint FROM ledger_accounts WHERE kind = 'user_frozen') AS frozen,
              (SELECT count(*) FROM ipo_draws d JOIN ipo_issues i ON i.id = d.ipo_id WHERE i.demo) AS drawn,
              (SELECT count(*) FROM ipo_applications a JOIN ipo_issues i ON i.id = a.ipo_id WHERE i.state IN ('allotted', 'listed') AND a.state = 'pending') AS pending_drawn`,
    );
    expect(money!.held > 0n).toBe(true);
    expect(money!.frozen).toBe(money!.held);
    expect(money!.drawn).toBe(BigInt(issues.filter((issue) => ['allotted', 'listed'].includes(issue.state)).length));
    expect(money!.pending_drawn).toBe(0n);
    await expectHealthyLedger(database.db);
    for (const issue of issues.filter((candidate) => candidate.state === 'listed')) expect(server.app.ipo.instrumentExists(issue.code)).toBe(true);

    // A later start seeds nothing more.
    expect(await seedDemoIpos(server.app.ipo, seed)).toEqual({ created: 0 });
    expect(logs).toHaveLength(1);
  });

  it('without-the-data-file-seeds-nothing-and-says-so-in-one-line', async () => {
    const fresh = await openTestDatabase();
    const other = await startTestServer(fresh.db);
    try {
      const lines: string[] = [];
      expect(await seedDemoIpos(other.app.ipo, { listDue: async () => undefined, log: (line) => void lines.push(line), dataDir: '/nonexistent/' })).toEqual({ created: 0 });
      expect(lines).toEqual([`demo IPOs: none seeded, ${demoIpoFile} is not in the shared data folder`]);
      expect(await fresh.db.query('SELECT 1 FROM ipo_issues')).toHaveLength(0);
    } finally {
      await other.close();
      await fresh.close();
    }
  });
});
