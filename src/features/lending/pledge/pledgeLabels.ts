import { useLingui } from '@lingui/react/macro';
import type { PledgedPositionState, PledgeStatus } from '../../../../contract/pledge.ts';
import type { BadgeTone } from '../../funding/fundingLabels.ts';
import { useOrderLabels } from '../../trading/orderLabels.ts';

// Words of the pledge screens: a pledge's state and its positions', and ratios in percent.

export const pledgeTone: Record<PledgeStatus, BadgeTone> = { in_progress: 'waiting', successful: 'good', failed: 'bad', completed: 'neutral' };

/** Basis points as a percentage with two decimals: 6250 → "62.50%". Integers only. */
export function percentText(bps: number): string {
  const whole = Math.floor(bps / 100);
  const hundredths = String(bps % 100).padStart(2, '0');
  return `${whole}.${hundredths}%`;
}

export function usePledgeLabels() {
  const { t } = useLingui();
  const { money, locale } = useOrderLabels();
  const status: Record<PledgeStatus, string> = {
    in_progress: t`In progress`,
    successful: t`Successful`,
    failed: t`Failed`,
    completed: t`Completed`,
  };
  const positionState: Record<PledgedPositionState, string> = { pledged: t`Pledged`, released: t`Released`, sold: t`Sold to repay` };
  return { status, positionState, money, locale };
}
