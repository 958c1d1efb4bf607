// Proves the back office's placements: an operator announces a rights issue checked with the
// contract's rules, times typed in IST sent with their offset; a reviewer allots a closed offer
// with a reason and gets no edit controls.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPlacementRow } from '../../../../contract/placement.ts';
import { server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './PlacementsAdminPage.tsx';

const row: AdminPlacementRow = {
  id: '3', kind: 'rights', code: 'TCS', name: 'Tata Consultancy Services', currency: 'INR', price: '3000.00', market_price: '3500.00', ratio_new: 1, ratio_held: 5,
  lot: 1, minimum_quantity: 10, record_date: '2026-11-24', open_at: '2026-11-25T03:45:00.000Z', close_at: '2026-11-28T10:00:00.000Z', state: 'closed',
  withdrawn_reason: null, demo: false, shares_offered: 160, applications: 3, quantity_applied_entitled: 140, quantity_applied_additional: 150, amount_held: '870000.00',
  created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z',
};

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('back-office placements', () => {
  it('operator-announces-a-rights-issue-with-times-in-ist', async () => {
    const save = recorded('admin/placement/save', () => ({ ...row, state: 'upcoming' }));
    server.use(recorded('admin/placement/list', () => pageOf([])).handler, save.handler);
    renderBackOffice('/admin/placements', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'New placement or rights issue…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New placement or rights issue' });
    fill(dialog, 'Instrument code', 'TCS');
    fill(dialog, 'Price per share (₹)', '3000');
    fill(dialog, 'Minimum per application (shares)', '10');
    fill(dialog, 'Record date (holdings at its end, IST)', '2026-11-24');
    fill(dialog, 'Opens (IST)', '2026-11-25T09:15');
    fill(dialog, 'Closes (IST)', '2026-11-28T15:30');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Board approved the issue' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(save.bodies).toHaveLength(1));
    expect(save.bodies[0]).toMatchObject({
      kind: 'rights', code: 'TCS', price: '3000', ratio_new: 1, ratio_held: 5, minimum_quantity: 10, record_date: '2026-11-24',
      open_at: '2026-11-25T09:15:00+05:30', close_at: '2026-11-28T15:30:00+05:30', reason: 'Board approved the issue',
    });
  });

  it('reviewer-allots-a-closed-offer-with-a-reason', async () => {
    const allot = recorded('admin/placement/allot', () => ({ ...row, state: 'allotted' }));
    server.use(recorded('admin/placement/list', () => pageOf([row])).handler, allot.handler);
    renderBackOffice('/admin/placements', 'reviewer');
    expect(await screen.findByTestId('placement-row')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New placement or rights issue…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Allot…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Window closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Allot' }));
    await waitFor(() => expect(allot.bodies).toHaveLength(1));
    expect(allot.bodies[0]).toEqual({ placement_id: '3', reason: 'Window closed' });
  });
});
