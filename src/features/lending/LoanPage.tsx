import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { CreditOverview, LoanView } from '../../../contract/lending.ts';
import { call } from '../../api/commandBus.ts';
import { LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import * as styles from '../funding/funding.css.ts';
import { BorrowForm } from './BorrowForm.tsx';
import * as lendingStyles from './lending.css.ts';
import { CreditScoreCard } from './CreditScoreCard.tsx';
import { useLendingLabels } from './lendingLabels.ts';
import { RepayForm } from './RepayForm.tsx';

type LoanScreenData = { overview: CreditOverview; openLoans: LoanView[]; openTotal: number };

async function loadLoanScreen(): Promise<LoanScreenData> {
  const [overview, loans] = await Promise.all([call('credit/overview', {}, { silent: true }), call('loan/list', { page: 1, status: 'open' }, { silent: true })]);
  return { overview, openLoans: loans.items, openTotal: loans.total };
}

/** /information/loan: the credit score and limit, borrowing, and repaying the loans still open. */
export function LoanPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(loadLoanScreen, []));
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`Your credit and loans could not be loaded.`} skeleton={<SkeletonRows count={5} />}>
        {(data) => <LoanScreen data={data} onChanged={reload} />}
      </LoadStates>
    </div>
  );
}

function LoanScreen({ data, onChanged }: { data: LoanScreenData; onChanged: () => void }) {
  const { t } = useLingui();
  const labels = useLendingLabels();
  const { overview, openLoans } = data;
  return (
    <>
      <section className={styles.card} aria-label={t`Your credit`}>
        <dl className={styles.figures}>
          <dt className={styles.figureLabel}>
            <Trans>Loan limit</Trans>
          </dt>
          <dd className={`${styles.figureValue} ${styles.figureEmphasis}`} data-testid="credit-limit">
            {labels.money(overview.limit)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Borrowed</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="credit-borrowed">
            {labels.money(overview.borrowed)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Available to borrow</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="credit-available">
            {labels.money(overview.available)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Interest</Trans>
          </dt>
          <dd className={styles.figureValue}>{labels.yearlyRate(overview.annual_rate_bps)}</dd>
        </dl>
        <div className={lendingStyles.links}>
          <Link to="/information/jkjl" className={styles.chip}>
            <Trans>Loan records</Trans>
          </Link>
          <Link to="/information/pledge" className={styles.chip}>
            <Trans>Borrow against stock</Trans>
          </Link>
        </div>
      </section>

      <BorrowForm overview={overview} onBorrowed={onChanged} />

      {openLoans.length > 0 ? (
        <section className={styles.stack} aria-label={t`Loans to repay`}>
          <h2 className={styles.cardTitle}>
            <Trans>Loans to repay</Trans>
          </h2>
          {openLoans.map((loan) => (
            <RepayForm key={loan.id} loan={loan} onRepaid={onChanged} />
          ))}
          {data.openTotal > openLoans.length ? (
            <p className={styles.muted}>
              <Trans>Your newest open loans are shown; repay these and the next ones appear here.</Trans>
            </p>
          ) : null}
        </section>
      ) : (
        <p className={styles.muted} data-testid="no-open-loans">
          <Trans>You owe nothing. Loans you take appear here to repay.</Trans>
        </p>
      )}

      <CreditScoreCard overview={overview} />
    </>
  );
}
