import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { IpoIssue } from '../../../contract/ipo.ts';
import { type IpoTab, ipoListSearch, ipoTabs } from '../../app/routeSearch.ts';
import { call } from '../../api/commandBus.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import * as styles from '../funding/funding.css.ts';
import * as primaryStyles from '../primaryMarket/primaryMarket.css.ts';
import { amountForShares, issueTone, tabOfState, useIpoLabels } from './ipoText.ts';

const loadIssues = () => call('ipo/list', {}, { silent: true });

/** /home/newStock: every issue, one request, sorted into Open / Upcoming / Closed / Listed tabs. */
export function IpoListPage() {
  const { t } = useLingui();
  const { tab } = ipoListSearch.useSearch();
  const setSearch = ipoListSearch.useSetSearch();
  const { state, reload } = useLoad(useCallback(loadIssues, []));
  const pullPx = usePullToRefresh(reload);
  const tabNames: Record<IpoTab, string> = { open: t({ message: 'Open', context: 'IPO tab' }), upcoming: t`Upcoming`, closed: t({ message: 'Closed', context: 'IPO tab' }), listed: t`Listed` };
  const emptyTitles: Record<IpoTab, string> = {
    open: t`No IPOs open right now`,
    upcoming: t`No upcoming IPOs`,
    closed: t`No closed IPOs`,
    listed: t`No listed IPOs yet`,
  };
  return (
    <div className={styles.listPage}>
      <div className={styles.tabs}>
        <div className={styles.segmented} role="group" aria-label={t`IPOs by state`}>
          {ipoTabs.map((option) => (
            <button key={option} type="button" className={styles.segment} aria-pressed={tab === option} data-tab={option} onClick={() => setSearch({ tab: option })}>
              {tabNames[option]}
            </button>
          ))}
        </div>
      </div>
      <PullIndicator pullPx={pullPx} />
      <div className={styles.page}>
        <Link to="/home/newStockRecord" className={styles.chip} style={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center' }}>
          <Trans>My applications</Trans>
        </Link>
        <LoadStates
          state={state}
          onRetry={reload}
          errorTitle={t`The IPOs could not be loaded.`}
          skeleton={<SkeletonRows count={4} />}
          isEmpty={(issues) => !issues.some((issue) => tabOfState[issue.state] === tab)}
          empty={<EmptyState icon="list" title={emptyTitles[tab]} text={t`Pull down to refresh. New issues appear here before they open.`} />}
        >
          {(issues) => issues.filter((issue) => tabOfState[issue.state] === tab).map((issue) => <IssueCard key={issue.id} issue={issue} />)}
        </LoadStates>
      </div>
    </div>
  );
}

function IssueCard({ issue }: { issue: IpoIssue }) {
  const labels = useIpoLabels();
  const minimum = labels.money(amountForShares(issue.price, issue.lot));
  const lot = labels.shares(issue.lot);
  return (
    <article className={styles.card} data-testid="ipo-card" data-ipo-id={issue.id} data-state={issue.state}>
      <Link to="/home/newStockBuy" search={{ ipo_id: issue.id }} className={primaryStyles.cardLink}>
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>
            {issue.issuer} <span className={primaryStyles.code}>{issue.code}</span>
          </h2>
          <span className={primaryStyles.chipRow}>
            {issue.demo ? (
              <span className={primaryStyles.demoLabel} data-testid="ipo-demo">
                <Trans>Demo</Trans>
              </span>
            ) : null}
            <span className={styles.badge[issueTone[issue.state]]}>{labels.issueState[issue.state]}</span>
          </span>
        </div>
        <dl className={styles.figures}>
          <dt className={styles.figureLabel}>
            <Trans>Price</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="ipo-price">
            {labels.price(issue)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Lot</Trans>
          </dt>
          <dd className={styles.figureValue}>
            <Trans>{lot} shares</Trans>
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Minimum investment</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="ipo-minimum">
            {minimum}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Retail subscription</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="ipo-subscription">
            {labels.subscription(issue.retail_subscription_times)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Opens</Trans>
          </dt>
          <dd className={styles.figureValue}>{labels.when(issue.open_at)}</dd>
          <dt className={styles.figureLabel}>
            <Trans>Closes</Trans>
          </dt>
          <dd className={styles.figureValue}>{labels.when(issue.close_at)}</dd>
          <dt className={styles.figureLabel}>
            <Trans>Draw</Trans>
          </dt>
          <dd className={styles.figureValue}>{labels.when(issue.draw_at)}</dd>
          <dt className={styles.figureLabel}>
            <Trans>Listing</Trans>
          </dt>
          <dd className={styles.figureValue}>{labels.when(issue.listing_at)}</dd>
        </dl>
        {issue.state === 'withdrawn' && issue.withdrawn_reason ? (
          <p className={styles.rowReason} data-testid="ipo-withdrawn-reason">
            <Trans>Withdrawn: {issue.withdrawn_reason}</Trans>
          </p>
        ) : null}
      </Link>
    </article>
  );
}
