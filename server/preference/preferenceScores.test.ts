// Proves the radar's arithmetic: each axis's figure and its published score mapping (anchors,
// interpolation, flat ends, the neutral score without data), the profile boundaries, and the
// three-calendar-month availability rule on the IST calendar.
import { describe, expect, it } from 'vitest';
import { dayMs, istDayStartOf } from '../../contract/calendarDays.ts';
import { neutralScore, preferenceAnchors } from '../../contract/preference.ts';
import { availability, dailyVolatilityPercent, median, preferenceScores, profileOf, scoreFromAnchors, type TradeRecord } from './preferenceScores.ts';

const now = istDayStartOf('2026-11-28') + 12 * 3_600_000;
const daysAgo = (days: number) => now - days * dayMs;

/** A closed long of 100 shares at ₹1,000 held `heldDays`, closing at `closeRupees`. */
function trade(openedDaysAgo: number, heldDays: number | null, changes: Partial<TradeRecord> = {}): TradeRecord {
  const openPricePaise = changes.openPricePaise ?? 100_000n;
  const closePricePaise = heldDays === null ? null : (changes.closePricePaise ?? openPricePaise);
  const quantity = changes.quantity ?? 100n;
  return {
    code: 'TCS', side: 'long', quantity, leverage: 1, openedAt: daysAgo(openedDaysAgo),
    closedAt: heldDays === null ? null : daysAgo(openedDaysAgo) + heldDays * dayMs,
    openPricePaise, closePricePaise, realisedPnlPaise: closePricePaise === null ? null : (closePricePaise - openPricePaise) * quantity,
    simulated: false, ...changes,
  };
}

const axisOf = (trades: TradeRecord[], equity: bigint[] = [10_000_000n], volatility = new Map<string, number | null>()) => {
  const scores = preferenceScores({ trades, equitySamplesPaise: equity, volatilityPercent: volatility, now });
  if (!scores) throw new Error('no scores');
  return Object.fromEntries(scores.axes.map((axis) => [axis.axis, axis]));
};

describe('score anchors', () => {
  it('interpolates-between-anchors-and-stays-flat-beyond-the-ends', () => {
    const anchors = preferenceAnchors.leverage;
    expect(scoreFromAnchors(0.5, anchors)).toBe(0);
    expect(scoreFromAnchors(1, anchors)).toBe(0);
    expect(scoreFromAnchors(1.5, anchors)).toBe(20);
    expect(scoreFromAnchors(2, anchors)).toBe(40);
    expect(scoreFromAnchors(4, anchors)).toBe(73);
    expect(scoreFromAnchors(25, anchors)).toBe(100);
  });

  it('maps-falling-anchor-tables-short-holding-and-few-stocks-to-high-risk', () => {
    expect(scoreFromAnchors(0.2, preferenceAnchors.holding_period)).toBe(100);
    expect(scoreFromAnchors(20, preferenceAnchors.holding_period)).toBe(50);
    expect(scoreFromAnchors(400, preferenceAnchors.holding_period)).toBe(0);
    expect(scoreFromAnchors(1, preferenceAnchors.concentration)).toBe(100);
    expect(scoreFromAnchors(3, preferenceAnchors.concentration)).toBe(68);
    expect(scoreFromAnchors(50, preferenceAnchors.concentration)).toBe(0);
  });

  it('takes-the-middle-of-an-even-list-as-the-median', () => {
    expect(median([4, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('axes', () => {
  it('holding-period-is-the-median-of-days-held-counting-open-positions-so-far', () => {
    const axes = axisOf([trade(30, 2), trade(30, 10), trade(40, null)]);
    expect(axes.holding_period).toMatchObject({ figure: '10.0', score: 67, trades: 3 });
  });

  it('turnover-is-monthly-traded-value-over-average-equity', () => {
    // Two round trips of ₹1,00,000 each in a window the user traded in for 2 months (the first trade 60.875 days ago):
    // ₹4,00,000 traded over 2 months is ₹2,00,000 a month against ₹1,00,000 of equity: 2.00×.
    const axes = axisOf([trade(60.875, 1), trade(10, 1)], [5_000_000n, 15_000_000n]);
    expect(axes.turnover).toMatchObject({ figure: '2.00', score: 58, trades: 4 });
  });

  it('turnover-without-equity-is-unknown-and-neutral', () => {
    expect(axisOf([trade(10, 1)], []).turnover).toMatchObject({ figure: null, score: neutralScore });
  });

  it('leverage-is-weighted-by-the-money-each-position-opened', () => {
    // ₹1,00,000 at 1× and ₹3,00,000 at 5×: (1 + 15) / 4 = 4.
    const axes = axisOf([trade(10, 1), trade(10, 1, { quantity: 300n, leverage: 5 })]);
    expect(axes.leverage).toMatchObject({ figure: '4.00', score: 73 });
  });

  it('concentration-is-the-effective-number-of-stocks', () => {
    const spread = ['TCS', 'INFY', 'SBIN', 'ITC'].map((code) => trade(10, 1, { code }));
    expect(axisOf(spread).concentration).toMatchObject({ figure: '4.0', score: 55 });
    expect(axisOf([trade(10, 1), trade(20, 1)]).concentration).toMatchObject({ figure: '1.0', score: 100 });
  });

  it('losses-cut-early-counts-losing-trades-closed-within-five-days-and-scores-the-rest-as-risk', () => {
    const loss = { closePricePaise: 90_000n };
    const trades = [trade(40, 2, loss), trade(40, 5, loss), trade(40, 6, loss), trade(40, 30, loss), trade(40, 30, { closePricePaise: 120_000n })];
    // Two of four losing trades were closed within 5 days: 50 % cut early, so half the losses were let run.
    expect(axisOf(trades).losses_cut_early).toMatchObject({ figure: '50.0', score: 50, trades: 4 });
    expect(axisOf([trade(40, 2, loss)]).losses_cut_early).toMatchObject({ figure: '100.0', score: 0 });
    expect(axisOf([trade(40, 20, loss)]).losses_cut_early).toMatchObject({ figure: '0.0', score: 100 });
  });

  it('losses-cut-early-without-a-losing-trade-is-unknown-and-neutral', () => {
    expect(axisOf([trade(40, 3, { closePricePaise: 110_000n })]).losses_cut_early).toMatchObject({ figure: null, score: neutralScore, trades: 0 });
  });

  it('volatility-is-weighted-by-money-opened-and-leaves-out-unknown-stocks', () => {
    const trades = [trade(10, 1, { code: 'TCS' }), trade(10, 1, { code: 'INFY', quantity: 300n }), trade(10, 1, { code: 'NEWCO' })];
    const volatility = new Map<string, number | null>([['TCS', 1.0], ['INFY', 2.0], ['NEWCO', null]]);
    expect(axisOf(trades, undefined, volatility).volatility).toMatchObject({ figure: '1.75', score: 53, trades: 2 });
    expect(axisOf(trades).volatility).toMatchObject({ figure: null, score: neutralScore });
  });

  it('daily-volatility-is-the-sample-deviation-of-log-returns', () => {
    // Alternating +1 % and −1 % (in log terms, to the paisa) gives a deviation of about 1 %.
    const closes = Array.from({ length: 21 }, (_, index) => BigInt(Math.round(100_000 * Math.exp(index % 2 === 0 ? 0 : 0.01))));
    expect(dailyVolatilityPercent(closes)).toBeCloseTo(1.026, 2);
    expect(dailyVolatilityPercent(closes.slice(0, 9))).toBeNull();
  });

  it('counts-only-trades-active-in-the-last-365-days', () => {
    expect(preferenceScores({ trades: [trade(500, 10)], equitySamplesPaise: [1n], volatilityPercent: new Map(), now })).toBeNull();
    expect(preferenceScores({ trades: [trade(500, null)], equitySamplesPaise: [1n], volatilityPercent: new Map(), now })?.tradesCounted).toBe(1);
  });
});

describe('profile', () => {
  it('maps-the-mean-score-below-40-to-conservative-below-65-to-balanced-else-growth', () => {
    expect(profileOf(239, 6)).toBe('conservative');
    expect(profileOf(240, 6)).toBe('balanced');
    expect(profileOf(389, 6)).toBe('balanced');
    expect(profileOf(390, 6)).toBe('growth');
  });

  it('a-long-term-spread-unlevered-trader-is-conservative-and-a-levered-day-trader-is-growth', () => {
    const careful = ['TCS', 'INFY', 'SBIN', 'ITC', 'LT', 'HDFCBANK', 'ICICIBANK', 'RELIANCE', 'NTPC', 'WIPRO', 'ONGC', 'BEL']
      .map((code, index) => trade(200 - index * 10, 120, { code, closePricePaise: index % 3 === 0 ? 95_000n : 110_000n }));
    const calm = new Map(careful.map((entry) => [entry.code, 0.9]));
    expect(preferenceScores({ trades: careful, equitySamplesPaise: [100_000_000n], volatilityPercent: calm, now })?.profile).toBe('conservative');
    const racy = Array.from({ length: 30 }, (_, index) => trade(60 - index, 0.2, { leverage: 5, quantity: 2_000n, closePricePaise: index % 2 === 0 ? 97_000n : 104_000n }));
    expect(preferenceScores({ trades: racy, equitySamplesPaise: [10_000_000n], volatilityPercent: new Map([['TCS', 2.6]]), now })?.profile).toBe('growth');
  });
});

describe('availability', () => {
  it('opens-three-calendar-months-after-the-first-trade-on-the-ist-calendar', () => {
    expect(availability(istDayStartOf('2026-09-15') + 3_600_000, istDayStartOf('2026-11-28'))).toEqual({ availableFrom: '2026-12-15', daysRemaining: 17, available: false });
    expect(availability(istDayStartOf('2026-08-28'), istDayStartOf('2026-11-28'))).toEqual({ availableFrom: '2026-11-28', daysRemaining: 0, available: true });
    // 30 November + 3 months is the last day of February; 31 October + 3 months is 31 January.
    expect(availability(istDayStartOf('2026-11-30'), istDayStartOf('2026-12-01')).availableFrom).toBe('2027-02-28');
    expect(availability(istDayStartOf('2026-10-31'), istDayStartOf('2026-12-01')).availableFrom).toBe('2027-01-31');
    expect(availability(istDayStartOf('2027-11-30'), istDayStartOf('2027-12-01')).availableFrom).toBe('2028-02-29');
  });

  it('counts-an-instant-by-its-ist-day', () => {
    // 20:00 UTC on 14 September is 01:30 IST on 15 September.
    expect(availability(Date.UTC(2026, 8, 14, 20, 0), istDayStartOf('2026-11-28')).availableFrom).toBe('2026-12-15');
  });
});
