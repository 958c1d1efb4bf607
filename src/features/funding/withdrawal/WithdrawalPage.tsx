import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { LoadStates, PullIndicator, SkeletonRows } from '../../../ui/LoadStates.tsx';
import type { BankCard } from '../BankListPage.tsx';
import * as styles from '../funding.css.ts';
import { useFundingLabels } from '../fundingLabels.ts';
import { WithdrawalForm } from './WithdrawalForm.tsx';
import { allRulesMet, WithdrawalRules } from './WithdrawalRules.tsx';

type WithdrawInfo = ResponseOf<'user/withdrawInfo'>;

/** /information/withdrawal: what can be withdrawn and under which rules, then the request. */
export function WithdrawalPage() {
  const { t } = useLingui();
  // The rules come first; the cards are needed only to choose where the money goes.
  const load = useCallback(() => Promise.all([call('user/withdrawInfo', {}, { silent: true }), call('user/bankList', {}, { silent: true })]), []);
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`The withdrawal details could not be loaded.`} skeleton={<SkeletonRows count={4} />}>
        {([info, cards]) => <WithdrawalScreen info={info} cards={cards} />}
      </LoadStates>
    </div>
  );
}

function WithdrawalScreen({ info, cards }: { info: WithdrawInfo; cards: BankCard[] }) {
  const { t } = useLingui();
  const labels = useFundingLabels();
  const ready = allRulesMet(info);
  return (
    <>
      <section className={styles.card} aria-label={t`Withdrawable amount`}>
        <div className={styles.cardHead}>
          <span className={styles.figureLabel}>
            <Trans>Withdrawable</Trans>
          </span>
          <Link to="/information/cashOut">
            <Trans>Withdrawal records</Trans>
          </Link>
        </div>
        <span className={styles.bigAmount} data-testid="withdrawable">
          {labels.money(info.withdrawable)}
        </span>
        <dl className={styles.figures}>
          <dt className={styles.figureLabel}>
            <Trans>Minimum withdrawal</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="withdrawal-minimum">
            {labels.money(info.minimum)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Withdrawal hours</Trans>
          </dt>
          <dd className={styles.figureValue}>{labels.timeWindow(info.window)}</dd>
          <dt className={styles.figureLabel}>
            <Trans>Expected arrival</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="withdrawal-arrival">
            {labels.arrival(info.arrival_hours)}
          </dd>
        </dl>
        <p className={styles.muted}>
          <Trans>Withdrawable = cash − money held for orders − outstanding loans.</Trans>
        </p>
      </section>

      <section className={styles.card} aria-label={t`Before you withdraw`}>
        <h2 className={styles.cardTitle}>{ready ? <Trans>You can withdraw</Trans> : <Trans>Before you can withdraw</Trans>}</h2>
        <WithdrawalRules info={info} />
      </section>

      <WithdrawalForm info={info} cards={cards} ready={ready} />
    </>
  );
}
