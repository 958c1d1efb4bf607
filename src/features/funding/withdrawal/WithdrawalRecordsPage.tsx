import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { EmptyState } from '../../../ui/LoadStates.tsx';
import * as styles from '../funding.css.ts';
import { useFundingLabels, withdrawalTone } from '../fundingLabels.ts';
import { PagedList } from '../PagedList.tsx';

type Withdrawal = ResponseOf<'user/withdraw'>;

const loadWithdrawals = (page: number) => call('user/withdrawList', { page }, { silent: true });

/** /information/cashOut: the user's withdrawals, newest first, 10 a page. */
export function WithdrawalRecordsPage() {
  const { t } = useLingui();
  return (
    <PagedList
      loadPage={loadWithdrawals}
      itemKey={(withdrawal) => withdrawal.id}
      renderItem={(withdrawal) => <WithdrawalRow withdrawal={withdrawal} />}
      errorTitle={t`Your withdrawals could not be loaded.`}
      empty={
        <EmptyState
          icon="wallet"
          title={t`No withdrawals yet`}
          text={t`Withdrawals you request appear here until the money reaches your bank.`}
          action={
            <Link to="/information/withdrawal">
              <Trans>Withdraw</Trans>
            </Link>
          }
        />
      }
    />
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const labels = useFundingLabels();
  const card = withdrawal.card;
  const bankReference = withdrawal.bank_reference;
  const reason = withdrawal.reason;
  return (
    <div className={styles.row} data-testid="withdrawal-row" data-status={withdrawal.status}>
      <div className={styles.rowTop}>
        <span className={styles.amount.flat}>{labels.money(withdrawal.amount)}</span>
        <span className={styles.badge[withdrawalTone[withdrawal.status]]}>{labels.withdrawalStatus[withdrawal.status]}</span>
      </div>
      <div className={styles.rowMeta}>
        <span>
          {card.bank_name} {card.account_no_masked}
        </span>
        <span>{labels.dateTime(withdrawal.created_at)}</span>
      </div>
      {withdrawal.status === 'paid' && bankReference ? (
        <p className={styles.muted}>
          <Trans>Bank reference {bankReference}</Trans>
        </p>
      ) : null}
      {withdrawal.status === 'first_approved' ? (
        <p className={styles.muted}>
          <Trans>Approved once; a second reviewer approves larger withdrawals before payment.</Trans>
        </p>
      ) : null}
      {withdrawal.status === 'rejected' && reason ? (
        <p className={styles.rowReason}>
          <Trans>Reason: {reason}</Trans>
        </p>
      ) : null}
    </div>
  );
}
