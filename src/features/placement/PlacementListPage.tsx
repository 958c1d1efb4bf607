import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { PlacementOffer } from '../../../contract/placement.ts';
import { call } from '../../api/commandBus.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import * as styles from '../funding/funding.css.ts';
import { type Fact, FactList } from '../primaryMarket/FactList.tsx';
import * as primaryStyles from '../primaryMarket/primaryMarket.css.ts';
import { offerTone, usePlacementLabels } from './placementText.ts';

const loadOffers = () => call('placement/list', {}, { silent: true });

/** /home/newStockps: placements and rights issues, open ones first, each with the caller's entitlement. */
export function PlacementListPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(loadOffers, []));
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      <div className={styles.page}>
        <Link to="/home/newStockps1" className={styles.chip} style={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center' }}>
          <Trans>My placement orders</Trans>
        </Link>
        <LoadStates
          state={state}
          onRetry={reload}
          errorTitle={t`The placements could not be loaded.`}
          skeleton={<SkeletonRows count={4} />}
          isEmpty={(offers) => offers.length === 0}
          empty={<EmptyState icon="list" title={t`No placements or rights issues right now`} text={t`Pull down to refresh. Offers appear here before their record date.`} />}
        >
          {(offers) => [...offers].sort(openFirst).map((offer) => <OfferCard key={offer.id} offer={offer} />)}
        </LoadStates>
      </div>
    </div>
  );
}

const stateOrder = { open: 0, upcoming: 1, closed: 2, allotted: 3, withdrawn: 4 } as const;
const openFirst = (a: PlacementOffer, b: PlacementOffer) => stateOrder[a.state] - stateOrder[b.state];

export function OfferCard({ offer, linked = true }: { offer: PlacementOffer; linked?: boolean }) {
  const { t } = useLingui();
  const labels = usePlacementLabels();
  const discount = labels.discount(offer);
  const entitlement = offer.entitlement === null ? t`Known after the record date` : t`${labels.shares(offer.entitlement)} shares`;
  const rows: Fact[] = [
    [t`Price`, labels.money(offer.price, offer.currency), 'placement-price'],
    [t`Market price`, offer.market_price === null ? '—' : labels.money(offer.market_price, offer.currency)],
    ...(discount ? [[t`Discount`, discount, 'placement-discount'] as [string, string, string]] : []),
    [t`Ratio`, labels.ratio(offer), 'placement-ratio'],
    [t`Record date`, offer.record_date],
    [t`Opens`, labels.when(offer.open_at)],
    [t`Closes`, labels.when(offer.close_at)],
    [t`Minimum per application`, t`${labels.shares(offer.minimum_quantity)} shares`],
    [t`Your entitlement`, entitlement, 'placement-entitlement'],
  ];
  const body = (
    <>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          {offer.name} <span className={primaryStyles.code}>{offer.code}</span>
        </h2>
        <span className={primaryStyles.chipRow}>
          {offer.demo ? (
            <span className={primaryStyles.demoLabel}>
              <Trans>Demo</Trans>
            </span>
          ) : null}
          <span className={styles.badge.neutral}>{labels.kind(offer)}</span>
          <span className={styles.badge[offerTone[offer.state]]} data-testid="placement-state">
            {labels.offerState[offer.state]}
          </span>
        </span>
      </div>
      <FactList facts={rows} />
      {offer.state === 'withdrawn' && offer.withdrawn_reason ? (
        <p className={styles.rowReason}>
          <Trans>Withdrawn: {offer.withdrawn_reason}</Trans>
        </p>
      ) : null}
    </>
  );
  return (
    <article className={styles.card} data-testid="placement-card" data-placement-id={offer.id} data-state={offer.state}>
      {linked ? (
        <Link to="/home/newStockPsBuy" search={{ placement_id: offer.id }} className={primaryStyles.cardLink}>
          {body}
        </Link>
      ) : (
        body
      )}
    </article>
  );
}
