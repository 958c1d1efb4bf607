// Proves the three adjustments agree with each other (round trips, identical day-to-day
// moves except across dividends) and undo the real files' split and bonus adjustments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedDataDir } from '../sharedData.ts';
import { adjustDailyBars, planAdjustment } from './adjustment.ts';
import { dayMs, istDay, istDayStartOf, isTradingDay } from '../../../contract/calendar.ts';
import type { Bar } from './buckets.ts';
import { actionsFor, corporateActions, shareBasisFactor, type CorporateAction } from './corporateActions.ts';
import { loadDailyBars } from './dailyHistory.ts';

const firstDay = istDayStartOf('2024-01-01');
const dayOfIndex = (index: number) => istDay(firstDay + index * dayMs);

/** Random forward-adjusted daily bars and actions dated inside them. */
const scenario = fc
  .record({
    closes: fc.array(fc.integer({ min: 2_000, max: 5_000_000 }), { minLength: 2, maxLength: 60 }),
    actions: fc.array(
      fc.record({
        at: fc.nat(),
        kind: fc.constantFrom<CorporateAction['kind']>('split', 'bonus', 'dividend'),
        from: fc.integer({ min: 1, max: 3 }),
        to: fc.integer({ min: 1, max: 10 }),
        dividendShare: fc.double({ min: 0.001, max: 0.2, noNaN: true }),
      }),
      { maxLength: 5 },
    ),
  })
  .map(({ closes, actions }) => {
    const bars: Bar[] = closes.map((c, index) => ({ t: firstDay + index * dayMs, o: c, h: c + 100, l: c - 100, c, v: 1_000 + index }));
    const table: CorporateAction[] = actions.map(({ at, kind, from: held, to: given, dividendShare }) => {
      // Splits divide a share (1:2, 2:5), they do not consolidate: NIFTY 50 companies have done no reverse split.
      const [from, to] = kind === 'split' ? [Math.min(held, given), Math.max(held, given)] : [held, given];
      const index = at % closes.length;
      // At most a fifth of the forward close before it, so below the raw close (raw ≥ forward) on any basis.
      const amountMinor = Math.max(1, Math.floor(closes[Math.max(0, index - 1)]! * dividendShare));
      return { code: 'X', exDate: dayOfIndex(index), kind, ratio: { from, to }, amountMinor, comment: 'generated' };
    });
    return { bars, table };
  });

describe('adjustment properties', () => {
  it('goes forward → none → forward within one minor unit', () => {
    fc.assert(
      fc.property(scenario, ({ bars, table }) => {
        const none = adjustDailyBars(bars, table, 'none');
        const plan = planAdjustment(bars, table, 'none');
        none.forEach((bar, index) => {
          const back = Math.round(bar.c / plan.priceMultiplier(bar.t));
          expect(Math.abs(back - bars[index]!.c)).toBeLessThanOrEqual(1);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('moves forward and backward by the same ratio day to day, except across dividend ex-dates', () => {
    fc.assert(
      fc.property(scenario, ({ bars, table }) => {
        const backward = adjustDailyBars(bars, table, 'backward');
        const dividendDays = new Set(table.filter((action) => action.kind === 'dividend').map((action) => istDayStartOf(action.exDate)));
        for (let index = 1; index < bars.length; index++) {
          if (dividendDays.has(bars[index]!.t)) continue;
          const forwardRatio = bars[index]!.c / bars[index - 1]!.c;
          const backwardRatio = backward[index]!.c / backward[index - 1]!.c;
          // Backward prices are at least the forward ones, each rounded by at most half a unit.
          const tolerance = forwardRatio * (1 / bars[index]!.c + 1 / bars[index - 1]!.c) * 1.01;
          expect(Math.abs(backwardRatio - forwardRatio)).toBeLessThanOrEqual(tolerance);
        }
        // The backward series keeps the first bar as it traded.
        expect(backward[0]!.c).toBe(adjustDailyBars(bars, table, 'none')[0]!.c);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the traded value of a day when splits and bonuses rescale price and volume', () => {
    const bars: Bar[] = [0, 1, 2].map((index) => ({ t: firstDay + index * dayMs, o: 100_000, h: 100_000, l: 100_000, c: 100_000, v: 6_000 }));
    const split: CorporateAction = { code: 'X', exDate: dayOfIndex(1), kind: 'split', ratio: { from: 1, to: 10 }, comment: 'generated' };
    const none = adjustDailyBars(bars, [split], 'none');
    expect(none.map((bar) => [bar.c, bar.v])).toEqual([[1_000_000, 600], [100_000, 6_000], [100_000, 6_000]]);
    const backward = adjustDailyBars(bars, [split], 'backward');
    expect(backward.map((bar) => [bar.c, bar.v])).toEqual([[1_000_000, 600], [1_000_000, 600], [1_000_000, 600]]);
  });

  it('prices a bonus by shares held and given: 4:1 leaves a fifth, a 1:2 split a half', () => {
    const action = (kind: 'split' | 'bonus', from: number, to: number): CorporateAction => ({ code: 'X', exDate: '2025-01-01', kind, ratio: { from, to }, comment: '' });
    expect(shareBasisFactor(action('bonus', 1, 4))).toBeCloseTo(1 / 5, 12);
    expect(shareBasisFactor(action('bonus', 1, 1))).toBe(1 / 2);
    expect(shareBasisFactor(action('split', 1, 2))).toBe(1 / 2);
    expect(shareBasisFactor(action('split', 1, 10))).toBeCloseTo(1 / 10, 12);
  });
});

const dataDir = sharedDataDir();

describe.skipIf(!dataDir)('adjustment of the real NSE daily files', () => {
  const bars = (code: string) => loadDailyBars(code, dataDir!)!;
  const on = (series: readonly Bar[], day: string) => series.find((bar) => bar.t === istDayStartOf(day))!;

  it('shows RELIANCE as traded before its 2024 1:1 bonus: twice the price, half the shares', () => {
    const forward = bars('RELIANCE');
    const none = adjustDailyBars(forward, actionsFor('RELIANCE'), 'none');
    expect(on(none, '2024-10-25')).toEqual({ ...on(forward, '2024-10-25'), o: 268_700, h: 268_870, l: 264_400, c: 265_570, v: 9_298_748 });
    expect(on(none, '2024-10-28')).toEqual(on(forward, '2024-10-28'));
    expect(on(none, '2020-10-01').c).toBe(212_110);
  });

  it('shows the TATASTEEL 1:10 split and the BAJFINANCE split-plus-bonus as the price gaps they were', () => {
    const steel = adjustDailyBars(bars('TATASTEEL'), actionsFor('TATASTEEL'), 'none');
    expect(on(steel, '2022-07-27').c).toBe(95_950); // ₹95.95 on today's basis was ₹959.50 as traded
    expect(on(steel, '2022-07-28').o).toBe(9_810);
    const finance = adjustDailyBars(bars('BAJFINANCE'), actionsFor('BAJFINANCE'), 'none');
    expect(on(finance, '2025-06-13').c).toBe(933_000);
    expect(on(finance, '2025-06-16').o).toBe(95_600);
  });

  it('round-trips every real file with actions within one minor unit', () => {
    for (const code of new Set(corporateActions.map((action) => action.code))) {
      const forward = bars(code);
      const plan = planAdjustment(forward, actionsFor(code), 'none');
      let errorMax = 0;
      for (const [index, bar] of adjustDailyBars(forward, actionsFor(code), 'none').entries()) {
        for (const field of ['o', 'h', 'l', 'c'] as const) {
          errorMax = Math.max(errorMax, Math.abs(Math.round(bar[field] / plan.priceMultiplier(bar.t)) - forward[index]![field]));
        }
      }
      expect(errorMax, code).toBeLessThanOrEqual(1);
    }
  });

  it('has a table whose every row falls on a session of its real file, dividends below the price', () => {
    for (const action of corporateActions) {
      expect(isTradingDay(action.exDate), `${action.code} ${action.exDate}`).toBe(true);
      const series = bars(action.code);
      expect(series, action.code).not.toBeNull();
      expect(on(series, action.exDate), `${action.code} ${action.exDate}`).toBeDefined();
      expect(action.comment).toMatch(/verify/i);
    }
    // planAdjustment throws when a dividend is not below the raw close before it.
    for (const code of new Set(corporateActions.map((action) => action.code))) expect(() => planAdjustment(bars(code), actionsFor(code), 'backward')).not.toThrow();
  });
});
