// Proves the stock page paints stock/detail's figures at once (price, day stats, history
// note), draws the chart from stock/kline, and that a period switch asks the server for
// that period and redraws with its bars. lightweight-charts is replaced by a recorder:
// happy-dom has no canvas.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '../../../contract/api.ts';
import type { Candle } from '../../../contract/market.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { StockDetailPage } from './StockDetailPage.tsx';
import { marketStatusAnswer, quoteRow, recording } from './testing/marketFixtures.ts';

const drawn = vi.hoisted(() => ({ setDataCalls: [] as unknown[][] }));
vi.mock('lightweight-charts', () => {
  const scale = () => ({ applyOptions: () => undefined });
  const series = () => ({ setData: (data: unknown[]) => drawn.setDataCalls.push(data), update: () => undefined, applyOptions: () => undefined, priceScale: scale });
  return {
    createChart: () => ({ addSeries: series, priceScale: scale, timeScale: () => ({ fitContent: () => undefined }), applyOptions: () => undefined, remove: () => undefined }),
    CandlestickSeries: {},
    HistogramSeries: {},
    AreaSeries: {},
    ColorType: { Solid: 'solid' },
  };
});

const detail: ResponseOf<'stock/detail'> = {
  instrument: { code: 'RELIANCE', name: 'Reliance Industries', isin: 'INE002A01018', exchange: 'NSE', currency: 'INR', kind: 'equity', industry: 'Oil Gas & Consumable Fuels', lot: 1, tickSize: '0.05' },
  quote: quoteRow('RELIANCE', { name: 'Reliance Industries' }),
  source: { kind: 'replay', date: '2025-03-14', calendar: 'ist' },
  phase: 'open',
  onWatchlist: false,
  historyRealUntil: '2025-03-14',
};

const candles = (count: number, stepMs: number): Candle[] =>
  Array.from({ length: count }, (_, index) => ({ t: Date.UTC(2026, 10, 20, 4) + index * stepMs, o: '2440.00', h: '2460.00', l: '2430.00', c: '2450.50', v: 1000 + index }));

describe('StockDetailPage', () => {
  it('shows-the-day-figures-and-switching-period-asks-for-that-period', async () => {
    const kline = recording('stock/kline', (body) => (body.period === '5m' ? candles(12, 300_000) : candles(3, 60_000)));
    server.use(marketStatusAnswer, answerOk('stock/detail', detail), kline.handler);
    const { container } = renderPage(StockDetailPage, '/market/stockDetail?code=RELIANCE');

    expect(await screen.findByText('Reliance Industries')).toBeTruthy();
    expect(screen.getByTestId('last-price').textContent).toBe('₹2,456.35');
    expect(screen.getByText('+26.35')).toBeTruthy();
    const stat = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(stat('Open')).toBe('2,440.00');
    expect(stat('Prev. close')).toBe('2,430.00');
    expect(stat('High')).toBe('2,470.10');
    expect(stat('Low')).toBe('2,431.55');
    expect(stat('Volume')).toBe('12.35 L');
    expect(stat('Price band')).toBe('2,187.00 – 2,673.00');
    expect(stat('Lot size')).toBe('1 share per lot');
    // Where the prices come from, and which part of the history is real.
    expect(screen.getByText('Replay of 14 Mar 2025')).toBeTruthy();
    expect(screen.getByText(/real NSE data/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add RELIANCE to watchlist' }).getAttribute('aria-pressed')).toBe('false');

    const chart = screen.getByTestId('price-chart');
    await waitFor(() => expect(chart.getAttribute('data-bars')).toBe('3'));
    expect(kline.bodies[0]).toEqual({ code: 'RELIANCE', period: 'time_share', adjust: 'forward' });

    fireEvent.click(container.querySelector('button[data-period="5m"]') as HTMLElement);
    await waitFor(() => expect(chart.getAttribute('data-bars')).toBe('12'));
    expect(kline.bodies.at(-1)).toEqual({ code: 'RELIANCE', period: '5m', adjust: 'forward' });
    expect(container.querySelector('button[data-period="5m"]')?.getAttribute('aria-pressed')).toBe('true');
    expect(drawn.setDataCalls.at(-1)).toHaveLength(12);

    fireEvent.click(container.querySelector('button[data-adjust="none"]') as HTMLElement);
    await waitFor(() => expect(kline.bodies.at(-1)).toEqual({ code: 'RELIANCE', period: '5m', adjust: 'none' }));
  });

  it('a-replay-of-several-sessions-names-its-first-and-last-day', async () => {
    const severalDays = { ...detail, source: { ...detail.source, lastDate: '2025-04-11' } };
    server.use(marketStatusAnswer, answerOk('stock/detail', severalDays), answerOk('stock/kline', []));
    renderPage(StockDetailPage, '/market/stockDetail?code=RELIANCE');
    expect(await screen.findByText('Replay of 14 Mar 2025 to 11 Apr 2025')).toBeTruthy();
  });

  it('an-empty-period-says-there-are-no-bars', async () => {
    server.use(marketStatusAnswer, answerOk('stock/detail', { ...detail, historyRealUntil: null }), answerOk('stock/kline', []));
    renderPage(StockDetailPage, '/market/stockDetail?code=RELIANCE&period=week');
    expect(await screen.findByText('No bars for this period yet.')).toBeTruthy();
    expect(screen.getByTestId('price-chart').getAttribute('data-bars')).toBe('0');
    expect(screen.getByText(/^Simulated price: no real NSE data covers this instrument/)).toBeTruthy();
  });

  it('a-link-without-a-code-offers-search', async () => {
    renderPage(StockDetailPage, '/market/stockDetail');
    expect(await screen.findByText('No stock selected')).toBeTruthy();
  });
});
