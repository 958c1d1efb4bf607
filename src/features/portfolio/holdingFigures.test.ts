// Proves a holding's live figures: P&L, P&L % of the margin, market value and today's change
// against the previous close (or the fill for a position filled today), long and short, to
// the paisa, and a won position in whole won as a close would post it.
import { describe, expect, it } from 'vitest';
import { holdingOf } from './testing/portfolioFixtures.ts';
import { holdingFigures } from './holdingFigures.ts';

const now = Date.parse('2026-11-25T06:00:00Z');

describe('holdingFigures', () => {
  it('long-at-a-live-price-above-cost', () => {
    // 100 × (3,520.50 − 3,500) = ₹2,050; on ₹3,50,000 margin 0.59 %; day: 100 × (3,520.50 − 3,490) = ₹3,050, 0.87 %.
    const figures = holdingFigures(holdingOf(), 352050n, now);
    expect(figures).toEqual({ last: 352050n, marketValue: 35205000n, pnl: 205000n, pnlPercent: '0.59', dayChange: 305000n, dayChangePercent: '0.87' });
  });

  it('short-gains-when-the-price-falls-and-leverage-raises-the-percent', () => {
    const short = holdingOf({ side: 'short', leverage: 5, invested: '70000.00', average_cost: '3500.00', prev_close: '3490.00' });
    const figures = holdingFigures(short, 345000n, now);
    // 100 × (3,500 − 3,450) = ₹5,000 on ₹70,000 = 7.14 %; day 100 × (3,490 − 3,450) = ₹4,000.
    expect([figures.pnl, figures.pnlPercent, figures.dayChange, figures.dayChangePercent]).toEqual([500000n, '7.14', 400000n, '1.15']);
  });

  it('a-position-filled-today-measures-the-day-from-its-fill', () => {
    const figures = holdingFigures(holdingOf({ filled_at: '2026-11-25T04:00:00.000Z' }), 351000n, now);
    expect(figures.dayChange).toBe(figures.pnl);
  });

  it('a-won-position-rounds-to-the-whole-won', () => {
    const won = holdingOf({ code: '005930', currency: 'KRW', average_cost: '61550.50', last: '61550.50', prev_close: '61000.00', quantity: 3, invested: '184652', market_value: '184652' });
    // 3 × (61,551.00 − 61,550.50) = ₩1.50 → ₩2, shown as 200 hundredths.
    expect(holdingFigures(won, 6155100n, now).pnl).toBe(200n);
  });

  it('without-a-live-price-the-server-last-is-used', () => {
    expect(holdingFigures(holdingOf(), null, now).pnl).toBe(100000n);
  });
});
