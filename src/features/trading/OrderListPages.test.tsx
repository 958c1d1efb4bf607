// Proves the position list shows live unrealised P&L per row (from the stream's quote, or
// the REST snapshot before the stream has one), that Close asks first and then calls
// order/close, that a locked position counts down with Close disabled, that a pending
// order is cancelled through order/cancel (a lost answer, a dismiss and a second confirm
// send the same key), and the history header's revenue and yield.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../../contract/api.ts';
import { marketStatusAnswer, quoteRow, recording } from '../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { OrderHistoryPage, PendingOrdersPage, PositionsPage } from './OrderListPages.tsx';
import { calendarHandlers } from '../portfolio/testing/portfolioFixtures.ts';
import { orderOf } from './testing/tradingFixtures.ts';

// happy-dom has no worker, so the stream never delivers: the test plays the stream's part.
const liveQuotes = vi.hoisted(() => new Map<string, { code: string; last: number }>());
vi.mock('../market/stream/marketStore.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../market/stream/marketStore.ts')>();
  return { ...actual, useQuote: (code: string) => liveQuotes.get(code) };
});

afterEach(() => liveQuotes.clear());

const withViewport = (Page: () => React.ReactNode) => () => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 120 }}>
    <Page />
  </VirtuosoMockContext.Provider>
);

const row = (container: HTMLElement, orderNo: string) => container.querySelector(`[data-order-no="${orderNo}"]`) as HTMLElement;

describe('order lists', () => {
  it('positions-show-live-pnl-and-close-calls-order-close', async () => {
    liveQuotes.set('RELIANCE', { code: 'RELIANCE', last: 10_550 });
    const long = orderOf({ order_no: '11', code: 'RELIANCE', side: 'long', fill_price: '100.00', quantity: 10 });
    const short = orderOf({ order_no: '12', code: 'TCS', name: 'Tata Consultancy Services', side: 'short', fill_price: '200.00', quantity: 5 });
    let holding = [long, short];
    const close = recording('order/close', (body) => {
      holding = holding.filter((order) => order.order_no !== body.order_no);
      return { ...long, status: 'closed', realised_pnl: '55.00' };
    });
    server.use(
      marketStatusAnswer,
      // The list is read again after the close, so it answers with what is still open.
      recording('order/list', () => holding).handler,
      answerOk('stock/quotes', [quoteRow('TCS', { last: '190.00' })]),
      close.handler,
      ...calendarHandlers(),
    );
    const { container } = renderPage(withViewport(PositionsPage), '/trade/position');
    await screen.findByText('Tata Consultancy Services');
    // Long: (105.50 − 100.00) × 10 from the live quote; short: (200.00 − 190.00) × 5 from the snapshot.
    expect(within(row(container, '11')).getByTestId('unrealised-pnl').textContent).toBe('+₹55.00');
    await waitFor(() => expect(within(row(container, '12')).getByTestId('unrealised-pnl').textContent).toBe('+₹50.00'));

    fireEvent.click(row(container, '11').querySelector('button[data-action=close-position]') as HTMLElement);
    const confirm = await screen.findByRole('button', { name: 'Close position' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(row(container, '11')).toBeNull());
    expect(close.bodies).toEqual([{ order_no: '11', idempotency_key: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,128}$/) }]);
    expect(await screen.findByText('Position closed: Reliance Industries')).toBeTruthy();
  });

  it('a-locked-position-counts-down-with-close-disabled', async () => {
    const lockedUntil = new Date(Date.now() + 83_500).toISOString();
    server.use(marketStatusAnswer, answerOk('order/list', [orderOf({ order_no: '21', locked_until: lockedUntil })]), answerOk('stock/quotes', []), ...calendarHandlers());
    const { container } = renderPage(withViewport(PositionsPage), '/trade/position');
    expect(await screen.findByText(/Unlocks in 01:2[34]/)).toBeTruthy();
    expect((row(container, '21').querySelector('button[data-action=close-position]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('cancelling-a-pending-order-calls-order-cancel', async () => {
    const pending = orderOf({ order_no: '31', status: 'pending', type: 'limit', limit_price: '2400.00', fill_price: null });
    const cancel = recording('order/cancel', () => ({ ...pending, status: 'cancelled' }));
    let answered = [pending];
    server.use(recording('order/list', () => answered).handler, cancel.handler);
    const { container } = renderPage(withViewport(PendingOrdersPage), '/trade/waitOrder');
    await waitFor(() => expect(row(container, '31')).not.toBeNull());
    expect(row(container, '31').textContent).toContain('₹2,400.00');
    answered = [];
    fireEvent.click(row(container, '31').querySelector('button[data-action=cancel-order]') as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('No pending orders')).toBeTruthy();
    expect(cancel.bodies).toEqual([{ order_no: '31', idempotency_key: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,128}$/) }]);
  });

  it('a-cancel-whose-answer-was-lost-is-sent-again-with-the-same-key-after-dismissing', async () => {
    const pending = orderOf({ order_no: '32', status: 'pending', type: 'limit', limit_price: '2400.00', fill_price: null });
    const keys: string[] = [];
    let answered = [pending];
    server.use(
      recording('order/list', () => answered).handler,
      http.post('*/api/vue/order/cancel', async ({ request }) => {
        keys.push(((await request.json()) as RequestOf<'order/cancel'>).idempotency_key ?? '');
        if (keys.length === 1) return HttpResponse.error();
        answered = [];
        return HttpResponse.json({ status: 1, msg: 'ok', data: { ...pending, status: 'cancelled' } });
      }),
    );
    const { container } = renderPage(withViewport(PendingOrdersPage), '/trade/waitOrder');
    await waitFor(() => expect(row(container, '32')).not.toBeNull());
    fireEvent.click(row(container, '32').querySelector('button[data-action=cancel-order]') as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Network problem. Please check your connection and try again.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(row(container, '32').querySelector('button[data-action=cancel-order]') as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('No pending orders')).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('history-header-sums-revenue-and-yield-over-closed-positions', async () => {
    const win = orderOf({ order_no: '41', status: 'closed', realised_pnl: '100.00', margin: '1000.00', close_price: '110.00', closed_at: '2026-11-23T06:00:00.000Z', close_reason: 'user' });
    const loss = orderOf({ order_no: '42', status: 'closed', realised_pnl: '-40.00', margin: '500.00', close_price: '96.00', closed_at: '2026-11-23T07:00:00.000Z', close_reason: 'margin_call' });
    const cancelled = orderOf({ order_no: '43', status: 'cancelled', margin: '9000.00', fill_price: null });
    // The server sends ended orders most recently ended first, and sums every closed position for the header.
    const list = recording('order/list', () => [loss, win, cancelled]);
    server.use(list.handler, answerOk('order/historySummary', [{ currency: 'INR', revenue: '60.00', margins: '1500.00', positions: 2 }]));
    const { container } = renderPage(withViewport(OrderHistoryPage), '/trade/historyOrder');
    expect((await screen.findByTestId('history-revenue')).textContent).toBe('+₹60.00');
    // 60 ÷ (1000 + 500) = 4 %; the cancelled order's margin was never at risk.
    expect(screen.getByTestId('history-yield').textContent).toBe('4.00%');
    expect(screen.getByTestId('history-positions').textContent).toBe('2');
    await waitFor(() => expect(row(container, '42')).not.toBeNull());
    expect(within(row(container, '42')).getByTestId('realised-pnl').textContent).toBe('-₹40.00');
    expect(row(container, '42').textContent).toContain('Closed automatically: margin call');
    // The most recently ended comes first.
    const orderNumbers = [...container.querySelectorAll('[data-order-no]')].map((element) => element.getAttribute('data-order-no'));
    expect(orderNumbers.slice(0, 2)).toEqual(['42', '41']);
    expect(list.bodies).toEqual([{ status: 'ended', page: 1 }]);
  });
});
