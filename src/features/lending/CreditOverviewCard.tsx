import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CreditOverview } from '../../../contract/lending.ts';
import type { Loadable } from '../../ui/useLoad.ts';
import { Button, Skeleton } from '../../ui/widgets.tsx';
import * as styles from '../funding/funding.css.ts';
import * as lendingStyles from './lending.css.ts';
import { levelTone, useLendingLabels } from './lendingLabels.ts';

/** Home's credit overview: score, level, limit, what is borrowed, and the way to borrow. */
export function CreditOverviewCard({ state, onRetry }: { state: Loadable<CreditOverview>; onRetry: () => void }) {
  const { t } = useLingui();
  const labels = useLendingLabels();
  const overview = state.status === 'ready' ? state.data : null;
  return (
    <section className={lendingStyles.homeCard} aria-label={t`Credit overview`} aria-busy={state.status === 'loading'} data-testid="credit-overview">
      <div className={lendingStyles.homeTop}>
        <div>
          <div className={lendingStyles.homeLabel}>
            <Trans>Credit score</Trans>
          </div>
          {overview ? (
            <div className={lendingStyles.homeScore} data-testid="home-credit-score">
              {overview.score}
            </div>
          ) : state.status === 'loading' ? (
            <Skeleton width={64} height={32} />
          ) : null}
          {overview ? (
            <span className={styles.badge[levelTone[overview.level]]} data-testid="home-credit-level">
              {labels.level[overview.level]}
            </span>
          ) : null}
        </div>
        {overview ? (
          <dl className={lendingStyles.homeFigures}>
            <dt className={lendingStyles.homeLabel}>
              <Trans>Limit</Trans>
            </dt>
            <dd className={lendingStyles.homeValue} data-testid="home-credit-limit">
              {labels.money(overview.limit)}
            </dd>
            <dt className={lendingStyles.homeLabel}>
              <Trans>Borrowed</Trans>
            </dt>
            <dd className={lendingStyles.homeValue} data-testid="home-credit-borrowed">
              {labels.money(overview.borrowed)}
            </dd>
          </dl>
        ) : state.status === 'loading' ? (
          <Skeleton width={120} height={40} />
        ) : null}
      </div>
      {state.status === 'failed' ? (
        <div role="alert" className={styles.muted}>
          <Trans>Your credit overview could not be loaded.</Trans>{' '}
          <Button variant="soft" onClick={onRetry}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : (
        <Link to="/information/loan" className={lendingStyles.homeLink} data-action="go-to-borrow">
          <Trans>Go to borrow</Trans>
        </Link>
      )}
    </section>
  );
}
