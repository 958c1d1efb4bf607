// Proves the users screens: search by mobile number, a user page with profile, read-only
// balances and ledger statement paged, restriction switches that ask for a reason (operator),
// a refusal shown translated, read-only switches for a reviewer, and the user's audit entries.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerRefusal, server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './UserDetailPage.tsx';
import './UsersPage.tsx';

const restrictions = { frozen: false, login_banned: false, trade_barred: false, withdraw_barred: false };
const user = {
  user_id: '501',
  account: '9000000001',
  institution: 'Demo Institution',
  invitation_code: 'DEMO100',
  vip: false,
  state: 'active' as const,
  restrictions,
  created_at: '2026-11-01T04:00:00.000Z',
};
const balances = { cash: '1000000.00', available: '990000.00', frozen: '10000.00', total_assets: '1000000.00', invested: '0.00', market_value: '0.00', unrealised_pnl: '0.00', day_pnl: '0.00', realised_pnl_today: '0.00' };
const line = (id: number) => ({
  transfer_id: String(id), currency: 'INR' as const, kind: 'order_cancel', cash_change: '0.00', available_change: '10.00', frozen_change: '-10.00', created_at: '2026-11-23T04:00:00.000Z',
  reason_kind: 'order_cancelled', reason_params: { order_no: String(id), amount: { amount: '1000', currency: 'INR' } },
});
const auditEntry = {
  id: '1',
  action: 'user.set_restriction' as const,
  staff_role: 'operator' as const,
  staff_name: 'Omar Operator',
  staff_login: 'operator',
  subject_kind: 'user',
  subject_id: '501',
  target_user_id: '501',
  target_account: '9000000001',
  reason: 'Suspicious logins',
  before: restrictions,
  after: { ...restrictions, login_banned: true },
  created_at: '2026-11-22T04:00:00.000Z',
};

function detailServer() {
  const detail = recorded('admin/users/detail', (body) => ({
    user,
    balances,
    statement: body.statement_page === 1 ? Array.from({ length: 10 }, (_, index) => line(index + 1)) : [line(11)],
  }));
  const audit = recorded('admin/audit/list', () => pageOf([auditEntry]));
  server.use(detail.handler, audit.handler);
  return { detail, audit };
}

describe('users', () => {
  it('search-by-mobile-number-lists-users-and-a-row-opens-the-user', async () => {
    const list = recorded('admin/users/list', () => pageOf([user]));
    server.use(list.handler);
    detailServer();
    const { router } = renderBackOffice('/admin/users', 'reviewer');
    fireEvent.change(await screen.findByLabelText('Mobile number starts with'), { target: { value: '90000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(list.bodies.at(-1)).toEqual({ page: 1, query: '90000' }));
    fireEvent.click(await screen.findByText('DEMO100'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/501'));
    expect((await screen.findByTestId('user-account')).textContent).toBe('9000000001');
  });

  it('user-page-shows-read-only-balances-statement-pages-and-audit-entries', async () => {
    const { detail, audit } = detailServer();
    renderBackOffice('/admin/users/501', 'reviewer');
    const balancesList = await screen.findByTestId('balances');
    expect(balancesList.textContent).toContain('₹9,90,000.00');
    expect(within(screen.getByRole('table', { name: 'Ledger statement' })).getAllByTestId('row')).toHaveLength(10);
    fireEvent.click(within(screen.getByRole('region', { name: 'Ledger statement' })).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Order 11 cancelled: ₹10.00 held money returned')).toBeTruthy());
    expect(detail.bodies.map((body) => body.statement_page)).toEqual([1, 2]);
    expect(audit.bodies[0]).toEqual({ page: 1, user_id: '501' });
    const diff = await screen.findByTestId('audit-diff');
    expect(diff.textContent).toBe('Sign-in banned: off → on');
    // A reviewer sees the switches but cannot move them; no control edits money.
    const switches = screen.getAllByRole('switch') as HTMLInputElement[];
    expect(switches).toHaveLength(4);
    expect(switches.every((control) => control.disabled)).toBe(true);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('operator-switches-a-restriction-on-with-a-reason', async () => {
    detailServer();
    const change = recorded('admin/users/setRestriction', () => ({ state: 'trade_barred', restrictions: { ...restrictions, trade_barred: true } }));
    server.use(change.handler);
    renderBackOffice('/admin/users/501', 'operator');
    const tradeSwitch = (await screen.findByRole('switch', { name: /Trading barred/ })) as HTMLInputElement;
    fireEvent.click(tradeSwitch);
    const dialog = await screen.findByRole('dialog', { name: 'Switch on "Trading barred" for 9000000001?' });
    expect(tradeSwitch.checked).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Margin abuse under review' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch on' }));
    expect(await screen.findByText('Trading barred: switched on')).toBeTruthy();
    expect(change.bodies).toEqual([{ user_id: '501', restriction: 'trade_barred', on: true, reason: 'Margin abuse under review' }]);
    await waitFor(() => expect(((screen.getByRole('switch', { name: /Trading barred/ })) as HTMLInputElement).checked).toBe(true));
  });

  it('restriction-refusal-is-shown-translated', async () => {
    detailServer();
    server.use(answerRefusal('admin/users/setRestriction', 'already_in_that_state'));
    renderBackOffice('/admin/users/501', 'admin');
    fireEvent.click(await screen.findByRole('switch', { name: /Frozen/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch on' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Nothing changed: it is already set that way.');
  });

  it('empty-search-result-says-so', async () => {
    server.use(recorded('admin/users/list', () => pageOf([])).handler);
    renderBackOffice('/admin/users', 'operator');
    expect(await screen.findByText('No users found')).toBeTruthy();
  });
});
