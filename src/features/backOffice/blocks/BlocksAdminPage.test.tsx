// Proves the back office's block desk: an operator creates a block checked with the contract's
// rules, times typed in IST sent with their offset; an open block is ended early with a reason;
// a reviewer reads the list without edit controls.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminBlockRow } from '../../../../contract/block.ts';
import { server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './BlocksAdminPage.tsx';

const row: AdminBlockRow = {
  id: '3', code: 'TCS', name: 'Tata Consultancy Services', price: '3430.00', reference_price: '3500.00', difference_bps: -200, quantity: 20_000, remaining: 15_000,
  lot: 100, minimum_shares: 100, minimum_amount: '2000000.00', open_at: '2026-11-24T03:45:00.000Z', close_at: '2099-11-24T10:00:00.000Z', lock_trading_days: 1,
  state: 'open', closed_reason: null, fees: { service_fee_bps: 2, stamp_duty_bps: 2, selling_fee_bps: 10 }, purchases: 5, sold: 5_000,
  created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z',
};

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('back-office blocks', () => {
  it('operator-creates-a-block-with-times-in-ist', async () => {
    const save = recorded('admin/block/save', () => ({ ...row, state: 'upcoming' }));
    server.use(recorded('admin/block/list', () => pageOf([])).handler, save.handler);
    renderBackOffice('/admin/blocks', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'New block…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New block' });
    fill(dialog, 'Instrument code', 'TCS');
    fill(dialog, 'Block price per share (₹)', '3430');
    fill(dialog, 'Quantity (shares, whole lots)', '20000');
    fill(dialog, 'Opens (IST)', '2026-11-25T09:15');
    fill(dialog, 'Closes (IST)', '2026-11-25T15:30');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Promoter sale' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save block' }));
    await waitFor(() => expect(save.bodies).toHaveLength(1));
    expect(save.bodies[0]).toMatchObject({
      code: 'TCS', price: '3430', quantity: 20000, open_at: '2026-11-25T09:15:00+05:30', close_at: '2026-11-25T15:30:00+05:30', reason: 'Promoter sale',
    });
  });

  it('operator-ends-an-open-block-early-with-a-reason', async () => {
    const close = recorded('admin/block/close', () => ({ ...row, state: 'closed', closed_reason: 'Seller withdrew' }));
    server.use(recorded('admin/block/list', () => pageOf([row])).handler, close.handler);
    renderBackOffice('/admin/blocks', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'End early…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Seller withdrew' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End block' }));
    await waitFor(() => expect(close.bodies).toHaveLength(1));
    expect(close.bodies[0]).toEqual({ block_id: '3', reason: 'Seller withdrew' });
  });

  it('reviewer-reads-the-list-without-edit-controls', async () => {
    server.use(recorded('admin/block/list', () => pageOf([row])).handler);
    renderBackOffice('/admin/blocks', 'reviewer');
    expect((await screen.findByTestId('block-row')).textContent).toContain('TCS');
    expect(screen.queryByRole('button', { name: 'New block…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End early…' })).toBeNull();
  });
});
