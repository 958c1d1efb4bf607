import { divideHalfUp } from '../../../contract/fixedPoint.ts';
import { type LedgerCurrency, ledgerAmountOfHundredths } from '../../../contract/currencies.ts';
import { asPaise, type Paise, parseRupees } from '../../../contract/money.ts';
import { type FeeSchedule, legFees, marginFor, scheduleForLeg } from '../../../contract/fees.ts';
import type { OrderSide } from '../../../contract/trading.ts';
import { percentText, pnlHundredths } from '../../../contract/valuation.ts';

// The order sheet's arithmetic, all in integer paise (bigint): what the server will
// freeze must match to the paisa what the user confirmed, so nothing here passes
// through a float, and fees and margin come from the code the server charges with
// (contract/fees.ts), rounded as `trade/rules.feeRounding` ('half_up_paise') promises.

/** Rounded division, half away from zero: the one rule, contract/fixedPoint.ts. */
export { divideHalfUp };

export type PriceProblem = 'malformed' | 'not_positive' | 'off_tick' | 'below_band' | 'above_band';

/**
 * Checks a typed limit price before anything is sent: a rupee amount with at most two
 * decimals, a whole number of ticks, inside today's band when the exchange sets one.
 */
export function checkLimitPrice(text: string, rules: { tickSize: string; lowerBand: string | null; upperBand: string | null }): { price: Paise } | { problem: PriceProblem } {
  const price = parseRupees(text);
  if (price === null) return { problem: 'malformed' };
  if (price <= 0n) return { problem: 'not_positive' };
  const tick = parseRupees(rules.tickSize);
  if (tick !== null && tick > 0n && price % tick !== 0n) return { problem: 'off_tick' };
  const lower = rules.lowerBand === null ? null : parseRupees(rules.lowerBand);
  const upper = rules.upperBand === null ? null : parseRupees(rules.upperBand);
  if (lower !== null && price < lower) return { problem: 'below_band' };
  if (upper !== null && price > upper) return { problem: 'above_band' };
  return { price };
}

/** A quantity typed by hand: a positive whole number of lots, or null. */
export function parseWholeLots(text: string, lot: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,8}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity > 0 && quantity % lot === 0 ? quantity : null;
}

/** Every figure is in the ledger's minor unit of the instrument's currency (paise, whole won). */
export type OrderPreview = {
  amount: Paise;
  margin: Paise;
  serviceFee: Paise;
  /** Charged when the opening leg is a buy (a long). */
  stampDuty: Paise;
  /** Securities transaction tax, charged when the opening leg is a sell (a short). */
  sellingFee: Paise;
  /** What the ledger moves from available to frozen: margin and every fee charged at opening. */
  totalFrozen: Paise;
  /** The contract amount reaches the block-trade size: the block-trade rates apply. */
  blockTrade: boolean;
};

/** The caller's own schedule and the block-trade one, as `trade/rules` gives them. */
export type FeeRules = FeeSchedule & { blockTrade: FeeSchedule & { minimum: string } };

/**
 * The server's own arithmetic (contract/fees.ts) on the figures the user is about to confirm,
 * in the instrument's currency: the contract amount (price × quantity, in hundredths as prices
 * travel) is first brought to the ledger's minor unit, as the server does, then margin and fees
 * are taken from it. The block-trade size is a rupee amount, so only rupee orders reach it.
 */
export function previewOrder(input: { price: Paise; quantity: number; leverage: number; side: OrderSide; currency?: LedgerCurrency }, rules: FeeRules): OrderPreview {
  const currency = input.currency ?? 'INR';
  const amount = asPaise(ledgerAmountOfHundredths(input.price * BigInt(input.quantity), currency));
  const blockMinimum = currency === 'INR' ? parseRupees(rules.blockTrade.minimum) : null;
  const schedule = blockMinimum === null ? rules : scheduleForLeg(rules, { minimumPaise: blockMinimum, fees: rules.blockTrade }, amount);
  const blockTrade = schedule === rules.blockTrade;
  const margin = asPaise(marginFor(amount, input.leverage));
  // The opening leg of a long is a buy (stamp duty), of a short a sell (transaction tax).
  const { service, tax } = legFees(input.side, 'open', amount, schedule);
  const serviceFee = asPaise(service);
  const stampDuty = asPaise(input.side === 'long' ? tax : 0n);
  const sellingFee = asPaise(input.side === 'short' ? tax : 0n);
  return { amount, margin, serviceFee, stampDuty, sellingFee, totalFrozen: asPaise(margin + service + tax), blockTrade };
}

/** Long gains when the price rises, short when it falls; quantity in shares. The server's arithmetic: contract/valuation.ts. */
export function unrealisedPnl(side: OrderSide, fillPrice: Paise, lastPrice: Paise, quantity: number): Paise {
  return asPaise(pnlHundredths(side, fillPrice, lastPrice, BigInt(quantity)));
}

/** gain ÷ base as a percent string with two decimals ("12.34"), or null when base is zero (contract/valuation.ts). */
export function percentOf(gain: Paise, base: Paise): string | null {
  return base <= 0n ? null : percentText(gain, base);
}
