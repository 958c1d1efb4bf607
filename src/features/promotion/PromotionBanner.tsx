import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { call } from '../../api/commandBus.ts';
import { Icon } from '../../ui/icons.tsx';
import { formatMoney } from '../../ui/money.ts';
import { useLoad } from '../../ui/useLoad.ts';
import * as card from '../funding/funding.css.ts';

/** Home: while the caller's fee-rebate window is open, a link to its terms and their standing; nothing otherwise (or when it cannot load). */
export function PromotionBanner() {
  const { state } = useLoad(useCallback(() => call('promotion/feeRebate', {}, { silent: true }), []));
  if (state.status !== 'ready' || state.data.state !== 'open') return null;
  const { terms, days_left: daysLeft } = state.data;
  const percent = terms.percent;
  const cap = formatMoney(terms.cap, 'INR');
  return (
    <Link to="/information/promotion" className={card.notice.info} style={{ color: 'inherit', minHeight: 44 }} data-testid="home-fee-rebate">
      <Icon name="ipo" size={18} />
      <span>
        {daysLeft === 1 ? (
          <Trans>New-account fee rebate: {percent}% of your brokerage back, up to {cap}. 1 day left.</Trans>
        ) : (
          <Trans>New-account fee rebate: {percent}% of your brokerage back, up to {cap}. {daysLeft} days left.</Trans>
        )}
      </span>
    </Link>
  );
}
