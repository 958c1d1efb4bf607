// The valuation arithmetic (contract/valuation.ts) on its edges: won rounding as a close posts
// it, a position without a price, the day's reference, percent rounding, and per-currency totals.
import { describe, expect, it } from 'vitest';
import { percentText, valuePosition } from '../../contract/valuation.ts';
import { fixedPrices } from './prices.ts';
import { totalsByCurrency, valueBalances, valuePositions } from './valuation.ts';

const dayStart = Date.UTC(2026, 10, 24, 18, 30); // IST midnight starting 25 November
const position = { side: 'long' as const, currency: 'INR' as const, quantity: 10n, fill: 10_000n, margin: 50_000n, filledAt: dayStart - 1 };

describe('a position at a price', () => {
  it('values-longs-and-shorts-at-the-last-price-against-the-previous-close', () => {
    expect(valuePosition(position, { last: 10_550n, prevClose: 10_200n }, dayStart)).toEqual({
      last: 10_550n, prevClose: 10_200n, reference: 10_200n, pnl: 5_500n, equity: 55_500n, marketValue: 105_500n, dayChange: 3_500n,
    });
    const short = valuePosition({ ...position, side: 'short' }, { last: 10_550n, prevClose: 10_200n }, dayStart);
    expect(short).toMatchObject({ pnl: -5_500n, equity: 44_500n, dayChange: -3_500n });
  });

  it('takes-the-fill-price-as-the-days-reference-for-a-position-filled-today-and-stands-at-fill-without-a-price', () => {
    expect(valuePosition({ ...position, filledAt: dayStart }, { last: 10_550n, prevClose: 10_200n }, dayStart)).toMatchObject({ reference: 10_000n, dayChange: 5_500n });
    expect(valuePosition(position, undefined, dayStart)).toEqual({ last: 10_000n, prevClose: 10_000n, reference: 10_000n, pnl: 0n, equity: 50_000n, marketValue: 100_000n, dayChange: 0n });
  });

  it('brings-won-to-whole-won-half-away-from-zero-as-a-close-posts-it', () => {
    // Prices in hundredths of a won: +0.5 won × 3 shares = 1.5 won → 2; the loss of the same size → −2.
    const won = { ...position, currency: 'KRW' as const, quantity: 3n, fill: 100_000n, margin: 1_000n };
    expect(valuePosition(won, { last: 100_050n, prevClose: 100_000n }, dayStart)).toMatchObject({ pnl: 2n, equity: 1_002n, marketValue: 3_002n });
    expect(valuePosition({ ...won, side: 'short' }, { last: 100_050n, prevClose: 100_000n }, dayStart)).toMatchObject({ pnl: -2n });
  });

  it('writes-percentages-with-two-decimals-rounded-half-away-from-zero', () => {
    expect(percentText(1n, 3n)).toBe('33.33');
    expect(percentText(2n, 3n)).toBe('66.67');
    expect(percentText(-2n, 3n)).toBe('-66.67');
    expect(percentText(5n, 0n)).toBe('0.00');
    expect(percentText(1n, 20_000n)).toBe('0.01');
    expect(percentText(-1n, 40_000n)).toBe('0.00');
  });

  it('sums-per-currency-and-never-adds-won-to-rupees', () => {
    const prices = fixedPrices(new Map([['TCS', { last: 10_550n, prevClose: 10_000n }], ['SAMSUNG', { last: 7_000_000n, prevClose: 7_000_000n }]]));
    const valued = valuePositions(
      [
        { ...position, id: 1n, userId: 1n, code: 'TCS', lot: 1, leverage: 2 },
        { ...position, id: 2n, userId: 1n, code: 'SAMSUNG', currency: 'KRW', quantity: 1n, fill: 6_900_000n, margin: 35_000n, lot: 1, leverage: 2 },
      ],
      prices,
      dayStart,
    );
    expect(totalsByCurrency(valued)).toEqual(new Map([
      ['INR', { invested: 50_000n, marketValue: 55_500n, unrealised: 5_500n, dayPnl: 5_500n }],
      ['KRW', { invested: 35_000n, marketValue: 36_000n, unrealised: 1_000n, dayPnl: 0n }],
    ]));
    const [inr, krw] = valueBalances(
      [{ currency: 'INR', available: 100n, frozen: 0n, cash: 100n, margin: 50_000n }, { currency: 'KRW', available: 7n, frozen: 3n, cash: 10n, margin: 35_000n }],
      valued,
    );
    expect(inr).toMatchObject({ totalAssets: 55_600n });
    expect(krw).toMatchObject({ totalAssets: 36_010n });
  });
});
