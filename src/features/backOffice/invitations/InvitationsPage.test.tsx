// Proves invitation codes: an operator issues a code for an advisor with a reason, deactivates
// one with a reason, a refusal is shown translated, and a reviewer never sees the section.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerRefusal, server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './InvitationsPage.tsx';

const code = { code: 'DEMO100', institution_name: 'Demo Institution', kind: 'institution' as const, active: true, users: 12, created_at: '2026-11-01T04:00:00.000Z' };

describe('invitation codes', () => {
  it('operator-issues-a-code-for-an-advisor-with-a-reason', async () => {
    const issue = recorded('admin/invitations/issue', (body) => ({ ...code, code: String(body.code), kind: 'advisor', users: 0 }));
    server.use(recorded('admin/invitations/list', () => pageOf([code])).handler, issue.handler);
    renderBackOffice('/admin/invitations', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Issue a code…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue an invitation code' });
    fireEvent.change(within(dialog).getByLabelText('Institution or advisor name'), { target: { value: 'Mehta Wealth' } });
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'advisor' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'mehta-01' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'New advisor onboarded' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue code' }));
    expect(await screen.findByText('Code MEHTA-01 issued')).toBeTruthy();
    expect(issue.bodies).toEqual([{ institution_name: 'Mehta Wealth', kind: 'advisor', code: 'MEHTA-01', reason: 'New advisor onboarded' }]);
  });

  it('deactivating-a-code-asks-for-a-reason', async () => {
    const setActive = recorded('admin/invitations/setActive', () => ({ ...code, active: false }));
    server.use(recorded('admin/invitations/list', () => pageOf([code])).handler, setActive.handler);
    renderBackOffice('/admin/invitations', 'admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate code DEMO100?' });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Institution left' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(setActive.bodies).toEqual([{ code: 'DEMO100', active: false, reason: 'Institution left' }]));
  });

  it('duplicate-code-refusal-is-shown-translated', async () => {
    server.use(recorded('admin/invitations/list', () => pageOf([code])).handler, answerRefusal('admin/invitations/issue', 'invite_code_already_exists'));
    renderBackOffice('/admin/invitations', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Issue a code…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Institution or advisor name'), { target: { value: 'Demo' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'DEMO100' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'again' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue code' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This invitation code already exists.');
  });

  it('reviewer-does-not-see-invitation-codes', async () => {
    renderBackOffice('/admin/invitations', 'reviewer');
    expect(await screen.findByText('Your role cannot open this section')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Invitation codes' })).toBeNull();
  });
});
