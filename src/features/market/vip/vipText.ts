import { useLingui } from '@lingui/react/macro';
import type { VipAllocationState, VipLevelReason, vipBenefits } from '../../../../contract/vip.ts';
import { formatIstDateTime } from '../../../ui/format.ts';
import { formatMoney } from '../../../ui/money.ts';
import type { BadgeTone } from '../../funding/fundingLabels.ts';
import { useOrderLabels } from '../../trading/orderLabels.ts';

// Words and figures of the VIP level card and the allocations: why a level, what it unlocks,
// an allocation's state, rupees in Indian grouping and times in IST.

export const allocationTone: Record<VipAllocationState, BadgeTone> = { upcoming: 'neutral', open: 'good', sold_out: 'waiting', closed: 'neutral' };

export function useVipLabels() {
  const { t } = useLingui();
  const { locale } = useOrderLabels();
  const reason: Record<VipLevelReason, string> = {
    none: t`No threshold met yet`,
    total_assets: t`Reached by your total assets`,
    turnover: t`Reached by your 90-day turnover`,
    grant: t`Granted by staff`,
  };
  const benefit: Record<(typeof vipBenefits)[number], string> = {
    analytics: t`Real-time analytics: the live sector heatmap, top movers, volume spikes and market breadth.`,
    allocations: t`VIP allocations: limited quantities of stock at a fixed price, first come first served.`,
    fee_schedule: t`The VIP fee schedule on every order.`,
  };
  const state: Record<VipAllocationState, string> = {
    upcoming: t({ message: 'Opens soon', context: 'VIP allocation' }),
    open: t({ message: 'Open', context: 'VIP allocation' }),
    sold_out: t`Sold out`,
    closed: t({ message: 'Closed', context: 'VIP allocation' }),
  };
  const money = (amount: string | bigint | null): string => formatMoney(amount, 'INR');
  const when = (iso: string): string => formatIstDateTime(iso, locale);
  const shares = (count: number): string => new Intl.NumberFormat('en-IN').format(count);
  /** Basis points as a percent: 1 bp = 0.01 %. */
  const bps = (value: number): string => `${(value / 100).toFixed(2)}%`;
  const levelName = (level: number): string => (level === 0 ? t`No VIP level` : t`VIP ${level}`);
  return { reason, benefit, state, money, when, shares, bps, levelName, locale };
}
