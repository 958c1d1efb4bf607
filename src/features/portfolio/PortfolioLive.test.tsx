// Proves the portfolio follows the quote stream: Home's total assets, current value and
// P&L move when a held stock's price moves (long up, short down), without asking the server
// again; a user without positions costs no holdings request; and the pure arithmetic moves
// each currency's totals in its own money.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortfolioCard } from '../home/PortfolioCard.tsx';
import { userInfoOf } from '../funding/testing/fundingFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { liveDeltas, liveUserInfo, moveAmount } from './livePortfolio.ts';
import { holdingOf } from './testing/portfolioFixtures.ts';

// happy-dom has no worker, so the stream never delivers: the test plays the stream's part.
const stream = vi.hoisted(() => ({ quotes: new Map<string, { code: string; last: number }>(), listeners: new Map<string, Set<() => void>>() }));
vi.mock('../market/stream/marketStore.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../market/stream/marketStore.ts')>();
  return {
    ...actual,
    useWatch: () => undefined,
    useOrderUpdates: () => undefined,
    getQuote: (code: string) => stream.quotes.get(code),
    subscribeQuote: (code: string, listener: () => void) => {
      const set = stream.listeners.get(code) ?? new Set();
      stream.listeners.set(code, set.add(listener));
      return () => set.delete(listener);
    },
  };
});
const publish = (code: string, last: number) =>
  act(() => {
    stream.quotes.set(code, { code, last });
    stream.listeners.get(code)?.forEach((listener) => listener());
  });
afterEach(() => {
  server.events.removeAllListeners();
  stream.quotes.clear();
  stream.listeners.clear();
});

const withPositions = userInfoOf([{ currency: 'INR', cash: '500000.00', available: '150000.00', frozen: '0.00', invested: '350000.00', market_value: '351000.00', total_assets: '851000.00' }], {}, {
  unrealised_pnl: '1000.00', day_pnl: '2000.00',
});

describe('PortfolioCard live', () => {
  it('total-assets-and-pnl-move-with-the-held-stocks-price', async () => {
    const long = holdingOf({ order_no: 'L1', code: 'TCS', last: '3510.00', quantity: 100 });
    const short = holdingOf({ order_no: 'S1', code: 'INFY', side: 'short', last: '1500.00', quantity: 10, average_cost: '1500.00', invested: '0.00', market_value: '15000.00', pnl: '0.00' });
    let holdingsAsked = 0;
    server.use(answerOk('user/holdings', { items: [long, short], total: 2, page: 1, page_size: 30 }));
    server.events.on('request:start', ({ request }) => void (request.url.endsWith('user/holdings') && (holdingsAsked += 1)));
    renderPage(() => <PortfolioCard state={{ status: 'ready', data: withPositions }} reloading={false} onRefresh={() => {}} />, '/home/index');
    expect((await screen.findByTestId('total-assets')).textContent).toBe('₹8,51,000.00');
    await waitFor(() => expect(holdingsAsked).toBe(1));
    // TCS 3,510.00 → 3,520.50: +₹1,050 on 100 shares long.
    publish('TCS', 352050);
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('₹8,52,050.00'));
    expect(screen.getByTestId('portfolio-current-value').textContent).toBe('₹3,52,050.00');
    expect(screen.getByTestId('portfolio-unrealised-pnl').textContent).toBe('+₹2,050.00');
    expect(screen.getByTestId('portfolio-day-pnl').textContent).toBe('+₹3,050.00');
    // INFY up ₹5 against 10 shares short: −₹50.
    publish('INFY', 150500);
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('₹8,52,000.00'));
    expect(screen.getByTestId('portfolio-invested').textContent).toBe('₹3,50,000.00');
    expect(holdingsAsked).toBe(1);
  });

  it('no-positions-asks-for-no-holdings', async () => {
    renderPage(() => <PortfolioCard state={{ status: 'ready', data: userInfoOf() }} reloading={false} onRefresh={() => {}} />, '/home/index');
    expect((await screen.findByTestId('total-assets')).textContent).toBe('₹10,00,000.00');
    expect(screen.getByTestId('portfolio-unrealised-pnl').textContent).toBe('₹0.00');
  });
});

describe('liveUserInfo', () => {
  it('moves-each-currency-in-its-own-money-and-rounds-won-half-up', () => {
    const won = holdingOf({ code: '005930', currency: 'KRW', last: '61550.50', quantity: 3 });
    const deltas = liveDeltas([holdingOf(), won], (code) => (code === 'TCS' ? 350000n : code === '005930' ? 6155100n : null));
    // TCS −10.00 × 100 = −₹1,000; Samsung +0.50 × 3 = +₩1.50 → ₩2 on a whole-won total.
    expect(deltas).toEqual(new Map([['INR', -100000n], ['KRW', 150n]]));
    const info = userInfoOf([{ currency: 'INR', cash: '100.00', available: '100.00', frozen: '0.00', total_assets: '351100.00', market_value: '351000.00', invested: '350000.00' }, { currency: 'KRW', cash: '1000', available: '1000', frozen: '0', total_assets: '185651', market_value: '184651', invested: '184651' }]);
    const live = liveUserInfo(info, deltas);
    expect(live.balances.total_assets).toBe('350100.00');
    expect(live.balances_by_currency.find((line) => line.currency === 'KRW')?.total_assets).toBe('185653');
    expect(live.balances.cash).toBe('100.00');
  });

  it('a-position-without-a-live-price-adds-nothing-and-a-malformed-amount-stays', () => {
    expect(liveDeltas([holdingOf()], () => null).size).toBe(0);
    expect(moveAmount('n/a', 'INR', 100n)).toBe('n/a');
    expect(moveAmount('-5.00', 'INR', 1000n)).toBe('5.00');
  });
});
