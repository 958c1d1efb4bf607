import type { LedgerCurrency } from '../../../contract/currencies.ts';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { CloseReason, OrderOriginKind, OrderProduct, OrderSide, OrderStatus, OrderType } from '../../../contract/trading.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { formatMoney } from '../../ui/money.ts';

// Words and money formatting shared by every trading screen, so a side, a status or an
// amount reads the same on the order sheet, the lists and the detail page.

export function useOrderLabels() {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const side: Record<OrderSide, string> = { long: t`Buy (long)`, short: t`Sell (short)` };
  // Its own context: "Market" as an order type is 市價 / 시장가, not the Market tab (行情 / 시장).
  const type: Record<OrderType, string> = { market: t({ message: 'Market', context: 'order type' }), limit: t({ message: 'Limit', context: 'order type' }) };
  const status: Record<OrderStatus, string> = { pending: t`Pending`, holding: t`Holding`, closed: t`Closed`, cancelled: t`Cancelled` };
  const closeReason: Record<CloseReason, string> = {
    user: t`Closed by you`, margin_call: t`Closed automatically: margin call`, intraday_square_off: t`Squared off automatically at the intraday square-off time`,
  };
  const product: Record<OrderProduct, string> = { delivery: t`Delivery`, intraday: t`Intraday` };
  /** Where a position bought at a fixed price outside the market came from. */
  const origin: Record<OrderOriginKind, string> = { ipo: t`IPO allotment`, placement: t`Placement allotment`, block: t`Block trade`, vip: t`VIP allocation` };
  /** An amount of the order's currency from the wire ("2456.35", "260500") or in hundredths, as "₹2,456.35" / "₩260,500" in every language; null as a dash. */
  const money = (value: string | bigint | null, currency: LedgerCurrency = 'INR'): string => formatMoney(value, currency);
  /** A P&L with its sign always shown: "+₹120.00", "-₩4,500". */
  const signedMoney = (value: string | bigint | null, currency: LedgerCurrency = 'INR'): string => formatMoney(value, currency, { sign: 'always' });
  return { side, type, status, closeReason, product, origin, money, signedMoney, locale };
}

/** Green for a gain, red for a loss, grey for nothing either way. */
export function directionOfAmount(value: string | bigint | null): 'up' | 'down' | 'flat' {
  if (value === null) return 'flat';
  if (typeof value === 'bigint') return value > 0n ? 'up' : value < 0n ? 'down' : 'flat';
  const text = value.trim();
  if (/^-?0(\.0+)?$/.test(text)) return 'flat';
  return text.startsWith('-') ? 'down' : 'up';
}
