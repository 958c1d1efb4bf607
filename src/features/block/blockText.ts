import { useLingui } from '@lingui/react/macro';
import type { BlockState, BlockView } from '../../../contract/block.ts';
import { tradingDayStartAfter } from '../../../contract/calendar.ts';
import { feeOn } from '../../../contract/fees.ts';
import { parseRupees, type Paise } from '../../../contract/money.ts';
import { formatBasisPoints, formatIstDateTime } from '../../ui/format.ts';
import { formatMoney } from '../../ui/money.ts';
import { type BadgeTone, useFundingLabels } from '../funding/fundingLabels.ts';

// Words and figures of the block-trade desk: a block's state, its price against the market
// price, the window's countdown, the purchase's cost with the block fee schedule, and the
// date from which bought shares can be sold (T+N trading days, the exchange calendar).

export const blockTone: Record<BlockState, BadgeTone> = { upcoming: 'neutral', open: 'good', closed: 'bad' };

/** price × shares plus the buy leg's block fees (service fee and stamp duty), in paise; null on a malformed price. */
export function purchaseCost(block: Pick<BlockView, 'price' | 'fees'>, shares: number): { amount: Paise; fees: Paise; total: Paise } | null {
  const pricePaise = parseRupees(block.price);
  if (pricePaise === null) return null;
  const amount = pricePaise * BigInt(shares);
  const fees = feeOn(amount, block.fees.service_fee_bps) + feeOn(amount, block.fees.stamp_duty_bps);
  return { amount: amount as Paise, fees: fees as Paise, total: (amount + fees) as Paise };
}

/** The fewest shares, in whole lots, that meet both minimums (shares and amount); null on a malformed figure. */
export function minimumPurchaseShares(block: Pick<BlockView, 'price' | 'lot' | 'minimum_shares' | 'minimum_amount'>): number | null {
  const pricePaise = parseRupees(block.price);
  const minimumPaise = parseRupees(block.minimum_amount);
  if (pricePaise === null || minimumPaise === null || pricePaise <= 0n || block.lot <= 0) return null;
  const lotPaise = pricePaise * BigInt(block.lot);
  const lotsForAmount = (minimumPaise + lotPaise - 1n) / lotPaise;
  const lotsForShares = BigInt(Math.ceil(block.minimum_shares / block.lot));
  const lots = lotsForAmount > lotsForShares ? lotsForAmount : lotsForShares;
  return Number(lots) * block.lot; // number-ok: a share count, not money
}

/** The instant shares bought at `now` can first be sold: IST midnight of trading day T+N. */
export const sellableFrom = (now: number, lockTradingDays: number): number => tradingDayStartAfter(now, lockTradingDays);

export function useBlockLabels() {
  const { t } = useLingui();
  const funding = useFundingLabels();
  const { locale } = funding;
  const blockState: Record<BlockState, string> = {
    upcoming: t({ message: 'Upcoming', context: 'block state' }),
    open: t({ message: 'Open', context: 'block state' }),
    closed: t({ message: 'Closed', context: 'block state' }),
  };
  const money = (amount: string | bigint | null): string => formatMoney(amount, 'INR');
  const when = (iso: string | number | null): string => (iso === null ? '' : formatIstDateTime(iso, locale));
  const percent = (bps: number): string => formatBasisPoints(bps, locale);
  const bpsAsPercent = (bps: number): string => formatBasisPoints(bps, locale, { signed: false });
  /** A whole number of shares, grouped in the Indian way (1,00,000). */
  const shares = (count: number): string => new Intl.NumberFormat('en-IN').format(count);
  /** "2 h 15 min", "3 d 4 h": what is left of a span, for the window's countdown. */
  const span = (ms: number): string => {
    const minutes = Math.max(0, Math.ceil(ms / 60_000));
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    const rest = minutes % 60;
    if (days > 0) return t`${days} d ${hours} h`;
    if (hours > 0) return t`${hours} h ${rest} min`;
    return t`${rest} min`;
  };
  return { ...funding, blockState, money, when, percent, bpsAsPercent, shares, span };
}
