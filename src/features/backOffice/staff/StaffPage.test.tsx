// Proves staff management: an admin creates an account (login, name, role, password) with a
// reason, deactivates another with a reason but is not offered to deactivate themselves, a
// refusal is shown translated, and a reviewer never sees the section.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerRefusal, server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './StaffPage.tsx';

const member = (login: string, name: string, role: 'admin' | 'reviewer' | 'operator', staffId: string) => ({ staff_id: staffId, login, name, role, active: true, created_at: '2026-11-01T04:00:00.000Z' });
const members = [member('admin', 'Asha Admin', 'admin', '1'), member('reviewer', 'Riya Reviewer', 'reviewer', '2')];

function fillCreate(dialog: HTMLElement, password: string) {
  fireEvent.change(within(dialog).getByLabelText('Login name'), { target: { value: 'Kiran.k' } });
  fireEvent.change(within(dialog).getByLabelText('Display name'), { target: { value: 'Kiran Kumar' } });
  fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'operator' } });
  fireEvent.change(within(dialog).getByLabelText('Initial password'), { target: { value: password } });
  fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Joins the operations desk' } });
}

describe('staff accounts', () => {
  it('admin-creates-an-account-with-a-reason', async () => {
    const create = recorded('admin/staff/create', () => member('kiran.k', 'Kiran Kumar', 'operator', '5'));
    server.use(recorded('admin/staff/list', () => pageOf(members)).handler, create.handler);
    renderBackOffice('/admin/staff', 'admin');
    fireEvent.click(await screen.findByRole('button', { name: 'New staff account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New staff account' });
    fillCreate(dialog, 'short');
    expect(within(dialog).getByText('At least 12 characters.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Initial password'), { target: { value: 'a-long-enough-pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Staff account kiran.k created')).toBeTruthy();
    expect(create.bodies).toEqual([{ login: 'kiran.k', name: 'Kiran Kumar', role: 'operator', password: 'a-long-enough-pass', reason: 'Joins the operations desk' }]);
  });

  it('admin-deactivates-another-member-but-not-themselves', async () => {
    const setActive = recorded('admin/staff/setActive', () => ({ ...members[1]!, active: false }));
    server.use(recorded('admin/staff/list', () => pageOf(members)).handler, setActive.handler);
    renderBackOffice('/admin/staff', 'admin');
    const rows = await screen.findAllByTestId('row');
    expect(rows[0]!.textContent).toContain('This is you');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Deactivate…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Riya Reviewer (reviewer)?' });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Left the firm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(setActive.bodies).toEqual([{ staff_id: '2', active: false, reason: 'Left the firm' }]));
  });

  it('duplicate-login-refusal-is-shown-translated', async () => {
    server.use(recorded('admin/staff/list', () => pageOf(members)).handler, answerRefusal('admin/staff/create', 'staff_login_already_exists'));
    renderBackOffice('/admin/staff', 'admin');
    fireEvent.click(await screen.findByRole('button', { name: 'New staff account…' }));
    const dialog = await screen.findByRole('dialog');
    fillCreate(dialog, 'a-long-enough-pass');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A staff account with this login name already exists.');
  });

  it('reviewer-does-not-see-staff', async () => {
    renderBackOffice('/admin/staff', 'reviewer');
    expect(await screen.findByText('Your role cannot open this section')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Staff' })).toBeNull();
  });
});
