import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { call } from '../../api/commandBus.ts';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { PagedList } from '../funding/PagedList.tsx';
import * as styles from '../funding/funding.css.ts';
import * as fundStyles from './funds.css.ts';
import { HoldingCard } from './HoldingCard.tsx';

/** /home/fllowRecord: every subscription to a strategy fund, newest first, with its units, NAVs, P&L, fees and redemptions. */
export function FundHoldingsPage() {
  const { t } = useLingui();
  const loadPage = useCallback((page: number) => call('fund/holdings', { page }, { silent: true }), []);
  return (
    <PagedList
      loadPage={loadPage}
      itemKey={(holding) => holding.id}
      renderItem={(holding) => (
        <div className={fundStyles.recordItem}>
          <HoldingCard holding={holding} linkToFund />
        </div>
      )}
      errorTitle={t`Your copy-trading records could not be loaded.`}
      empty={
        <EmptyState
          title={t`No copy-trading records yet`}
          text={t`When you follow a strategy fund, each subscription appears here with its units, NAVs, profit and fees.`}
          action={
            <Link to="/home/fllow" className={styles.chip} style={{ display: 'inline-flex', alignItems: 'center' }}>
              <Trans>See the strategy funds</Trans>
            </Link>
          }
        />
      }
    />
  );
}
