import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { formatRupees as paiseToRupeeText } from '../../../contract/money.ts';
import type { OrderSide, OrderStatus, OrderType } from '../../../contract/trading.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { formatRupees } from '../../ui/money.ts';
import { noValue } from '../../ui/format.ts';

// Words and money formatting shared by every trading screen, so a side, a status or an
// amount reads the same on the order sheet, the lists and the detail page.

export type CloseReason = 'user' | 'margin_call';

export function useOrderLabels() {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const side: Record<OrderSide, string> = { long: t`Buy (long)`, short: t`Sell (short)` };
  const type: Record<OrderType, string> = { market: t`Market`, limit: t`Limit` };
  const status: Record<OrderStatus, string> = { pending: t`Pending`, holding: t`Holding`, closed: t`Closed`, cancelled: t`Cancelled` };
  const closeReason: Record<CloseReason, string> = { user: t`Closed by you`, margin_call: t`Closed automatically: margin call` };
  /** A rupee string from the wire ("2456.35") or paise, as "₹2,456.35"; null as a dash. */
  const money = (value: string | bigint | null): string => (value === null ? noValue : formatRupees(typeof value === 'bigint' ? paiseToRupeeText(value) : value, locale));
  /** A P&L with its sign always shown: "+₹120.00", "-₹45.50". */
  const signedMoney = (value: string | bigint | null): string => {
    if (value === null) return noValue;
    const text = typeof value === 'bigint' ? paiseToRupeeText(value) : value.trim();
    if (text.startsWith('-')) return `-${formatRupees(text.slice(1), locale)}`;
    return /^0(\.0+)?$/.test(text) ? formatRupees(text, locale) : `+${formatRupees(text, locale)}`;
  };
  return { side, type, status, closeReason, money, signedMoney, locale };
}

/** Green for a gain, red for a loss, grey for nothing either way. */
export function directionOfAmount(value: string | bigint | null): 'up' | 'down' | 'flat' {
  if (value === null) return 'flat';
  if (typeof value === 'bigint') return value > 0n ? 'up' : value < 0n ? 'down' : 'flat';
  const text = value.trim();
  if (/^-?0(\.0+)?$/.test(text)) return 'flat';
  return text.startsWith('-') ? 'down' : 'up';
}
