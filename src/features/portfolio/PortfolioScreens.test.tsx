// Proves the portfolio screens on their own: the Funds tab's totals and balance history
// (range buttons ask the server, simulated days are labelled, too few days and a failure
// have their states), the P&L calendar (Monday-first IST month, green and red days, month
// switching, simulated days marked) and the holdings list (Kite's columns, sort buttons that
// ask the server, a row opening the position), in English, Traditional Chinese and Korean.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it, vi } from 'vitest';
import { istDay } from '../../../contract/calendarDays.ts';
import { activateLocale } from '../../i18n/activateLocale.ts';
import { answerOk, answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { marketStatusAnswer, recording } from '../market/testing/marketFixtures.ts';
import { HoldingsPage } from '../trading/HoldingsPage.tsx';
import { BalanceHistoryCard } from './BalanceHistoryCard.tsx';
import { PnlCalendar } from './PnlCalendar.tsx';
import { shiftMonth } from './pnlCalendar.ts';
import { PortfolioSummaryCard } from './PortfolioSummaryCard.tsx';
import { calendarDayOf, calendarHandlers, historyOf, holdingOf, summaryOf } from './testing/portfolioFixtures.ts';

// happy-dom has no canvas: the chart library is replaced by a recorder.
const drawn = vi.hoisted(() => ({ series: [] as unknown[][] }));
vi.mock('lightweight-charts', () => ({
  createChart: () => ({ addSeries: () => ({ setData: (data: unknown[]) => drawn.series.push(data) }), timeScale: () => ({ fitContent: () => undefined }), remove: () => undefined }),
  AreaSeries: {},
  ColorType: { Solid: 'solid' },
}));

describe('PortfolioSummaryCard', () => {
  it('deposits-withdrawals-counts-and-realised-pnl-signed-in-indian-grouping', async () => {
    renderPage(() => <PortfolioSummaryCard state={{ status: 'ready', data: summaryOf({ deposits_total: '1250000.00' }) }} onRetry={() => {}} />, '/information/mine_fund');
    expect((await screen.findByTestId('summary-deposits')).textContent).toBe('₹12,50,000.00');
    expect(screen.getByTestId('summary-withdrawals').textContent).toBe('₹25,000.00');
    expect(screen.getByTestId('summary-trades').textContent).toBe('12');
    expect(screen.getByTestId('summary-realised-month').textContent).toBe('+₹1,520.50');
    expect(screen.getByTestId('summary-realised-all').textContent).toBe('-₹340.25');
  });
});

describe('BalanceHistoryCard', () => {
  for (const { locale, note } of [
    { locale: 'en', note: 'Simulated history (demo)' },
    { locale: 'zh-Hant', note: '模擬' },
    { locale: 'ko', note: '시뮬레이션' },
  ] as const) {
    it(`draws-the-range-asked-and-labels-simulated-days-${locale}`, async () => {
      await activateLocale(locale);
      const history = recording('user/portfolioHistory', (body) => historyOf(body.range === '1w' ? 7 : 30));
      server.use(history.handler);
      drawn.series.length = 0;
      renderPage(BalanceHistoryCard, '/information/mine_fund');
      expect(await screen.findByTestId('balance-history-chart')).toBeTruthy();
      expect(screen.getByTestId('balance-history-simulated').textContent).toContain(note);
      await waitFor(() => expect(drawn.series.at(-1)).toHaveLength(30));
      fireEvent.click(within(screen.getByRole('group')).getAllByRole('button')[0] as HTMLElement);
      await waitFor(() => expect(drawn.series.at(-1)).toHaveLength(7));
      expect(history.bodies.map((body) => body.range)).toEqual(['1m', '1w']);
    });
  }

  it('one-day-is-not-a-chart-and-a-failure-offers-retry', async () => {
    server.use(answerOk('user/portfolioHistory', historyOf(1, '2026-11-25', false)));
    const { unmount } = renderPage(BalanceHistoryCard, '/information/mine_fund');
    expect(await screen.findByTestId('balance-history-empty')).toBeTruthy();
    expect(screen.queryByTestId('balance-history-simulated')).toBeNull();
    unmount();
    server.use(answerRefusal('user/portfolioHistory', 'system_busy'));
    renderPage(BalanceHistoryCard, '/information/mine_fund');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('PnlCalendar', () => {
  it('a-monday-first-month-of-green-and-red-days-with-simulated-marked', async () => {
    const month = istDay(Date.now()).slice(0, 7);
    const calendar = recording('user/pnlCalendar', (body) =>
      body.month === month ? [calendarDayOf(`${month}-01`, '1250.50', true), calendarDayOf(`${month}-02`, '-300.00', true)] : [calendarDayOf(`${body.month}-03`, '10.00')],
    );
    server.use(calendar.handler, calendarHandlers()[1]!);
    renderPage(PnlCalendar, '/trade/position');
    const days = await screen.findAllByTestId('pnl-day');
    expect(days.map((day) => day.dataset.date)).toEqual([`${month}-01`, `${month}-02`]);
    expect(days[0]?.getAttribute('aria-label')).toContain('+₹1,250.50');
    expect(days[1]?.textContent).toContain('-300');
    expect(screen.getByTestId('pnl-calendar-total').textContent).toContain('+₹950.50');
    expect(screen.getByTestId('pnl-calendar-simulated')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next month' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(screen.getAllByTestId('pnl-day').map((day) => day.dataset.date)).toEqual([`${shiftMonth(month, -1)}-03`]));
    expect(calendar.bodies.map((body) => body.month)).toEqual([month, shiftMonth(month, -1)]);
    expect(screen.queryByTestId('pnl-calendar-simulated')).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(7);
  });
});

const withViewport = (Page: () => React.ReactNode) => () => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 100 }}>
    <Page />
  </VirtuosoMockContext.Provider>
);

describe('HoldingsPage', () => {
  it('kite-columns-sorting-by-the-server-and-a-row-opens-the-position', async () => {
    const rows = [holdingOf(), holdingOf({ order_no: 'L2', code: 'INFY', name: 'Infosys', side: 'short', average_cost: '1500.00', last: '1490.00', prev_close: '1495.00', quantity: 10, invested: '15000.00', pnl: '100.00' })];
    const holdings = recording('user/holdings', () => ({ items: rows, total: 2, page: 1, page_size: 30 }));
    server.use(holdings.handler, marketStatusAnswer);
    const { router } = renderPage(withViewport(HoldingsPage), '/trade/shareholding');
    const [tcs, infy] = await screen.findAllByTestId('holding-row');
    expect(within(tcs as HTMLElement).getByTestId('holding-pnl').textContent).toBe('+₹1,000.00 (+0.29%)');
    expect(within(tcs as HTMLElement).getByTestId('holding-value').textContent).toBe('Cur. val ₹3,51,000.00');
    expect(within(tcs as HTMLElement).getByTestId('holding-last').textContent).toBe('LTP ₹3,510.00');
    expect(tcs?.textContent).toContain('Avg. ₹3,500.00');
    expect(within(infy as HTMLElement).getByTestId('holding-day-change').textContent).toBe('Day +₹50.00 (+0.33%)');
    fireEvent.click(screen.getByRole('button', { name: 'P&L %' }));
    await waitFor(() => expect(holdings.bodies.at(-1)).toEqual({ page: 1, sort: 'pnl_pct', direction: 'desc' }));
    fireEvent.click(screen.getByRole('button', { name: /P&L %/ }));
    await waitFor(() => expect(holdings.bodies.at(-1)).toEqual({ page: 1, sort: 'pnl_pct', direction: 'asc' }));
    fireEvent.click((await screen.findAllByTestId('holding-row'))[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/trade/positionDetail'));
  });

  it('no-holdings-offers-the-market', async () => {
    server.use(answerOk('user/holdings', { items: [], total: 0, page: 1, page_size: 30 }), marketStatusAnswer);
    renderPage(withViewport(HoldingsPage), '/trade/shareholding');
    expect(await screen.findByText('No holdings')).toBeTruthy();
  });
});
