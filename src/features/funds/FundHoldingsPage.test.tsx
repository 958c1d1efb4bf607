// Proves the copy-trading records: each subscription with its state, amount, units bought and
// held, units being redeemed, NAV in and out, value, realised P&L, fees and its redemptions, a
// pending one saying it waits for the next NAV; pages are asked for one at a time.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recording } from '../market/testing/marketFixtures.ts';
import { server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { FundHoldingsPage } from './FundHoldingsPage.tsx';
import { holdingOf, redemptionOf } from './testing/fundFixtures.ts';

describe('FundHoldingsPage', () => {
  it('lists-each-subscription-with-units-navs-pnl-fees-and-redemptions', async () => {
    const pending = holdingOf({ id: '42', state: 'pending', units_bought: '0.0000', units: '0.0000', nav_in: null, nav_out: null, current_value: '0.00', realised_pnl: '0.00', fees: '0.00', converted_at: null, redemptions: [] });
    const holding = holdingOf({ units_redeeming: '50.0000', redemptions: [redemptionOf(), redemptionOf({ id: '72', state: 'pending', units: '50.0000', nav: null, amount: null, paid_at: null })] });
    const holdings = recording('fund/holdings', () => ({ items: [pending, holding], total: 2, page: 1, page_size: 10 }));
    server.use(holdings.handler);
    renderPage(FundHoldingsPage, '/home/fllowRecord');
    const rows = await screen.findAllByTestId('fund-holding');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['pending', 'holding']);
    expect(holdings.bodies).toEqual([{ page: 1 }]);

    const waiting = within(rows[0]!);
    expect(waiting.getByTestId('holding-state').textContent).toBe('Waiting for NAV');
    expect(waiting.getByTestId('holding-amount').textContent).toBe('₹5,000.00');
    expect(waiting.getByTestId('holding-nav-in').textContent).toBe('—');
    expect(waiting.getByText("The money is held until the fund's next NAV, then converted to units at that NAV.")).toBeTruthy();

    const held = within(rows[1]!);
    expect(held.getByTestId('holding-state').textContent).toBe('Holding');
    expect(held.getByTestId('holding-units-bought').textContent).toBe('500.0000');
    expect(held.getByTestId('holding-units').textContent).toBe('400.0000');
    expect(held.getByTestId('holding-units-redeeming').textContent).toBe('50.0000');
    expect(held.getByTestId('holding-nav-in').textContent).toBe('₹10.0000');
    expect(held.getByTestId('holding-nav-out').textContent).toBe('₹10.2500');
    expect(held.getByTestId('holding-value').textContent).toBe('₹4,000.00');
    expect(held.getByTestId('holding-pnl').textContent).toBe('+₹25.00');
    expect(held.getByTestId('holding-fees').textContent).toBe('₹0.42');
    expect(held.getByRole('link', { name: 'Momentum 50' }).getAttribute('href')).toMatch(/\/home\/fllowDetail\?fund_id=(%22)?2(%22)?$/);
    const redemptions = held.getAllByTestId('fund-redemption');
    expect(redemptions.map((row) => row.getAttribute('data-state'))).toEqual(['paid', 'pending']);
    expect(redemptions[0]!.textContent).toContain('100.0000 units');
    expect(redemptions[0]!.textContent).toContain('at NAV ₹10.2500: ₹1,025.00');
    expect(redemptions[1]!.textContent).toContain('paid at the next NAV');
  });

  it('says-what-appears-here-before-the-first-subscription', async () => {
    server.use(recording('fund/holdings', () => ({ items: [], total: 0, page: 1, page_size: 10 })).handler);
    renderPage(FundHoldingsPage, '/home/fllowRecord');
    expect(await screen.findByText('No copy-trading records yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the strategy funds' }).getAttribute('href')).toContain('/home/fllow');
  });
});
