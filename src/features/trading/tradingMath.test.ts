// Proves the order sheet's money arithmetic: half-up rounding to the paisa, price checks
// against tick and band, the preview's figures for long and short, P&L and yield.
import { describe, expect, it } from 'vitest';
import { asPaise } from '../../../contract/money.ts';
import { feeOn } from '../../../contract/fees.ts';
import { checkLimitPrice, divideHalfUp, parseWholeLots, percentOf, previewOrder, unrealisedPnl } from './tradingMath.ts';

const band = { tickSize: '0.05', lowerBand: '2187.00', upperBand: '2673.00' };

describe('tradingMath', () => {
  it('fees-round-half-up-to-the-paisa', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(feeOn(5n, 1000)).toBe(1n); // 0.5 paise → 1
    expect(feeOn(6140875n, 3)).toBe(1842n); // ₹18.422625 → ₹18.42
  });

  it('limit-prices-must-sit-on-a-tick-inside-the-band', () => {
    expect(checkLimitPrice('2456.35', band)).toEqual({ price: 245635n });
    expect(checkLimitPrice('2456.33', band)).toEqual({ problem: 'off_tick' });
    expect(checkLimitPrice('2456.333', band)).toEqual({ problem: 'malformed' });
    expect(checkLimitPrice('abc', band)).toEqual({ problem: 'malformed' });
    expect(checkLimitPrice('0', band)).toEqual({ problem: 'not_positive' });
    expect(checkLimitPrice('2000.00', band)).toEqual({ problem: 'below_band' });
    expect(checkLimitPrice('2700', band)).toEqual({ problem: 'above_band' });
    expect(checkLimitPrice('5000', { tickSize: '0.05', lowerBand: null, upperBand: null })).toEqual({ price: 500000n });
  });

  it('quantities-are-whole-lots', () => {
    expect(parseWholeLots('50', 25)).toBe(50);
    expect(parseWholeLots('60', 25)).toBeNull();
    expect(parseWholeLots('0', 25)).toBeNull();
    expect(parseWholeLots('1e3', 1)).toBeNull();
  });

  it('buy-leg-pays-stamp-duty-sell-leg-pays-transaction-tax-margin-rounds-up', () => {
    const rules = { serviceFeeBps: 3, stampDutyBps: 10, sellingFeeBps: 10, blockTrade: { minimum: '10000000.00', serviceFeeBps: 1, stampDutyBps: 10, sellingFeeBps: 10 } };
    const long = previewOrder({ price: asPaise(245635n), quantity: 25, leverage: 5, side: 'long' }, rules);
    expect(long).toEqual({ amount: 6140875n, margin: 1228175n, serviceFee: 1842n, stampDuty: 6141n, sellingFee: 0n, totalFrozen: 1236158n, blockTrade: false });
    const short = previewOrder({ price: asPaise(245635n), quantity: 25, leverage: 3, side: 'short' }, rules);
    // 6140875 ÷ 3 = 2046958.33 → 2046959 paise (up, as the server freezes it).
    expect(short).toEqual({ amount: 6140875n, margin: 2046959n, serviceFee: 1842n, stampDuty: 0n, sellingFee: 6141n, totalFrozen: 2054942n, blockTrade: false });
  });

  it('a-leg-of-at-least-the-block-trade-size-pays-the-block-trade-rates', () => {
    const rules = { serviceFeeBps: 3, stampDutyBps: 10, sellingFeeBps: 10, blockTrade: { minimum: '100000.00', serviceFeeBps: 1, stampDutyBps: 10, sellingFeeBps: 10 } };
    // ₹1,00,000.00 exactly: a block trade, 1 bp service fee.
    expect(previewOrder({ price: asPaise(100000n), quantity: 100, leverage: 1, side: 'long' }, rules)).toMatchObject({ amount: 10000000n, serviceFee: 1000n, blockTrade: true });
    // One paisa a share less: not one, 3 bp.
    expect(previewOrder({ price: asPaise(99999n), quantity: 100, leverage: 1, side: 'long' }, rules)).toMatchObject({ amount: 9999900n, serviceFee: 3000n, blockTrade: false });
  });

  it('unrealised-pnl-follows-the-direction', () => {
    expect(unrealisedPnl('long', asPaise(10000n), asPaise(10550n), 10)).toBe(5500n);
    expect(unrealisedPnl('short', asPaise(10000n), asPaise(10550n), 10)).toBe(-5500n);
  });

  it('yield-is-revenue-over-margins-to-two-decimals', () => {
    expect(percentOf(asPaise(6000n), asPaise(150000n))).toBe('4.00');
    expect(percentOf(asPaise(-1n), asPaise(300n))).toBe('-0.33');
    expect(percentOf(asPaise(100n), asPaise(0n))).toBeNull();
  });
});
