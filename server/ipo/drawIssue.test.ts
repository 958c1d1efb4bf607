// The draw through the API on a real database: only a closed issue is drawn; a reviewer runs
// it; the published files, downloaded without a session, re-run with verifyDraw to the very
// winners the applications record; winners pay from the held money into the IPO escrow and
// get the rest back, the others get everything back, nothing stays frozen, the ledger is
// healthy, owners get a message, and a public value the market contradicts is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../ledger/userBalances.ts';
import type { TestUser } from '../testing/userKit.ts';
import { drawIssue } from './drawIssue.ts';
import { apply, closeIssue, expectHealthyLedger, type IpoWorld, newKey, openIpoWorld, openIssue } from './ipoTestKit.ts';
import { ipoEscrowAccount } from './store.ts';
import { verifyDraw } from './verifyDraw.ts';

let world: IpoWorld;
beforeAll(async () => {
  world = await openIpoWorld('dr');
});
afterAll(async () => {
  await world?.close();
});

const download = async (url: string) => {
  const response = await world.server.app.http.inject({ method: 'GET', url });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.rawPayload };
};

const escrowBalance = async () => {
  const id = await world.db.transaction((tx) => ipoEscrowAccount(tx));
  const [row] = await world.db.query<{ balance_paise: bigint }>('SELECT balance_paise FROM ledger_accounts WHERE id = $1', [id.toString()]);
  return row!.balance_paise;
};

describe('the draw', () => {
  it('ipo-oversubscribed-lottery-published-and-re-run-from-its-files', async () => {
    // 10 retail lots; six applicants ask for 2 lots each (12): oversubscribed.
    const ipoId = await openIssue(world, { retail_shares: '1000' });
    const users: TestUser[] = [];
    for (let index = 0; index < 6; index++) users.push(await world.newUser(100_000n));
    for (const user of users) expect((await apply(world, user, ipoId, 2)).body.status).toBe(1);
    const quitter = await world.newUser(100_000n);
    const quit = (await apply(world, quitter, ipoId, 1)).body.data;
    await world.server.call('ipo/withdraw', { application_id: quit.id, idempotency_key: newKey() }, quitter.session);

    const early = await world.server.call('admin/ipo/draw', { ipo_id: ipoId, public_value: '25891.40', reason: 'Draw day' }, world.reviewer.headers);
    expect(early.body.msg).toBe('ipo_not_closed');
    expect((await world.server.call('ipo/draw', { ipo_id: ipoId }, users[0]!.session)).body.msg).toBe('ipo_not_drawn');
    await closeIssue(world, ipoId);
    const escrowBefore = await escrowBalance();

    const drawn = await world.server.call('admin/ipo/draw', { ipo_id: ipoId, public_value: '25891.40', reason: 'Draw day' }, world.reviewer.headers);
    expect(drawn.body.status).toBe(1);
    const { issue, draw } = drawn.body.data;
    expect(issue).toMatchObject({ state: 'allotted', applications: 6, amount_held: '0.00' });
    expect(draw).toMatchObject({ applications: 6, oversubscribed: true, public_value: '25891.40', public_value_source: 'NIFTY 50 close on 2026-11-21' });
    expect(draw.winners).toBe(6);
    expect(draw.files.map((file: { name: string }) => file.name)).toEqual(['draw.json', 'applications.csv', 'result.csv']);

    // The files anyone can download re-run to the recorded outcome.
    const files = Object.fromEntries(await Promise.all(draw.files.map(async (file: { name: string; url: string }) => [file.name, await download(file.url)])));
    expect(files['draw.json'].type).toMatch(/^application\/json/);
    expect(files['result.csv'].type).toMatch(/^text\/csv/);
    const verified = verifyDraw({ record: files['draw.json'].body.toString('utf8'), applications: files['applications.csv'].body, result: files['result.csv'].body });
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.record.seed).toBe(draw.seed);
    expect(verified.record.commitment).toBe(draw.commitment);

    const rows = await world.db.query<{ pseudonym: string; user_id: bigint; state: string; shares_allotted: bigint; amount_paid_paise: bigint; amount_released_paise: bigint; draw_rank: number | null }>(
      "SELECT pseudonym, user_id, state, shares_allotted, amount_paid_paise, amount_released_paise, draw_rank FROM ipo_applications WHERE ipo_id = $1 AND state <> 'withdrawn'",
      [ipoId],
    );
    const resultLines = files['result.csv'].body.toString('utf8').trim().split('\n').slice(1).map((line: string) => line.split(','));
    const allottedByPseudonym = new Map(resultLines.map(([, pseudonym, , lotsAllotted]: string[]) => [pseudonym, Number(lotsAllotted) * 100]));
    for (const row of rows) {
      expect(Number(row.shares_allotted)).toBe(allottedByPseudonym.get(row.pseudonym) ?? 0);
      expect(row.state).toBe(row.shares_allotted > 0n ? 'won' : 'not_won');
      expect(row.amount_paid_paise).toBe(row.shares_allotted * 10_000n);
      expect(row.amount_paid_paise + row.amount_released_paise).toBe(2_000_000n);
    }
    // Ten lots among six winners: everyone one lot, then four second lots by draw order.
    expect(rows.reduce((sum, row) => sum + row.shares_allotted, 0n)).toBe(1000n);
    expect(rows.filter((row) => row.shares_allotted === 200n)).toHaveLength(4);

    for (const user of users) expect((await userBalances(world.db, user.userId)).frozen).toBe(0n);
    expect((await escrowBalance()) - escrowBefore).toBe(100_000_00n);
    await expectHealthyLedger(world.db);

    // The owner sees it everywhere: the application, the draw, the inbox.
    const detail = (await world.server.call('ipo/detail', { ipo_id: ipoId }, users[0]!.session)).body.data;
    expect(detail.issue.state).toBe('allotted');
    expect(detail.applications[0].pseudonym).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.applications[0].draw_rank).toBeGreaterThan(0);
    expect(detail.draw).toEqual((await world.server.call('ipo/draw', { ipo_id: ipoId }, users[0]!.session)).body.data);
    const messages = (await world.server.call('user/messages', { page: 1 }, users[0]!.session)).body.data.items;
    expect(messages[0].kind).toBe('ipo_won');

    const again = await world.server.call('admin/ipo/draw', { ipo_id: ipoId, public_value: '25891.40', reason: 'Again' }, world.reviewer.headers);
    expect(again.body.msg).toBe('ipo_not_closed');
  });

  it('an-undersubscribed-issue-allots-everyone-what-they-applied-for', async () => {
    const ipoId = await openIssue(world, { retail_shares: '10000' });
    const [first, second] = [await world.newUser(100_000n), await world.newUser(100_000n)];
    await apply(world, first, ipoId, 3);
    await apply(world, second, ipoId, 1);
    await closeIssue(world, ipoId);
    const drawn = await world.server.call('admin/ipo/draw', { ipo_id: ipoId, public_value: '25000.00', reason: 'Draw day' }, world.admin.headers);
    expect(drawn.body.data.draw).toMatchObject({ oversubscribed: false, winners: 2 });
    const records = (await world.server.call('ipo/applications', { page: 1 }, first.session)).body.data.items;
    expect(records[0]).toMatchObject({ state: 'won', shares_allotted: 300, amount_paid: '30000.00', amount_released: '0.00', draw_rank: null });
    expect(await userBalances(world.db, first.userId)).toMatchObject({ frozen: 0n, available: 7_000_000n });
    await expectHealthyLedger(world.db);
  });

  it('an-issue-nobody-applied-for-is-drawn-empty-and-still-verifiable', async () => {
    const ipoId = await openIssue(world);
    await closeIssue(world, ipoId);
    const drawn = await world.server.call('admin/ipo/draw', { ipo_id: ipoId, public_value: '25000.00', reason: 'Draw day' }, world.reviewer.headers);
    expect(drawn.body.data.draw).toMatchObject({ applications: 0, winners: 0, oversubscribed: false });
    const [record, applications, result] = await Promise.all(drawn.body.data.draw.files.map((file: { url: string }) => download(file.url)));
    expect(verifyDraw({ record: record.body.toString('utf8'), applications: applications.body, result: result.body }).ok).toBe(true);
  });

  it('refuses-a-public-value-the-market-record-contradicts-and-changes-nothing', async () => {
    const ipoId = await openIssue(world);
    const user = await world.newUser(100_000n);
    await apply(world, user, ipoId, 1);
    await closeIssue(world, ipoId);
    const context = { ...world.server.app.ipo, indexCloseOn: (day: string) => (day === '2026-11-21' ? '25891.40' : null) };
    await expect(drawIssue(context, BigInt(world.reviewer.staffId), { ipoId: BigInt(ipoId), publicValue: '25891.45', reason: 'Draw day' })).rejects.toThrow('ipo_public_value_mismatch:25891.40');
    const [row] = await world.db.query<{ state: string }>('SELECT state FROM ipo_issues WHERE id = $1', [ipoId]);
    expect(row!.state).toBe('closed');
    expect((await userBalances(world.db, user.userId)).frozen).toBe(1_000_000n);
    const drawn = await drawIssue(context, BigInt(world.reviewer.staffId), { ipoId: BigInt(ipoId), publicValue: '25891.40', reason: 'Draw day' });
    expect(drawn.issue.state).toBe('allotted');
  });

  it('draw-files-are-public-only-once-recorded-and-only-by-name', async () => {
    expect((await download('/ipo-draws/999999/draw.json')).status).toBe(404);
    expect((await download('/ipo-draws/1/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await download('/ipo-draws/1/other.txt')).status).toBe(404);
  });
});
