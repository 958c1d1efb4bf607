// The back office's review of margin-loan requests: above the review line a request waits
// (in progress, stock pledged, nothing lent); one reviewer grants it; above the four-eyes line
// the first approval lends nothing and the same reviewer cannot give the second, in the
// service and in the database; a rejection fails the request and gives the stock back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../ledger/userBalances.ts';
import type { TestUser } from '../testing/userKit.ts';
import { newKey, openPledgeWorld, type PledgeWorld } from './pledgeTestKit.ts';

let world: PledgeWorld;

beforeAll(async () => {
  world = await openPledgeWorld('rev');
  world.driven.trade('TCS', 350_000);
  await world.setSetting('pledge.review_above', '20000.00');
  await world.setSetting('pledge.four_eyes_above', '60000.00');
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<PledgeWorld['server']['call']>) => world.server.call(...args);
const review = (id: string, decision: 'approve' | 'reject', staff = world.reviewer, reason = 'Checked the holding') =>
  call('admin/pledges/review', { id, decision, reason }, staff.headers);

async function requested(amount: string): Promise<{ user: TestUser; orderNo: string; pledge: { id: string; status: string; reviews_needed: number } }> {
  const user = await world.newUser();
  const orderNo = await world.buy(user, 'TCS');
  const { body } = await call('pledge/request', { positions: [orderNo], amount, idempotency_key: newKey('pledge') }, user.session);
  expect(body.msg).toBe('ok');
  return { user, orderNo, pledge: body.data };
}

describe('reviewing margin-loan requests', () => {
  it('one-reviewer-grants-a-request-above-the-review-line', async () => {
    const { user, orderNo, pledge } = await requested('30000.00');
    expect(pledge).toMatchObject({ status: 'in_progress', reviews_needed: 1 });
    const before = await userBalances(world.database.db, user.userId);
    // Waiting, the stock is already pledged: it cannot be closed meanwhile.
    expect((await call('order/close', { order_no: orderNo, idempotency_key: newKey('close') }, user.session)).body.msg).toBe('position_pledged');
    const listed = (await call('admin/pledges/list', { page: 1, status: 'in_progress' }, world.reviewer.headers)).body.data;
    expect(listed.items.map((row: { id: string }) => row.id)).toContain(pledge.id);

    const { body } = await review(pledge.id, 'approve');
    expect(body.data).toMatchObject({ status: 'successful', needs_second_approver: false, reviewer: 'Test reviewer rev-rev1', review_reason: 'Checked the holding' });
    expect((await userBalances(world.database.db, user.userId)).available - before.available).toBe(3_000_000n);
    const messages = (await call('user/messages', { page: 1 }, user.session)).body.data.items as { kind: string }[];
    expect(messages[0]!.kind).toBe('pledge_approved');
    expect((await review(pledge.id, 'approve')).body.msg).toBe('review_not_pending');
    const audit = (await call('user/auditLog', { page: 1 }, user.session)).body.data.items as { action: string }[];
    expect(audit[0]!.action).toBe('pledge.approve');
  });

  it('four-eyes-the-first-approval-lends-nothing-and-the-same-reviewer-cannot-give-the-second', async () => {
    const { user, pledge } = await requested('80000.00');
    expect(pledge.reviews_needed).toBe(2);
    const before = await userBalances(world.database.db, user.userId);
    const first = (await review(pledge.id, 'approve')).body.data;
    expect(first).toMatchObject({ status: 'in_progress', needs_second_approver: true, first_approver: 'Test reviewer rev-rev1', loan_id: null });
    expect(await userBalances(world.database.db, user.userId)).toEqual(before);
    expect((await review(pledge.id, 'approve')).body.msg).toBe('margin_loan_second_approver_must_differ');
    // The database holds the rule too, whatever a service might do.
    await expect(
      world.database.db.query('UPDATE pledges SET reviewed_by = first_approved_by WHERE id = $1', [pledge.id]),
    ).rejects.toThrow();
    const granted = (await review(pledge.id, 'approve', world.reviewer2)).body.data;
    expect(granted).toMatchObject({ status: 'successful', first_approver: 'Test reviewer rev-rev1', reviewer: 'Test reviewer rev-rev2' });
    expect((await userBalances(world.database.db, user.userId)).available - before.available).toBe(8_000_000n);
  });

  it('a-rejection-fails-the-request-and-gives-the-stock-back', async () => {
    const { user, orderNo, pledge } = await requested('30000.00');
    const { body } = await review(pledge.id, 'reject', world.reviewer, 'Concentrated holding');
    expect(body.data).toMatchObject({ status: 'failed', loan_id: null, positions: [{ state: 'released' }] });
    const mine = (await call('pledge/list', {}, user.session)).body.data;
    expect(mine.pledges[0]).toMatchObject({ status: 'failed', review_reason: 'Concentrated holding' });
    expect(mine.candidates.map((candidate: { order_no: string }) => candidate.order_no)).toEqual([orderNo]);
    expect((await call('order/close', { order_no: orderNo, idempotency_key: newKey('close') }, user.session)).body.data.status).toBe('closed');
  });

  it('approval-is-refused-when-the-price-fell-below-what-the-request-borrows', async () => {
    const { pledge } = await requested('50000.00');
    // ₹900 a share: 100 shares now lend ₹45,000, less than the ₹50,000 asked for.
    world.driven.trade('TCS', 90_000);
    expect((await review(pledge.id, 'approve')).body.msg).toBe('loan_limit_insufficient:45000.00');
    world.driven.trade('TCS', 350_000);
    expect((await review(pledge.id, 'approve')).body.data.status).toBe('successful');
  });

  it('the-database-refuses-a-state-the-lifecycle-does-not-allow', async () => {
    const { pledge } = await requested('10000.00');
    expect(pledge.status).toBe('successful');
    await expect(world.database.db.query("UPDATE pledges SET status = 'in_progress' WHERE id = $1", [pledge.id])).rejects.toThrow(/not allowed/);
    await expect(world.database.db.query("UPDATE pledges SET status = 'failed', loan_id = NULL WHERE id = $1", [pledge.id])).rejects.toThrow();
    await expect(world.database.db.query('DELETE FROM pledges WHERE id = $1', [pledge.id])).rejects.toThrow();
  });

  it('users-cannot-review-and-reviewers-only-read-through-the-staff-session', async () => {
    const { user, pledge } = await requested('30000.00');
    expect((await call('admin/pledges/review', { id: pledge.id, decision: 'approve', reason: 'me' }, user.session)).httpStatus).toBe(401);
  });
});
