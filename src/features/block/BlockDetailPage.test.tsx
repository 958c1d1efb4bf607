// Proves the block buy form: it starts at the smallest purchase both minimums allow, shows
// amount, block fees and total as the stepper moves in lots, says when the shares can be sold,
// sends one key per intent once, and translates a refusal; and the desk shows price vs market.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlockPurchase, BlockView } from '../../../contract/block.ts';
import { recording } from '../market/testing/marketFixtures.ts';
import { refusing } from '../funding/testing/fundingFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { BlockDeskPage } from './BlockDeskPage.tsx';
import { BlockDetailPage } from './BlockDetailPage.tsx';

const block: BlockView = {
  id: '3', code: 'TCS', name: 'Tata Consultancy Services', price: '3430.00', reference_price: '3500.00', difference_bps: -200, quantity: 20_000, remaining: 15_000,
  lot: 100, minimum_shares: 100, minimum_amount: '2000000.00', open_at: '2026-11-24T03:45:00.000Z', close_at: '2099-11-24T10:00:00.000Z', lock_trading_days: 1,
  state: 'open', closed_reason: null, fees: { service_fee_bps: 2, stamp_duty_bps: 2, selling_fee_bps: 10 },
};
const purchase: BlockPurchase = {
  id: '9', block_id: '3', code: 'TCS', name: 'Tata Consultancy Services', quantity: 600, price: '3430.00', amount: '2058000.00', fees: '823.20', order_no: '77',
  position_status: 'holding', locked_until: '2099-11-25T18:30:00.000Z', created_at: '2026-11-24T05:00:00.000Z',
};
const detail = (available = '5000000.00') => answerOk('block/detail', { block, available, purchases: [] });

describe('BlockDetailPage', () => {
  it('buys-the-smallest-purchase-both-minimums-allow-in-lots-with-block-fees-and-the-lock-notice', async () => {
    const buy = recording('block/buy', (body) => ({ ...purchase, quantity: body.quantity }));
    server.use(detail(), buy.handler);
    renderPage(BlockDetailPage, '/home/blockTradeDetail?block_id=3');
    // ₹20,00,000 ÷ ₹3,430 = 583.1 shares: 6 lots of 100.
    expect((await screen.findByTestId('block-shares')).textContent).toBe('6 lots · 600 shares');
    expect(screen.getByTestId('block-amount').textContent).toBe('₹20,58,000.00');
    expect(screen.getByTestId('block-fees').textContent).toBe('₹823.20');
    expect(screen.getByTestId('block-total').textContent).toBe('₹20,58,823.20');
    expect(screen.getByRole('button', { name: 'One lot fewer' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('block-lock-notice').textContent).toContain('cannot be sold before');
    fireEvent.click(screen.getByRole('button', { name: 'One lot more' }));
    expect(screen.getByTestId('block-shares').textContent).toBe('7 lots · 700 shares');
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-total').textContent).toBe('₹24,01,960.40');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(buy.bodies).toHaveLength(1));
    expect(buy.bodies[0]).toMatchObject({ block_id: '3', quantity: 700 });
    expect(buy.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect((await screen.findByTestId('block-bought')).textContent).toContain('Bought 700 shares of TCS (order 77).');
  });

  it('says-when-the-balance-is-short-and-disables-buy', async () => {
    server.use(detail('100.00'));
    renderPage(BlockDetailPage, '/home/blockTradeDetail?block_id=3');
    expect(await screen.findByTestId('block-short')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy' })).toHaveProperty('disabled', true);
  });

  it('returns-to-the-form-on-a-refusal', async () => {
    const buy = refusing('block/buy', 'block_sold_out');
    server.use(detail(), buy.handler);
    renderPage(BlockDetailPage, '/home/blockTradeDetail?block_id=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(buy.bodies).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('This block is sold out or has fewer shares left than you asked for.')).toBeTruthy();
  });
});

describe('BlockDeskPage', () => {
  it('shows-price-against-the-market-what-is-left-and-a-closed-block-with-its-reason', async () => {
    const closed: BlockView = { ...block, id: '4', state: 'closed', closed_reason: 'Seller withdrew' };
    server.use(answerOk('block/list', [block, closed]));
    renderPage(BlockDeskPage, '/home/blockTrade');
    const cards = await screen.findAllByTestId('block-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('block-difference').textContent).toBe('-2.00% vs ₹3,500.00');
    expect(within(cards[0]!).getByTestId('block-remaining').textContent).toBe('15,000 of 20,000 shares left');
    expect(within(cards[0]!).getByTestId('block-window').textContent).toContain('Closes in');
    expect(within(cards[1]!).getByTestId('block-closed-reason').textContent).toBe('Ended early: Seller withdrew');
    expect(within(cards[1]!).getByTestId('block-window').textContent).toBe('Bulk trade closed');
  });
});
