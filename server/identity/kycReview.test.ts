// Proves the reviewers' side of KYC: only reviewers and admins reach the queue (operator
// 403, user token 401), staff see the full ID number and can open both photos, a review
// decides once (review_not_pending, also enforced by the table), a missing id is
// kyc_not_found, and each decision writes its audit entry and the user's message in the
// same transaction as the decision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBasePath } from '../../contract/envelope.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { kycPhotos } from '../testing/identityKit.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';

let database: TestDatabase;
let server: TestServer;
let reviewer: TestStaff;
let admin: TestStaff;
let operator: TestStaff;
let nextAccount = 9877800001;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'KYC Review Tests', kind: 'advisor', code: 'KYR1' });
  reviewer = await createAndLogInStaff(database.db, server, 'rhea', 'reviewer');
  admin = await createAndLogInStaff(database.db, server, 'adam', 'admin');
  operator = await createAndLogInStaff(database.db, server, 'otto', 'operator');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** A new user with a submission under review; returns the user, the submission id and its photos. */
async function submitted(idNumber = 'PQRST6789K') {
  const user: TestUser = await registerAndLogIn(database.db, server, String(nextAccount++), 'KYR1');
  const photos = await kycPhotos(server, user.session);
  const result = await server.call('user/kycSubmit', { name: 'Vikram Shah', id_type: 'pan', id_number: idNumber, ...photos }, user.session);
  if (result.body.status !== 1) throw new Error(result.body.msg);
  const [row] = await database.db.query<{ id: bigint }>('SELECT id FROM kyc_submissions WHERE user_id = $1', [user.userId.toString()]);
  return { user, id: row!.id.toString(), photos };
}

const review = (staff: TestStaff, id: string, decision: string, reason = 'Name and number match the photos') =>
  server.call('admin/kyc/review', { id, decision, reason }, staff.headers);

const auditOf = (submissionId: string) =>
  database.db.query<{ action: string; staff_id: bigint; target_user_id: bigint; reason: string; before: unknown; after: unknown }>(
    "SELECT action, staff_id, target_user_id, reason, before, after FROM audit_log WHERE subject_kind = 'kyc_submission' AND subject_id = $1",
    [submissionId],
  );
const messagesOf = (user: TestUser) =>
  database.db.query<{ kind: string; params: unknown }>('SELECT kind, params FROM notifications WHERE user_id = $1', [user.userId.toString()]);

describe('who may review', () => {
  it('an-operator-is-refused-403-and-nothing-changes', async () => {
    const { id } = await submitted();
    const listed = await server.call('admin/kyc/list', { page: 1 }, operator.headers);
    const reviewed = await review(operator, id, 'approve');
    expect([listed.httpStatus, reviewed.httpStatus]).toEqual([403, 403]);
    expect(reviewed.body.msg).toBe('staff_role_not_allowed');
    expect(await auditOf(id)).toEqual([]);
  });

  it('a-user-token-on-admin-endpoints-is-401', async () => {
    const { user, id } = await submitted();
    expect((await server.call('admin/kyc/list', { page: 1 }, user.session)).httpStatus).toBe(401);
    expect((await server.call('admin/kyc/review', { id, decision: 'approve', reason: 'me' }, user.session)).httpStatus).toBe(401);
    expect((await server.call('admin/kyc/list', { page: 1 })).httpStatus).toBe(401);
  });
});

describe('the queue', () => {
  it('staff-see-the-full-id-number-and-can-open-both-photos', async () => {
    const { user, id, photos } = await submitted('LMNOP4321Q');
    const page = await server.call('admin/kyc/list', { page: 1, status: 'under_review' }, reviewer.headers);
    const row = page.body.data.items.find((item: { id: string }) => item.id === id);
    expect(row).toMatchObject({ user_id: user.userId.toString(), account: user.account, id_number: 'LMNOP4321Q', status: 'under_review', reviewer: null, ...photos });
    for (const uploadId of [photos.front_upload_id, photos.back_upload_id]) {
      const file = await server.app.http.inject({ method: 'GET', url: `${apiBasePath}upload/file/${uploadId}`, headers: reviewer.headers });
      expect(file.statusCode).toBe(200);
    }
  });

  it('the-review-queue-runs-oldest-first-and-filters-by-status', async () => {
    const first = await submitted();
    const second = await submitted();
    await review(reviewer, first.id, 'reject', 'Blurred');
    const queue = await server.call('admin/kyc/list', { page: 1, status: 'under_review' }, admin.headers);
    const ids = queue.body.data.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(first.id);
    expect(ids).toEqual([...ids].sort((a: string, b: string) => Number(a) - Number(b)));
    const failed = await server.call('admin/kyc/list', { page: 1, status: 'failed' }, admin.headers);
    expect(failed.body.data.items.every((item: { status: string }) => item.status === 'failed')).toBe(true);
    expect((await server.call('admin/kyc/list', { page: 1, status: 'pending' }, admin.headers)).body.msg).toBe('invalid_field:status');
  });
});

describe('decisions', () => {
  it('approval-verifies-notifies-and-audits-in-one-go', async () => {
    const { user, id } = await submitted();
    const result = await review(reviewer, id, 'approve');
    expect(result.body.data).toMatchObject({ id, status: 'verified', reason: null, reviewer: 'rhea', reviewed_at: expect.any(String) });
    expect(await auditOf(id)).toEqual([
      {
        action: 'kyc.approve',
        staff_id: BigInt(reviewer.staffId),
        target_user_id: user.userId,
        reason: 'Name and number match the photos',
        before: { status: 'under_review' },
        after: { status: 'verified' },
      },
    ]);
    expect(await messagesOf(user)).toEqual([{ kind: 'kyc_approved', params: {} }]);
    // The user reads the entry in their own audit log.
    const log = await server.call('user/auditLog', { page: 1 }, user.session);
    expect(log.body.data.items[0]).toMatchObject({ action: 'kyc.approve', staff_role: 'reviewer' });
  });

  it('rejection-fails-with-the-reason-the-user-reads', async () => {
    const { user, id } = await submitted();
    const result = await review(admin, id, 'reject', 'The photo does not show the whole card');
    expect(result.body.data).toMatchObject({ status: 'failed', reason: 'The photo does not show the whole card', reviewer: 'adam' });
    expect((await auditOf(id)).map((entry) => [entry.action, entry.after])).toEqual([['kyc.reject', { status: 'failed' }]]);
    expect(await messagesOf(user)).toEqual([{ kind: 'kyc_rejected', params: { reason: 'The photo does not show the whole card' } }]);
  });

  it('a-submission-is-reviewed-only-once', async () => {
    const { user, id } = await submitted();
    await review(reviewer, id, 'approve');
    for (const decision of ['approve', 'reject']) {
      expect((await review(admin, id, decision)).body).toEqual({ status: 0, msg: 'review_not_pending', data: null });
    }
    expect(await auditOf(id)).toHaveLength(1);
    expect(await messagesOf(user)).toHaveLength(1);
  });

  it('two-reviewers-at-once-decide-once', async () => {
    const { id } = await submitted();
    const outcomes = await Promise.all([review(reviewer, id, 'approve'), review(admin, id, 'reject')]);
    expect(outcomes.map((outcome) => outcome.body.status).sort()).toEqual([0, 1]);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('the-table-itself-refuses-a-second-decision-and-any-edit', async () => {
    const { id } = await submitted();
    await review(reviewer, id, 'reject', 'Blurred');
    await expect(database.db.query("UPDATE kyc_submissions SET status = 'verified' WHERE id = $1", [id])).rejects.toThrow(/not allowed/);
    await expect(database.db.query('DELETE FROM kyc_submissions WHERE id = $1', [id])).rejects.toThrow();
  });

  it.each([
    ['a-missing-id', { id: '987654321', decision: 'approve', reason: 'x' }, 'kyc_not_found'],
    ['a-malformed-id', { id: 'x1', decision: 'approve', reason: 'x' }, 'invalid_field:id'],
    ['an-unknown-decision', { id: '1', decision: 'maybe', reason: 'x' }, 'invalid_field:decision'],
    ['no-reason', { id: '1', decision: 'reject', reason: '  ' }, 'reason_required'],
  ])('%s-is-refused', async (_scenario, body, message) => {
    expect((await server.call('admin/kyc/review', body, reviewer.headers)).body).toEqual({ status: 0, msg: message, data: null });
  });
});
