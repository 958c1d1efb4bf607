// Proves staff can find users by mobile number and read one user's restrictions, balances
// and ledger statement without being able to change money, and that operators issue and
// switch invitation codes with an audit entry each, refusals writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLedgerAccount, transfer } from '../ledger/ledger.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';
import { issueInvitationCode } from './invitations.ts';

let database: TestDatabase;
let server: TestServer;
let operator: TestStaff;
let reviewer: TestStaff;
let funded: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Mumbai Advisors', kind: 'advisor', code: 'MUM1' });
  operator = await createAndLogInStaff(database.db, server, 'oscar', 'operator');
  reviewer = await createAndLogInStaff(database.db, server, 'reena', 'reviewer');
  funded = await registerAndLogIn(database.db, server, '9877700001', 'MUM1');
  await registerAndLogIn(database.db, server, '9877700002', 'MUM1');
  await registerAndLogIn(database.db, server, '9888800003', 'MUM1');
  await database.db.transaction(async (tx) => {
    const source = await openLedgerAccount(tx, { code: 'test:funding', kind: 'demo_funding', currency: 'INR', allowNegative: true });
    const { availableAccountId } = await userLedgerAccounts(tx, funded.userId);
    await transfer(tx, {
      idempotencyKey: 'test-funding:9877700001',
      kind: 'test',
      reasonKind: 'correction',
      reasonParams: { amount: rupeesParam(1_234_56n), note: 'Test money' },
      userId: funded.userId,
      postings: [{ accountId: source, currency: 'INR', amount: -1_234_56n }, { accountId: availableAccountId, currency: 'INR', amount: 1_234_56n }],
    });
  });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe('finding users', () => {
  it('lists-users-newest-first-and-searches-by-the-start-of-the-mobile-number', async () => {
    const all = (await server.call('admin/users/list', {}, reviewer.headers)).body.data;
    expect(all.total).toBe(3);
    expect(all.items.map((row: { account: string }) => row.account)).toEqual(['9888800003', '9877700002', '9877700001']);
    const found = (await server.call('admin/users/list', { query: '98777' }, reviewer.headers)).body.data;
    expect(found.items.map((row: { account: string }) => row.account)).toEqual(['9877700002', '9877700001']);
    expect(found.items[0]).toMatchObject({ institution: 'Mumbai Advisors', invitation_code: 'MUM1', state: 'active' });
    expect((await server.call('admin/users/list', { query: '98%' }, reviewer.headers)).body.msg).toBe('invalid_field:query');
  });

  it('shows-one-users-balances-and-statement-read-only', async () => {
    const detail = (await server.call('admin/users/detail', { user_id: funded.userId.toString() }, reviewer.headers)).body.data;
    expect(detail.user).toMatchObject({ account: '9877700001', restrictions: { frozen: false } });
    expect(detail.balances).toEqual({ cash: '1234.56', available: '1234.56', frozen: '0.00', total_assets: '1234.56', invested: '0.00', market_value: '0.00', unrealised_pnl: '0.00', day_pnl: '0.00', realised_pnl_today: '0.00' });
    expect(detail.statement).toHaveLength(1);
    expect(detail.statement[0]).toMatchObject({
      kind: 'test', reason_kind: 'correction', reason_params: { amount: { amount: '123456', currency: 'INR' }, note: 'Test money' }, cash_change: '1234.56',
    });
    expect((await server.call('admin/users/detail', { user_id: '424242' }, reviewer.headers)).body.msg).toBe('user_not_found');
  });
});

describe('invitation codes', () => {
  const auditCount = async () => (await database.db.query("SELECT id FROM audit_log WHERE action LIKE 'invitation.%'")).length;

  it('an-operator-issues-a-code-that-users-can-register-with-and-the-audit-log-has-it', async () => {
    const before = await auditCount();
    const issued = await server.call('admin/invitations/issue', { institution_name: 'Pune Wealth', kind: 'institution', code: 'pune-2026' }, operator.headers);
    expect(issued.body.data).toMatchObject({ code: 'PUNE-2026', institution_name: 'Pune Wealth', kind: 'institution', active: true, users: 0 });
    await registerAndLogIn(database.db, server, '9899900001', 'pune-2026');
    const list = (await server.call('admin/invitations/list', {}, operator.headers)).body.data;
    expect(list.items.find((row: { code: string }) => row.code === 'PUNE-2026')).toMatchObject({ users: 1 });
    expect(await auditCount()).toBe(before + 1);
  });

  it.each([
    [{ institution_name: '', kind: 'advisor', code: 'NEW1' }, 'institution_name_required'],
    [{ institution_name: 'X', kind: 'bank', code: 'NEW1' }, 'invalid_field:kind'],
    [{ institution_name: 'X', kind: 'advisor', code: '' }, 'invite_code_required'],
    [{ institution_name: 'X', kind: 'advisor', code: 'a b' }, 'invite_code_invalid'],
    [{ institution_name: 'X', kind: 'advisor', code: 'mum1' }, 'invite_code_already_exists'],
  ])('refuses %j and writes nothing', async (form, message) => {
    const institutions = await database.db.query('SELECT count(*) FROM institutions');
    const before = await auditCount();
    expect((await server.call('admin/invitations/issue', form, operator.headers)).body).toEqual({ status: 0, msg: message, data: null });
    expect(await database.db.query('SELECT count(*) FROM institutions')).toEqual(institutions);
    expect(await auditCount()).toBe(before);
  });

  it('a-deactivated-code-admits-no-new-registrations', async () => {
    await server.call('admin/invitations/issue', { institution_name: 'Closing Desk', kind: 'advisor', code: 'CLOSE1' }, operator.headers);
    const off = await server.call('admin/invitations/setActive', { code: 'close1', active: false, reason: 'Advisor left' }, operator.headers);
    expect(off.body.data).toMatchObject({ code: 'CLOSE1', active: false });
    const form = { account: '9899900002', password: 'correct-horse', password2: 'correct-horse', invite_code: 'CLOSE1', agree: true };
    expect((await server.call('user/register', form)).body.msg).toBe('inviter_does_not_exist');
    const [entry] = await database.db.query<{ reason: string; before: { active: boolean }; after: { active: boolean } }>(
      "SELECT reason, before, after FROM audit_log WHERE action = 'invitation.set_active'",
    );
    expect(entry).toMatchObject({ reason: 'Advisor left', before: { active: true }, after: { active: false } });
    expect((await server.call('admin/invitations/setActive', { code: 'NOPE', active: false, reason: 'x' }, operator.headers)).body.msg).toBe('invitation_not_found');
  });

  it('reviewers-do-not-manage-invitation-codes', async () => {
    expect((await server.call('admin/invitations/list', {}, reviewer.headers)).httpStatus).toBe(403);
  });
});
