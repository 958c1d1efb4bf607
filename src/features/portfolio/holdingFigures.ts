import { istDay } from '../../../contract/calendarDays.ts';
import { parseFixed } from '../../../contract/fixedPoint.ts';
import type { Holding } from '../../../contract/portfolio.ts';
import { asPaise } from '../../../contract/money.ts';
import { percentOf } from '../trading/tradingMath.ts';

// One position's figures at a live last price, as the holdings list shows them, in
// hundredths of its currency (the stream's price scale): the server's row until the stream
// has a price, then recomputed from the row's cost, quantity and reference the same way the
// server does (contract/portfolio.ts).

export type HoldingFigures = {
  last: bigint;
  marketValue: bigint;
  pnl: bigint;
  /** Percent with two decimals, or null when nothing is invested. */
  pnlPercent: string | null;
  dayChange: bigint;
  dayChangePercent: string | null;
};

const hundredths = (text: string): bigint => {
  const negative = text.trim().startsWith('-');
  const value = parseFixed(negative ? text.trim().slice(1) : text, 2) ?? 0n;
  return negative ? -value : value;
};

/** The price today's change is measured from: the fill price for a position filled today (IST), else the previous close. */
export function referencePrice(holding: Holding, now: number): bigint {
  return istDay(Date.parse(holding.filled_at)) === istDay(now) ? hundredths(holding.average_cost) : hundredths(holding.prev_close);
}

export function holdingFigures(holding: Holding, liveLast: bigint | null, now: number): HoldingFigures {
  const last = liveLast ?? hundredths(holding.last);
  const sign = holding.side === 'long' ? 1n : -1n;
  const quantity = BigInt(holding.quantity);
  const pnl = (last - hundredths(holding.average_cost)) * quantity * sign;
  const reference = referencePrice(holding, now);
  const dayChange = (last - reference) * quantity * sign;
  return {
    last,
    marketValue: last * quantity,
    pnl,
    pnlPercent: percentOf(asPaise(pnl), asPaise(hundredths(holding.invested))),
    dayChange,
    dayChangePercent: percentOf(asPaise((last - reference) * sign), asPaise(reference)),
  };
}
