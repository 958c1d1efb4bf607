import { formatRupees } from '../../contract/money.ts';
import type { Market } from '../market/marketService.ts';
import type { Settings } from '../settings/settings.ts';
import { type HaircutRules, haircutBpsFor, lendingLimitPaise, type LtvLines, marketValuePaise } from './pledgeLimits.ts';

// Pledged stock valued at the live market: the last price of each position, its haircut from
// the settings of the moment, and the published lines. Read on every request and every pass
// of the monitor, so a price move or a staff change shows at once.

/** The index whose members take the members' haircut. */
export const haircutIndexCode = 'NIFTY50';

export function haircutRulesOf(settings: Settings, market: Market): HaircutRules {
  const index = market.instrument(haircutIndexCode);
  return {
    indexMembers: new Set(index?.constituents?.map((member) => member.code) ?? []),
    indexMemberHaircutBps: settings.get('pledge.index_member_haircut_bps'),
    otherHaircutBps: settings.get('pledge.other_haircut_bps'),
  };
}

export const ltvLinesOf = (settings: Settings): LtvLines => ({
  warningBps: settings.get('pledge.ltv_warning_bps'),
  saleBps: settings.get('pledge.ltv_sale_bps'),
});

/** The haircut of an instrument now; null when it cannot be pledged (not a rupee equity, or a 100 % haircut). */
export function haircutOf(market: Market, rules: HaircutRules, code: string): number | null {
  const instrument = market.instrument(code);
  if (!instrument || instrument.currency !== 'INR' || instrument.kind === 'index') return null;
  return haircutBpsFor(code, rules);
}

/** The last price in paise, or null when the market has none. */
export function lastPricePaise(market: Market, code: string): bigint | null {
  const quote = market.quote(code);
  return quote && quote.last > 0 ? BigInt(quote.last) : null;
}

export interface PositionValue {
  pricePaise: bigint | null;
  valuePaise: bigint;
  limitPaise: bigint;
}

/** A position at the last price; without a price it counts for nothing (never for its old value). */
export function valuePosition(market: Market, code: string, quantity: bigint, haircutBps: number): PositionValue {
  const pricePaise = lastPricePaise(market, code);
  const valuePaise = pricePaise === null ? 0n : marketValuePaise(pricePaise, quantity);
  return { pricePaise, valuePaise, limitPaise: lendingLimitPaise(valuePaise, haircutBps) };
}

export const positionWire = (orderId: bigint, code: string, quantity: bigint, haircutBps: number, value: PositionValue) => ({
  order_no: orderId.toString(),
  code,
  quantity: quantity.toString(),
  haircut_bps: haircutBps,
  price: value.pricePaise === null ? null : formatRupees(value.pricePaise),
  value: formatRupees(value.valuePaise),
  limit: formatRupees(value.limitPaise),
});
