// Proves the audit log: entries show who, what (translated action name), about whom, why and
// a readable before/after diff; filtering by action and by a user's mobile number asks the
// server for exactly that; an unknown number is reported; every role may read the log.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import { auditChanges } from './AuditDiff.tsx';
import './AuditPage.tsx';

const entry = {
  id: '9',
  action: 'settings.update' as const,
  staff_role: 'admin' as const,
  staff_name: 'Asha Admin',
  staff_login: 'admin',
  subject_kind: 'setting',
  subject_id: 'withdrawal.window',
  target_user_id: null,
  target_account: null,
  reason: 'Saturday desk',
  before: { days: [1, 2, 3, 4, 5], from: '09:30', to: '15:30' },
  after: { days: [1, 2, 3, 4, 5, 6], from: '09:30', to: '17:00' },
  created_at: '2026-11-22T04:00:00.000Z',
};
const user = { user_id: '501', account: '9000000001', institution: 'Demo', invitation_code: 'DEMO100', vip: false, state: 'active' as const, restrictions: { frozen: false, login_banned: false, trade_barred: false, withdraw_barred: false }, created_at: '2026-11-01T04:00:00.000Z' };

describe('audit log', () => {
  it('shows-who-what-why-and-a-readable-diff', async () => {
    server.use(recorded('admin/audit/list', () => pageOf([entry])).handler);
    renderBackOffice('/admin/audit', 'reviewer');
    const row = (await screen.findAllByTestId('row'))[0]!;
    expect(within(row).getByTestId('audit-action').textContent).toBe('Setting changed');
    expect(row.textContent).toContain('Asha Admin');
    expect(row.textContent).toContain('Administrator');
    expect(row.textContent).toContain('Saturday desk');
    expect(within(row).getByTestId('audit-diff').textContent).toBe('Days (IST): 1, 2, 3, 4, 5 → 1, 2, 3, 4, 5, 6To (IST): 15:30 → 17:00');
  });

  it('filters-by-action-and-by-a-users-mobile-number', async () => {
    const audit = recorded('admin/audit/list', () => pageOf([entry]));
    const users = recorded('admin/users/list', (body) => pageOf(body.query === '9000000001' ? [user] : []));
    server.use(audit.handler, users.handler);
    renderBackOffice('/admin/audit', 'operator');
    await screen.findAllByTestId('row');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'user.set_restriction' } });
    await waitFor(() => expect(audit.bodies.at(-1)).toEqual({ page: 1, action: 'user.set_restriction' }));
    fireEvent.change(screen.getByLabelText("User's mobile number"), { target: { value: '9000000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(audit.bodies.at(-1)).toEqual({ page: 1, action: 'user.set_restriction', user_id: '501' }));
    fireEvent.change(screen.getByLabelText("User's mobile number"), { target: { value: '9999999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No user has this mobile number.');
  });

  it('diff-of-a-creation-lists-the-new-fields-and-of-plain-values-one-change', () => {
    const show = (value: unknown) => String(value);
    expect(auditChanges(null, { code: 'DEMO100', active: true }, show)).toEqual([
      { path: 'code', after: 'DEMO100' },
      { path: 'active', after: 'true' },
    ]);
    expect(auditChanges('5000.00', '2500.50', show)).toEqual([{ path: '', before: '5000.00', after: '2500.50' }]);
    expect(auditChanges({ a: 1 }, { a: 1 }, show)).toEqual([]);
  });
});
