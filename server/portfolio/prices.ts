import type { PriceMark } from '../../contract/valuation.ts';
import type { Market } from '../market/marketService.ts';

// What the portfolio needs of the market: a price mark per code (hundredths) and an
// instrument's name, plus the clock that says which IST day "today" is. The accounts and the
// back office get it from app.ts; tests pass fixed prices.

export interface Prices {
  /** The last and previous-close prices of `code`, or undefined when the market quotes none. */
  mark(code: string): PriceMark | undefined;
  /** The instrument's name, the code itself when unknown. */
  name(code: string): string;
}

export interface Valuation {
  prices: Prices;
  now: () => number;
}

/** The market's latest quotes as price marks. */
export function marketPrices(market: Pick<Market, 'quote' | 'instrument'>): Prices {
  return {
    mark(code) {
      const quote = market.quote(code);
      if (!quote || quote.last <= 0) return undefined;
      return { last: BigInt(quote.last), prevClose: BigInt(quote.prevClose) };
    },
    name: (code) => market.instrument(code)?.name ?? code,
  };
}

/** Fixed prices (tests, and days gone by): code → mark. */
export function fixedPrices(marks: ReadonlyMap<string, PriceMark>, names: ReadonlyMap<string, string> = new Map()): Prices {
  return { mark: (code) => marks.get(code), name: (code) => names.get(code) ?? code };
}
