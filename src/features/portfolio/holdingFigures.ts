import { istDayStart } from '../../../contract/calendarDays.ts';
import { hundredthsOfLedgerAmount, parseMinorAmount } from '../../../contract/currencies.ts';
import { parseFixed } from '../../../contract/fixedPoint.ts';
import type { Holding } from '../../../contract/portfolio.ts';
import { percentText, pnlHundredths, valuePosition } from '../../../contract/valuation.ts';

// One position's figures at a live last price, as the holdings list shows them: the server's
// row until the stream has a price, then valued by the server's own arithmetic
// (contract/valuation.ts) from the row's cost, margin, quantity and previous close. Amounts
// come back in hundredths of the position's currency, the scale formatMoney reads a bigint in.

export type HoldingFigures = {
  last: bigint;
  marketValue: bigint;
  pnl: bigint;
  /** Percent of the margin with two decimals; "0.00" when nothing is invested. */
  pnlPercent: string;
  dayChange: bigint;
  /** Today's price change against the reference price, percent with two decimals. */
  dayChangePercent: string;
};

const hundredths = (text: string): bigint => parseFixed(text, 2) ?? 0n;

export function holdingFigures(holding: Holding, liveLast: bigint | null, now: number): HoldingFigures {
  const { currency, side } = holding;
  const margin = parseMinorAmount(holding.invested, currency) ?? 0n;
  const terms = { side, currency, quantity: BigInt(holding.quantity), fill: hundredths(holding.average_cost), margin, filledAt: Date.parse(holding.filled_at) };
  const value = valuePosition(terms, { last: liveLast ?? hundredths(holding.last), prevClose: hundredths(holding.prev_close) }, istDayStart(now));
  return {
    last: value.last,
    marketValue: hundredthsOfLedgerAmount(value.marketValue, currency),
    pnl: hundredthsOfLedgerAmount(value.pnl, currency),
    pnlPercent: percentText(value.pnl, margin),
    dayChange: hundredthsOfLedgerAmount(value.dayChange, currency),
    dayChangePercent: percentText(pnlHundredths(side, value.reference, value.last, 1n), value.reference),
  };
}
