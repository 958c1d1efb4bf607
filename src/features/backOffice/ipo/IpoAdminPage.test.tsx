// Proves the back office's IPOs: an operator creates an issue checked with the contract's rules,
// dates typed in IST sent with their offset; a reviewer runs the draw of a closed issue and sees
// the result with the file links, but gets no edit controls.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/mswServer.ts';
import { drawOf, issueOf } from '../../ipo/testing/ipoFixtures.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import type { AdminIpoRow } from './ipoAdminText.ts';
import './IpoAdminPage.tsx';

const { my_applications: _mine, ...issue } = issueOf({ state: 'closed' });
const row: AdminIpoRow = { ...issue, payment_after_draw: false, applications: 12, lots_applied: '40', amount_held: '600000.00', created_at: issue.open_at, updated_at: issue.open_at };

function fill(dialog: HTMLElement, label: string, value: string) {
  const input = within(dialog).getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('back-office IPOs', () => {
  it('operator-creates-an-issue-with-dates-in-ist', async () => {
    const save = recorded('admin/ipo/save', () => ({ ...row, state: 'upcoming' }));
    server.use(recorded('admin/ipo/list', () => pageOf([])).handler, save.handler);
    renderBackOffice('/admin/ipo', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'New IPO…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New IPO' });
    fill(dialog, 'Issuer (company)', 'Tata Technologies Ltd');
    fill(dialog, 'Instrument code it will list under', 'TATATECH');
    fill(dialog, 'ISIN', 'INE142M0102');
    expect(within(dialog).getByText('Some details are not valid. Please check and try again.')).toBeTruthy();
    fill(dialog, 'ISIN', 'INE142M01025');
    fill(dialog, 'Sponsor broker (lead manager)', 'JM Financial');
    fill(dialog, "Price, or the band's upper end (₹)", '500');
    fill(dialog, "Band's lower end (₹, empty for a fixed price)", '475');
    fill(dialog, 'Lot (shares)', '30');
    fill(dialog, 'Issue size (shares)', '60850278');
    fill(dialog, 'Retail shares', '21297597');
    fill(dialog, 'Public value of the draw, announced now (e.g. NIFTY 50 close on a date)', 'NIFTY 50 close on 2026-11-27');
    fill(dialog, 'Opens (IST)', '2026-11-26T10:00');
    fill(dialog, 'Closes (IST)', '2026-11-27T17:00');
    fill(dialog, 'Draw (IST)', '2026-11-28T18:00');
    fill(dialog, 'Listing (IST)', '2026-12-01T09:15');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'New issue' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save IPO' }));
    expect(await screen.findByText('IPO saved')).toBeTruthy();
    expect(save.bodies[0]).toMatchObject({ code: 'TATATECH', price: '500', price_low: '475', lot: 30, retail_cap: null, open_at: '2026-11-26T10:00:00+05:30', reason: 'New issue' });
  });

  it('reviewer-runs-the-draw-of-a-closed-issue-and-sees-the-files', async () => {
    const draw = recorded('admin/ipo/draw', () => ({ issue: { ...row, state: 'allotted' }, draw: drawOf() }));
    server.use(recorded('admin/ipo/list', () => pageOf([row])).handler, draw.handler);
    renderBackOffice('/admin/ipo', 'reviewer');
    expect(await screen.findByText('Tata Technologies Ltd')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New IPO…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Run the draw…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Public value (NIFTY 50 close on 2026-11-24)'), { target: { value: '25891.40' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Closing day over' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run the draw' }));
    await waitFor(() => expect(draw.bodies).toEqual([{ ipo_id: '7', public_value: '25891.40', reason: 'Closing day over' }]));
    const result = await screen.findByTestId('draw-result');
    expect(result.textContent).toContain('3 of 12 applications won');
    expect(within(result).getAllByTestId('draw-file').map((link) => link.getAttribute('href'))).toEqual(['/api/public/ipo/7/draw.json', '/api/public/ipo/7/applications.csv', '/api/public/ipo/7/result.csv']);
  });
});
