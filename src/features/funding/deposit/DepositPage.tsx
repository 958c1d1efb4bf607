import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { depositSearch } from '../../../app/routeSearch.ts';
import { openCustomerService } from '../../../app/customerService.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { Button } from '../../../ui/widgets.tsx';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../../ui/LoadStates.tsx';
import * as styles from '../funding.css.ts';
import { depositTone, useFundingLabels } from '../fundingLabels.ts';
import { DepositForm } from './DepositForm.tsx';
import { type Deposit, DepositHistory } from './DepositHistory.tsx';

type DepositInfo = ResponseOf<'user/depositInfo'>;

/** /information/recharge[?tab=history][&channel=<id>]: pay the firm, then tell us; and the history. */
export function DepositPage() {
  const { t } = useLingui();
  const { tab } = depositSearch.useSearch();
  const setSearch = depositSearch.useSetSearch();
  return (
    <div className={styles.listPage}>
      <div className={styles.tabs}>
        <div className={styles.segmented} role="group" aria-label={t`Deposit sections`}>
          <button type="button" className={styles.segment} aria-pressed={tab === 'deposit'} onClick={() => setSearch({ tab: 'deposit' })}>
            <Trans>Deposit</Trans>
          </button>
          <button type="button" className={styles.segment} aria-pressed={tab === 'history'} onClick={() => setSearch({ tab: 'history' })}>
            <Trans>History</Trans>
          </button>
        </div>
      </div>
      {tab === 'history' ? <DepositHistory /> : <NewDeposit />}
    </div>
  );
}

function NewDeposit() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('user/depositInfo', {}, { silent: true }), []));
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`The deposit details could not be loaded.`} skeleton={<SkeletonRows count={4} />}>
        {(info) => <DepositScreen info={info} onSubmitted={reload} />}
      </LoadStates>
    </div>
  );
}

function DepositScreen({ info, onSubmitted }: { info: DepositInfo; onSubmitted: () => void }) {
  const { t } = useLingui();
  const labels = useFundingLabels();
  const windowText = labels.timeWindow(info.window);
  return (
    <>
      <section className={styles.card} aria-label={t`Deposit rules`}>
        <dl className={styles.figures}>
          <dt className={styles.figureLabel}>
            <Trans>Minimum deposit</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="deposit-minimum">
            {labels.money(info.minimum)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Accepted</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="deposit-window">
            {windowText}
          </dd>
        </dl>
        {info.open_now ? null : (
          <p className={styles.notice.warning} role="status">
            <Icon name="hourglass" size={18} />
            <span>
              <Trans>Deposits are closed right now. They are accepted {windowText}.</Trans>
            </span>
          </p>
        )}
      </section>
      {info.pending ? (
        <PendingDeposit deposit={info.pending} />
      ) : info.channels.filter((channel) => channel.active).length === 0 ? (
        <EmptyState
          icon="wallet"
          title={t`No deposit channel is open`}
          text={t`There is no account to pay into right now. Please contact customer service.`}
          action={
            <Button variant="soft" onClick={() => openCustomerService()}>
              <Trans>Contact customer service</Trans>
            </Button>
          }
        />
      ) : (
        <DepositForm info={info} onSubmitted={onSubmitted} />
      )}
    </>
  );
}

/** One deposit at a time: while one is being reviewed, it is shown instead of the form. */
function PendingDeposit({ deposit }: { deposit: Deposit }) {
  const { t } = useLingui();
  const labels = useFundingLabels();
  return (
    <section className={styles.card} aria-label={t`Deposit under review`} data-testid="pending-deposit">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <Trans>Deposit under review</Trans>
        </h2>
        <span className={styles.badge[depositTone[deposit.status]]}>{labels.depositStatus[deposit.status]}</span>
      </div>
      <span className={styles.bigAmount}>{labels.money(deposit.amount)}</span>
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>Channel</Trans>
        </dt>
        <dd className={styles.figureValue}>{deposit.channel_name}</dd>
        <dt className={styles.figureLabel}>
          <Trans>Transfer reference (UTR)</Trans>
        </dt>
        <dd className={styles.figureValue}>{deposit.reference}</dd>
        <dt className={styles.figureLabel}>
          <Trans>Submitted</Trans>
        </dt>
        <dd className={styles.figureValue}>{labels.dateTime(deposit.created_at)}</dd>
      </dl>
      <p className={styles.notice.info}>
        <Icon name="hourglass" size={18} />
        <span>
          <Trans>You can make a new deposit once this one has been reviewed.</Trans>
        </span>
      </p>
      <Link to="/information/recharge" search={{ tab: 'history' }} replace>
        <Trans>View deposit history</Trans>
      </Link>
    </section>
  );
}
