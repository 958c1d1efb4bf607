import type { Holding, PnlCalendarDay, PortfolioHistory, PortfolioSummary } from '../../../../contract/portfolio.ts';
import { answerOk } from '../../../test/mswServer.ts';

// Builders for the portfolio's component tests: positions, totals, balance history and P&L
// calendar as the server sends them (decimal rupee strings, IST days).

export function holdingOf(overrides: Partial<Holding> = {}): Holding {
  return {
    order_no: 'L100', code: 'TCS', name: 'Tata Consultancy Services', side: 'long', currency: 'INR', quantity: 100, lot: 1, leverage: 1,
    average_cost: '3500.00', last: '3510.00', prev_close: '3490.00', invested: '350000.00', market_value: '351000.00', equity: '351000.00',
    pnl: '1000.00', pnl_pct: '0.29', day_change: '2000.00', day_change_pct: '0.57', filled_at: '2026-11-24T04:00:00.000Z',
    ...overrides,
  };
}

export function summaryOf(overrides: Partial<PortfolioSummary> = {}): PortfolioSummary {
  return {
    currency: 'INR', deposits_total: '1000000.00', withdrawals_total: '25000.00', trade_count: 12, holding_count: 1,
    realised_pnl_today: '0.00', realised_pnl_month: '1520.50', realised_pnl_all: '-340.25',
    invested: '0.00', market_value: '0.00', unrealised_pnl: '0.00', day_pnl: '0.00', total_assets: '1000000.00',
    ...overrides,
  };
}

/** `days` daily points ending on `lastDay`, equity rising by ₹100 a day; simulated unless told. */
export function historyOf(days: number, lastDay = '2026-11-25', simulated = true): PortfolioHistory {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  const points = Array.from({ length: days }, (_, index) => {
    const date = new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    const equity = `${1_000_000 + index * 100}.00`;
    return { date, equity, cash: equity, invested: '0.00', simulated };
  });
  return { currency: 'INR', points };
}

export function calendarDayOf(date: string, pnl: string, simulated = false): PnlCalendarDay {
  return { date, pnl, simulated };
}

/** The Funds tab's portfolio calls answered: totals and a 30-day simulated history. */
export function portfolioHandlers(summary: PortfolioSummary = summaryOf(), history: PortfolioHistory = historyOf(30)) {
  return [answerOk('user/portfolioSummary', summary), answerOk('user/portfolioHistory', history)];
}

/** The positions screen's calendar answered: these days, and the open positions its today follows (none unless given). */
export function calendarHandlers(days: PnlCalendarDay[] = [], holdings: Holding[] = []) {
  return [answerOk('user/pnlCalendar', days), answerOk('user/holdings', { items: holdings, total: holdings.length, page: 1, page_size: 30 })];
}
