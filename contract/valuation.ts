import { divideHalfUp } from './fixedPoint.ts';
import { type LedgerCurrency, ledgerAmountOfHundredths } from './currencies.ts';
import type { OrderSide } from './trading.ts';

// A position valued at a price: the one copy of the arithmetic the server's balances,
// holdings and daily history and the app's live P&L use (contract/portfolio.ts defines the
// figures). Pure bigint. Prices are in hundredths, as the stream carries them; amounts come
// back in the ledger's minor unit of the position's currency (whole won), brought there by
// `ledgerAmountOfHundredths` exactly as a close posts its P&L (server/trading/writer/batchPlan.ts).

/** Profit (negative: loss) of `quantity` shares opened at `fill`, valued at `price`: a long gains when the price rises, a short when it falls. Hundredths. */
export function pnlHundredths(side: OrderSide, fill: bigint, price: bigint, quantity: bigint): bigint {
  return (side === 'long' ? price - fill : fill - price) * quantity;
}

/** The open terms of a position: what it was filled at and the margin put into it. */
export interface PositionTerms {
  side: OrderSide;
  currency: LedgerCurrency;
  quantity: bigint;
  /** Fill price, hundredths. */
  fill: bigint;
  /** The trader's margin in it, ledger minor units. */
  margin: bigint;
  /** Epoch ms of the fill. */
  filledAt: number;
}

/** The prices a position is valued at, hundredths. */
export interface PriceMark {
  last: bigint;
  prevClose: bigint;
}

export interface PositionValue {
  /** The price it was valued at (the fill price when no price is known), the previous close (likewise) and the day's reference. */
  last: bigint;
  prevClose: bigint;
  reference: bigint;
  /** Unrealised P&L at `last`, ledger units. */
  pnl: bigint;
  /** margin + pnl. */
  equity: bigint;
  /** last × quantity, ledger units. */
  marketValue: bigint;
  /** (last − reference) × quantity signed by side, ledger units. */
  dayChange: bigint;
}

/**
 * A position at a price. The day's reference is the previous close, or the fill price for a
 * position filled since `dayStart` (epoch ms of the IST day's start). Without a price the
 * position stands at its fill price: no P&L, no day change.
 */
export function valuePosition(position: PositionTerms, mark: PriceMark | undefined, dayStart: number): PositionValue {
  const { side, currency, quantity, fill, margin } = position;
  const last = mark && mark.last > 0n ? mark.last : fill;
  const prevClose = mark && mark.prevClose > 0n ? mark.prevClose : fill;
  const reference = position.filledAt >= dayStart ? fill : prevClose;
  const pnl = ledgerAmountOfHundredths(pnlHundredths(side, fill, last, quantity), currency);
  return {
    last,
    prevClose,
    reference,
    pnl,
    equity: margin + pnl,
    marketValue: ledgerAmountOfHundredths(last * quantity, currency),
    dayChange: ledgerAmountOfHundredths(pnlHundredths(side, reference, last, quantity), currency),
  };
}

/** gain ÷ base as a percent with two decimals ("12.34", "-0.50"); "0.00" when base is not positive. Rounded half away from zero. */
export function percentText(gain: bigint, base: bigint): string {
  if (base <= 0n) return '0.00';
  const hundredths = divideHalfUp(gain * 10_000n, base);
  const negative = hundredths < 0n;
  const magnitude = negative ? -hundredths : hundredths;
  return `${negative ? '-' : ''}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}
