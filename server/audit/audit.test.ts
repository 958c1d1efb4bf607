// Proves the audit log is append-only in the database itself (UPDATE, DELETE and TRUNCATE
// are refused whoever asks), that a user reads only the entries about their own account,
// and that staff can page through all entries and filter by user and action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';
import { recordAudit } from './audit.ts';

let database: TestDatabase;
let server: TestServer;
let operator: TestStaff;
let reviewer: TestStaff;
let anita: TestUser;
let bharat: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Audit Tests', kind: 'advisor', code: 'AUD1' });
  operator = await createAndLogInStaff(database.db, server, 'owen', 'operator');
  reviewer = await createAndLogInStaff(database.db, server, 'ruth', 'reviewer');
  anita = await registerAndLogIn(database.db, server, '9844400001', 'AUD1');
  bharat = await registerAndLogIn(database.db, server, '9844400002', 'AUD1');
  const restrict = (user: TestUser, restriction: string, on: boolean, reason: string) =>
    server.call('admin/users/setRestriction', { user_id: user.userId.toString(), restriction, on, reason }, operator.headers);
  await restrict(anita, 'trade_barred', true, 'Anita: margin review');
  await restrict(anita, 'trade_barred', false, 'Anita: review done');
  await restrict(bharat, 'withdraw_barred', true, 'Bharat: bank check');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe('append-only', () => {
  it.each([
    ['UPDATE', "UPDATE audit_log SET reason = 'rewritten'"],
    ['DELETE', 'DELETE FROM audit_log'],
    ['TRUNCATE', 'TRUNCATE audit_log'],
  ])('%s-of-audit-entries-is-refused-by-the-database', async (_operation, statement) => {
    const before = await database.db.query('SELECT id, reason FROM audit_log ORDER BY id');
    await expect(database.db.query(statement)).rejects.toThrow(/append-only/);
    expect(await database.db.query('SELECT id, reason FROM audit_log ORDER BY id')).toEqual(before);
  });

  it('an-entry-written-in-a-transaction-that-rolls-back-is-gone-with-it', async () => {
    const before = await database.db.query('SELECT count(*) FROM audit_log');
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, { staffId: null, action: 'settings.update', subjectKind: 'setting', subjectId: 'x.y', reason: 'test', before: 1, after: 2 });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await database.db.query('SELECT count(*) FROM audit_log')).toEqual(before);
  });
});

describe('what a user sees', () => {
  it('a-user-reads-only-the-entries-about-their-own-account-newest-first', async () => {
    const log = (await server.call('user/auditLog', { page: 1 }, anita.session)).body.data;
    expect(log.total).toBe(2);
    expect(log.items.map((entry: { reason: string }) => entry.reason)).toEqual(['Anita: review done', 'Anita: margin review']);
    expect(JSON.stringify(log)).not.toContain('Bharat');
    // Staff logins stay internal: the user sees the role and display name.
    expect(log.items[0]).not.toHaveProperty('staff_login');
    expect(log.items[0]).toMatchObject({ staff_role: 'operator', staff_name: 'Test operator owen', subject_kind: 'user' });
  });

  it('a-user-with-no-entries-sees-an-empty-page', async () => {
    const carol = await registerAndLogIn(database.db, server, '9844400003', 'AUD1');
    expect((await server.call('user/auditLog', {}, carol.session)).body.data).toEqual({ items: [], total: 0, page: 1, page_size: 10 });
  });

  it('needs-a-user-session', async () => {
    expect((await server.call('user/auditLog', {}, reviewer.headers)).httpStatus).toBe(401);
  });
});

describe('what staff see', () => {
  it('any-staff-role-lists-every-entry-with-who-and-whom', async () => {
    const page = (await server.call('admin/audit/list', {}, reviewer.headers)).body.data;
    expect(page.total).toBeGreaterThanOrEqual(5);
    const latest = page.items.find((entry: { action: string }) => entry.action === 'user.set_restriction');
    expect(latest).toMatchObject({ staff_login: 'owen', target_account: '9844400002', reason: 'Bharat: bank check' });
  });

  it('filters-by-user-and-by-action', async () => {
    const byUser = (await server.call('admin/audit/list', { user_id: anita.userId.toString() }, reviewer.headers)).body.data;
    expect(byUser.total).toBe(2);
    const byAction = (await server.call('admin/audit/list', { action: 'staff.create' }, reviewer.headers)).body.data;
    expect(byAction.items.every((entry: { action: string }) => entry.action === 'staff.create')).toBe(true);
    expect(byAction.total).toBe(2);
    const unknown = await server.call('admin/audit/list', { action: 'user.delete' }, reviewer.headers);
    expect(unknown.body.msg).toBe('invalid_field:action');
  });

  it('pages-hold-ten-entries', async () => {
    for (let index = 0; index < 12; index += 1) {
      await recordAudit(database.db, { staffId: null, action: 'settings.update', subjectKind: 'setting', subjectId: 'paging.test', reason: `entry ${index}`, before: null, after: index });
    }
    const first = (await server.call('admin/audit/list', { page: 1, action: 'settings.update' }, reviewer.headers)).body.data;
    const second = (await server.call('admin/audit/list', { page: 2, action: 'settings.update' }, reviewer.headers)).body.data;
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(2);
    expect(first.total).toBe(12);
    expect(first.items[0].after).toBe(11);
  });
});
