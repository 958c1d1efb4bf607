// Proves the back office's strategy funds: an operator creates a fund checked with the contract's
// rules (strategy picked with its published parameters shown, times typed in IST sent with their
// offset, the fee in bps), withdraws one no one holds and ends one early with a reason; a
// reviewer lists the funds without any of those controls.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/mswServer.ts';
import { adminFundOf } from '../../funds/testing/fundFixtures.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './FundsAdminPage.tsx';

function fill(dialog: HTMLElement, label: string, value: string) {
  const input = within(dialog).getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const upcoming = adminFundOf();
const running = adminFundOf({ id: '5', name: 'Equal Ten', strategy: { key: 'top10_equal_weight', parameters: {} }, phase: 'running', holders: 14 });

describe('back-office strategy funds', () => {
  it('operator-creates-a-fund-with-its-strategy-terms-and-dates-in-ist', async () => {
    const save = recorded('admin/fund/save', () => upcoming);
    server.use(recorded('admin/fund/list', () => pageOf([])).handler, save.handler);
    renderBackOffice('/admin/funds', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'New strategy fund…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New strategy fund' });
    fireEvent.change(within(dialog).getByLabelText('Strategy'), { target: { value: 'large_cap_mean_reversion' } });
    const parameters = within(dialog).getByTestId('fund-editor-parameters');
    expect(parameters.textContent).toContain('Buy when below the average by (bps)');
    expect(parameters.textContent).toContain('300');
    fill(dialog, 'Fund name', 'Reversion Large Caps');
    fill(dialog, 'Fund size cap (₹)', '10000000');
    fill(dialog, 'Minimum investment (₹)', '1000');
    fill(dialog, 'Management fee (bps a year, 0–500)', '900');
    expect(within(dialog).getByText('Some details are not valid. Please check and try again.')).toBeTruthy();
    fill(dialog, 'Management fee (bps a year, 0–500)', '150');
    fill(dialog, 'Subscriptions open (IST)', '2026-12-01T09:15');
    fill(dialog, 'Subscriptions close (IST)', '2026-12-15T15:30');
    fill(dialog, 'Fund ends and pays out (IST)', '2027-06-30T15:30');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Second strategy for the demo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save fund' }));
    expect(await screen.findByText('Fund saved')).toBeTruthy();
    expect(save.bodies[0]).toEqual({
      name: 'Reversion Large Caps', strategy: 'large_cap_mean_reversion', size_cap: '10000000', minimum_investment: '1000', management_fee_bps: 150,
      subscribe_from: '2026-12-01T09:15:00+05:30', subscribe_until: '2026-12-15T15:30:00+05:30', ends_at: '2027-06-30T15:30:00+05:30', reason: 'Second strategy for the demo',
    });
  });

  it('operator-withdraws-a-fund-no-one-holds-and-ends-a-running-one-early', async () => {
    const withdraw = recorded('admin/fund/withdraw', () => ({ ...upcoming, phase: 'withdrawn', withdrawn_reason: 'Strategy under review' }));
    const end = recorded('admin/fund/end', () => ({ ...running, phase: 'ending' }));
    server.use(recorded('admin/fund/list', () => pageOf([upcoming, running])).handler, withdraw.handler, end.handler);
    renderBackOffice('/admin/funds', 'operator');
    const rows = await screen.findAllByTestId('fund-admin-row');
    expect(rows.map((row) => row.getAttribute('data-fund-id'))).toEqual(['2', '5']);
    const tableRows = screen.getAllByTestId('row');
    // Withdraw only where no one holds units; end early only where the fund holds money.
    expect(within(tableRows[0]!).queryByRole('button', { name: 'End early…' })).toBeNull();
    expect(within(tableRows[1]!).queryByRole('button', { name: 'Withdraw…' })).toBeNull();
    expect(tableRows[1]!.textContent).toContain('14 holders');

    fireEvent.click(within(tableRows[0]!).getByRole('button', { name: 'Withdraw…' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Strategy under review' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw fund' }));
    await waitFor(() => expect(withdraw.bodies).toEqual([{ fund_id: '2', reason: 'Strategy under review' }]));

    fireEvent.click(within(screen.getAllByTestId('row')[1]!).getByRole('button', { name: 'End early…' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Client request' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End fund now' }));
    await waitFor(() => expect(end.bodies).toEqual([{ fund_id: '5', reason: 'Client request' }]));
  });

  it('a-reviewer-lists-the-funds-without-any-controls', async () => {
    server.use(recorded('admin/fund/list', () => pageOf([upcoming, running])).handler);
    renderBackOffice('/admin/funds', 'reviewer');
    expect((await screen.findAllByTestId('fund-admin-row'))[0]!.textContent).toContain('Momentum 50');
    expect(screen.getAllByTestId('row')[0]!.textContent).toContain('₹10.0000');
    expect(screen.queryByRole('button', { name: 'New strategy fund…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End early…' })).toBeNull();
  });
});
