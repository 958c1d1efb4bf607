// Proves the VIP tab: the level card shows the published thresholds and what the next level
// still needs; a non-VIP user sees the allocations greyed with "Reach VIP 1 to buy"; a VIP user
// buys whole lots from the sheet with the amount, VIP fees and total, one key per intent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VipAllocation, VipLevels } from '../../../../contract/vip.ts';
import { recording } from '../testing/marketFixtures.ts';
import { userInfoOf } from '../../funding/testing/fundingFixtures.ts';
import { answerOk, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { VipPage } from './VipPage.tsx';

const thresholds = [
  { level: 1, total_assets: '500000.00', turnover_90d: '2500000.00' },
  { level: 2, total_assets: '5000000.00', turnover_90d: '20000000.00' },
  { level: 3, total_assets: '20000000.00', turnover_90d: '100000000.00' },
];
const levelsOf = (changes: Partial<VipLevels> = {}): VipLevels => ({
  level: 1, reason: 'total_assets', total_assets: '987654.32', turnover_90d: '0.00', computed_at: '2026-11-25T05:00:00.000Z', grant: null, thresholds,
  next: { level: 2, total_assets_missing: '4012345.68', turnover_missing: '20000000.00' }, benefits: ['analytics', 'allocations', 'fee_schedule'],
  fees: { service_fee_bps: 1, stamp_duty_bps: 2, selling_fee_bps: 10 }, ...changes,
});
const allocation: VipAllocation = {
  id: '4', code: 'RELIANCE', name: 'Reliance Industries', price: '1200.00', lot: 100, quantity_total: 20_000, quantity_left: 15_000, min_level: 1, per_user_max: 300,
  opens_at: '2026-11-25T03:45:00.000Z', closes_at: '2026-12-02T10:00:00.000Z', state: 'open', my_quantity: 0,
};
const purchases = { items: [], total: 0, page: 1, page_size: 10 };

function serve(levels: VipLevels, allocations: VipAllocation[] = [allocation]) {
  server.use(answerOk('vip/levels', levels), answerOk('vip/allocations', allocations), answerOk('vip/purchases', purchases), answerOk('user/info', userInfoOf()));
}

describe('VIP level and allocations', () => {
  it('shows-the-level-the-thresholds-and-what-the-next-level-needs', async () => {
    serve(levelsOf());
    renderPage(VipPage, '/market/vip?tab=allocations');
    const card = await screen.findByTestId('vip-level');
    expect(card.dataset.level).toBe('1');
    expect(within(card).getByText('Reached by your total assets')).toBeTruthy();
    expect(within(card).getByText('₹10,00,00,000.00')).toBeTruthy();
    expect(screen.getByTestId('vip-next').textContent).toContain('₹40,12,345.68 more in total assets');
  });

  it('a-non-vip-user-sees-allocations-greyed-with-reach-vip-1-to-buy', async () => {
    serve(levelsOf({ level: 0, reason: 'none', benefits: [], next: { level: 1, total_assets_missing: '12345.68', turnover_missing: '2500000.00' } }));
    renderPage(VipPage, '/market/vip?tab=allocations');
    expect((await screen.findByTestId('vip-locked')).textContent).toBe('Reach VIP 1 to buy');
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });

  it('buys-whole-lots-with-amount-vip-fees-and-total-once', async () => {
    const buy = recording('vip/buy', (body) => ({
      id: '9', allocation_id: '4', code: 'RELIANCE', name: 'Reliance Industries', price: '1200.00', quantity: body.quantity, amount: '360000.00', order_no: '77', created_at: '2026-11-25T05:00:00.000Z',
    }));
    serve(levelsOf());
    server.use(buy.handler);
    renderPage(VipPage, '/market/vip?tab=allocations');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy' }));
    const sheet = await screen.findByRole('dialog');
    const more = within(sheet).getByRole('button', { name: 'One lot more' });
    fireEvent.click(more);
    fireEvent.click(more);
    // 300 shares is the most one user may buy: three lots.
    expect(more).toHaveProperty('disabled', true);
    expect(within(sheet).getByTestId('vip-lots').textContent).toBe('3 lots · 300 shares');
    expect(within(sheet).getByTestId('vip-amount').textContent).toBe('₹3,60,000.00');
    // 1 bp service fee and 2 bp stamp duty on ₹3,60,000: ₹36 + ₹72.
    expect(within(sheet).getByTestId('vip-fees').textContent).toBe('₹108.00');
    expect(within(sheet).getByTestId('vip-total').textContent).toBe('₹3,60,108.00');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(buy.bodies).toHaveLength(1));
    expect(buy.bodies[0]).toMatchObject({ allocation_id: '4', quantity: 300 });
    expect(buy.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect((await screen.findByTestId('vip-bought')).textContent).toContain('order 77');
  });
});
