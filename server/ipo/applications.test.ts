// Applying for an IPO through the API on a real database: the amount is held (available →
// frozen) by one transfer, a retry answers the same application, every refusal comes in the
// documented order and changes nothing, withdrawing releases the money while the issue is
// open, parallel applications never pass the per-user maximum, and the database itself
// refuses an illegal state change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../ledger/userBalances.ts';
import type { TestUser } from '../testing/userKit.ts';
import { apply, closeIssue, expectHealthyLedger, issueForm, type IpoWorld, newKey, openIpoWorld, openIssue } from './ipoTestKit.ts';

let world: IpoWorld;
beforeAll(async () => {
  world = await openIpoWorld('ap');
});
afterAll(async () => {
  await world?.close();
});

/** What a refusal must leave untouched: the user's balances and their applications. */
async function snapshot(user: TestUser) {
  const [row] = await world.db.query<{ count: bigint }>('SELECT count(*) AS count FROM ipo_applications WHERE user_id = $1', [user.userId.toString()]);
  return { balances: await userBalances(world.db, user.userId), applications: row!.count };
}

async function expectRefusedUnchanged(user: TestUser, attempt: () => Promise<{ body: { status: number; msg: string } }>, message: string) {
  const before = await snapshot(user);
  const outcome = await attempt();
  expect(outcome.body).toMatchObject({ status: 0, msg: message });
  expect(await snapshot(user)).toEqual(before);
}

describe('applying', () => {
  it('holds-the-amount-and-a-retry-answers-the-same-application', async () => {
    const ipoId = await openIssue(world);
    const user = await world.newUser(100_000n);
    const key = newKey();
    const first = await apply(world, user, ipoId, 3, key);
    expect(first.body.status).toBe(1);
    expect(first.body.data).toMatchObject({ ipo_id: ipoId, lots: 3, shares_applied: 300, amount_held: '30000.00', state: 'pending', pseudonym: null });
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 7_000_000n, frozen: 3_000_000n });

    const again = await apply(world, user, ipoId, 3, key);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 7_000_000n, frozen: 3_000_000n });
    expect((await apply(world, user, ipoId, 4, key)).body.msg).toBe('idempotency_key_reused');

    const listed = (await world.server.call('ipo/list', {}, user.session)).body.data.find((issue: { id: string }) => issue.id === ipoId);
    expect(listed).toMatchObject({ state: 'open', my_applications: 1, retail_cap: '200000.00', max_lots: 20, retail_subscription_times: '0.30' });
    expect(listed.commitment).toMatch(/^[0-9a-f]{64}$/);
    const detail = (await world.server.call('ipo/detail', { ipo_id: ipoId }, user.session)).body.data;
    expect(detail.applications.map((application: { id: string }) => application.id)).toEqual([first.body.data.id]);
    expect(detail.draw).toBeNull();
    const records = (await world.server.call('ipo/applications', { page: 1 }, user.session)).body.data;
    expect(records).toMatchObject({ total: 1, items: [{ id: first.body.data.id, code: listed.code }] });
    const statement = await world.db.query<{ reason_kind: string }>(
      "SELECT reason_kind FROM ledger_transfers WHERE user_id = $1 AND kind = 'ipo_hold'", [user.userId.toString()],
    );
    expect(statement).toEqual([{ reason_kind: 'ipo_application_held' }]);
  });

  it('refuses-in-order-and-every-refusal-changes-nothing', async () => {
    const user = await world.newUser(100_000n);
    await expectRefusedUnchanged(user, () => apply(world, user, '999999', 1), 'ipo_not_found');

    const upcoming = await world.server.call('admin/ipo/save', issueForm(world, { open_at: new Date(world.clock.now + 10 * 3_600_000).toISOString(), close_at: new Date(world.clock.now + 20 * 3_600_000).toISOString() }), world.operator.headers);
    await expectRefusedUnchanged(user, () => apply(world, user, upcoming.body.data.id, 1), 'subscription_time_not_yet_arrived');
    const withdrawn = await world.server.call('admin/ipo/withdraw', { ipo_id: upcoming.body.data.id, reason: 'Issuer postponed the offer' }, world.operator.headers);
    expect(withdrawn.body.data).toMatchObject({ state: 'withdrawn', withdrawn_reason: 'Issuer postponed the offer' });
    await expectRefusedUnchanged(user, () => apply(world, user, upcoming.body.data.id, 1), 'subscription_channel_not_open');

    const ipoId = await openIssue(world, { max_applications_per_user: 2 });
    await expectRefusedUnchanged(user, () => apply(world, user, ipoId, 0), 'ipo_not_whole_lots');
    await expectRefusedUnchanged(user, () => world.server.call('ipo/apply', { ipo_id: ipoId, lots: 1.5, idempotency_key: newKey() }, user.session), 'ipo_not_whole_lots');
    await expectRefusedUnchanged(user, () => apply(world, user, ipoId, 21), 'ipo_amount_above_retail_cap:200000.00');
    const poor = await world.newUser(5_000n);
    await expectRefusedUnchanged(poor, () => apply(world, poor, ipoId, 1), 'insufficient_available_balance');
    expect((await apply(world, user, ipoId, 1)).body.status).toBe(1);
    expect((await apply(world, user, ipoId, 1)).body.status).toBe(1);
    await expectRefusedUnchanged(user, () => apply(world, user, ipoId, 1), 'ipo_max_applications_reached:2');

    await closeIssue(world, ipoId);
    await expectRefusedUnchanged(user, () => apply(world, user, ipoId, 1), 'subscription_ended');
    const listed = (await world.server.call('ipo/list', { state: 'closed' }, user.session)).body.data;
    expect(listed.map((issue: { id: string }) => issue.id)).toContain(ipoId);
    await expectHealthyLedger(world.db);
  });
});

describe('withdrawing', () => {
  it('releases-the-money-once-and-only-while-open', async () => {
    const ipoId = await openIssue(world);
    const user = await world.newUser(100_000n);
    const other = await world.newUser(100_000n);
    const applied = (await apply(world, user, ipoId, 2)).body.data;
    const key = newKey('withdraw');
    await expectRefusedUnchanged(other, () => world.server.call('ipo/withdraw', { application_id: applied.id, idempotency_key: newKey() }, other.session), 'ipo_application_not_found');

    const withdrawn = await world.server.call('ipo/withdraw', { application_id: applied.id, idempotency_key: key }, user.session);
    expect(withdrawn.body.data).toMatchObject({ state: 'withdrawn', amount_released: '20000.00', amount_paid: '0.00' });
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 10_000_000n, frozen: 0n });
    const again = await world.server.call('ipo/withdraw', { application_id: applied.id, idempotency_key: key }, user.session);
    expect(again.body.data).toEqual(withdrawn.body.data);
    await expectRefusedUnchanged(user, () => world.server.call('ipo/withdraw', { application_id: applied.id, idempotency_key: newKey() }, user.session), 'order_not_in_subscription_status');
    // A withdrawn application does not count against the maximum.
    const my = (await world.server.call('ipo/detail', { ipo_id: ipoId }, user.session)).body.data.issue.my_applications;
    expect(my).toBe(0);

    const late = (await apply(world, user, ipoId, 1)).body.data;
    await closeIssue(world, ipoId);
    await expectRefusedUnchanged(user, () => world.server.call('ipo/withdraw', { application_id: late.id, idempotency_key: newKey() }, user.session), 'order_not_in_subscription_status');
    await expectHealthyLedger(world.db);
  });
});

describe('concurrency', () => {
  it('twenty-parallel-applications-never-pass-the-maximum', async () => {
    const ipoId = await openIssue(world, { max_applications_per_user: 3 });
    const user = await world.newUser(1_000_000n);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => apply(world, user, ipoId, 1)));
    const accepted = outcomes.filter((outcome) => outcome.body.status === 1);
    expect(accepted).toHaveLength(3);
    expect(new Set(outcomes.filter((outcome) => outcome.body.status === 0).map((outcome) => outcome.body.msg))).toEqual(new Set(['ipo_max_applications_reached:3']));
    expect(await userBalances(world.db, user.userId)).toMatchObject({ frozen: 3_000_000n, available: 97_000_000n });
    await expectHealthyLedger(world.db);
  });

  it('retries-sent-at-once-make-one-application', async () => {
    const ipoId = await openIssue(world);
    const user = await world.newUser(100_000n);
    const key = newKey('same');
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => apply(world, user, ipoId, 2, key)));
    expect(new Set(outcomes.map((outcome) => outcome.body.data?.id))).toEqual(new Set([outcomes[0]!.body.data.id]));
    expect(await userBalances(world.db, user.userId)).toMatchObject({ frozen: 2_000_000n });
  });
});

describe('the database', () => {
  it('refuses-an-illegal-issue-or-application-state-change', async () => {
    const ipoId = await openIssue(world);
    const user = await world.newUser(100_000n);
    const applied = (await apply(world, user, ipoId, 1)).body.data;
    await expect(world.db.query("UPDATE ipo_issues SET state = 'allotted' WHERE id = $1", [ipoId])).rejects.toThrow(/open → allotted is not allowed/);
    await expect(world.db.query("UPDATE ipo_issues SET state = 'upcoming' WHERE id = $1", [ipoId])).rejects.toThrow(/not allowed/);
    await expect(world.db.query("UPDATE ipo_issues SET price_paise = 1 WHERE id = $1", [ipoId])).rejects.toThrow(/terms cannot change/);
    await expect(world.db.query("UPDATE ipo_applications SET state = 'paid' WHERE id = $1", [applied.id])).rejects.toThrow(/pending → paid is not allowed/);
    // Won without the money paid: the paired assertion of the amounts refuses it.
    await expect(world.db.query("UPDATE ipo_applications SET state = 'won', shares_allotted = 100, settle_transfer_id = hold_transfer_id WHERE id = $1", [applied.id])).rejects.toThrow();
    await expect(world.db.query('DELETE FROM ipo_applications WHERE id = $1', [applied.id])).rejects.toThrow(/append-only/);
  });
});
