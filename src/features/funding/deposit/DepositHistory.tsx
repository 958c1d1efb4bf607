import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { EmptyState } from '../../../ui/LoadStates.tsx';
import * as styles from '../funding.css.ts';
import { depositTone, useFundingLabels } from '../fundingLabels.ts';
import { PagedList } from '../PagedList.tsx';

export type Deposit = ResponseOf<'user/deposit'>;

const loadDeposits = (page: number) => call('user/depositList', { page }, { silent: true });

/** The user's deposits, newest first, 10 a page. */
export function DepositHistory() {
  const { t } = useLingui();
  return (
    <PagedList
      loadPage={loadDeposits}
      itemKey={(deposit) => deposit.id}
      renderItem={(deposit) => <DepositRow deposit={deposit} />}
      errorTitle={t`Your deposits could not be loaded.`}
      empty={
        <EmptyState
          icon="wallet"
          title={t`No deposits yet`}
          text={t`Deposits you submit appear here with their review status.`}
          action={
            <Link to="/information/recharge" search={{ tab: 'deposit' }}>
              <Trans>Make a deposit</Trans>
            </Link>
          }
        />
      }
    />
  );
}

export function DepositRow({ deposit }: { deposit: Deposit }) {
  const labels = useFundingLabels();
  const reference = deposit.reference;
  const reason = deposit.reason;
  return (
    <div className={styles.row} data-testid="deposit-row" data-status={deposit.status}>
      <div className={styles.rowTop}>
        <span className={styles.amount.flat}>{labels.money(deposit.amount)}</span>
        <span className={styles.badge[depositTone[deposit.status]]}>{labels.depositStatus[deposit.status]}</span>
      </div>
      <div className={styles.rowMeta}>
        <span>{deposit.channel_name}</span>
        <span>
          <Trans>UTR {reference}</Trans>
        </span>
        <span>{labels.dateTime(deposit.created_at)}</span>
      </div>
      {deposit.status === 'rejected' && reason ? (
        <p className={styles.rowReason}>
          <Trans>Reason: {reason}</Trans>
        </p>
      ) : null}
    </div>
  );
}
