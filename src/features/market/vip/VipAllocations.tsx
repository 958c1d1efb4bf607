import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { VipAllocation, VipLevels, VipPurchase } from '../../../../contract/vip.ts';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { Button } from '../../../ui/widgets.tsx';
import * as styles from '../../funding/funding.css.ts';
import { useLotText } from '../shared/lotText.ts';
import { VipBuySheet } from './VipBuySheet.tsx';
import { VipLevelCard } from './VipLevelCard.tsx';
import * as vipStyles from './vip.css.ts';
import { allocationTone, useVipLabels } from './vipText.ts';

type AllocationsData = {
  levels: VipLevels;
  allocations: VipAllocation[];
  purchases: ResponseOf<'vip/purchases'>;
  available: string;
};

async function loadAllocations(): Promise<AllocationsData> {
  const silent = { silent: true };
  // The level first: it is recomputed by this call, and the rest is read after it.
  const levels = await call('vip/levels', {}, silent);
  const [allocations, purchases, info] = await Promise.all([call('vip/allocations', {}, silent), call('vip/purchases', { page: 1 }, silent), call('user/info', {}, silent)]);
  return { levels, allocations, purchases, available: info.balances.available };
}

/** The VIP page's second tab: the level card, the allocations with their buy sheet, and the caller's purchases. */
export function VipAllocations() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(loadAllocations, []));
  const pullPx = usePullToRefresh(reload);
  const [buying, setBuying] = useState<VipAllocation | null>(null);
  const [bought, setBought] = useState<VipPurchase | null>(null);
  const labels = useVipLabels();
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`Your VIP level could not be loaded.`} skeleton={<SkeletonRows count={6} />}>
        {(data) => (
          <>
            <VipLevelCard levels={data.levels} />
            <h2 className={styles.cardTitle}>
              <Trans>VIP allocations</Trans>
            </h2>
            {bought ? (
              <p className={styles.notice.info} role="status" data-testid="vip-bought">
                <Trans>
                  Bought {labels.shares(bought.quantity)} shares of {bought.code} for {labels.money(bought.amount)}: order {bought.order_no}.
                </Trans>
              </p>
            ) : null}
            {data.allocations.length === 0 ? (
              <EmptyState icon="list" title={t`No VIP allocations right now`} text={t`Pull down to refresh. New allocations appear here before they open.`} />
            ) : (
              data.allocations.map((allocation) => (
                <AllocationCard key={allocation.id} allocation={allocation} level={data.levels.level} onBuy={() => setBuying(allocation)} />
              ))
            )}
            <Purchases purchases={data.purchases} />
            {buying ? (
              <VipBuySheet
                allocation={buying}
                fees={data.levels.fees}
                available={data.available}
                onBought={(purchase) => {
                  setBuying(null);
                  setBought(purchase);
                  reload();
                }}
                onDismiss={() => {
                  setBuying(null);
                  reload();
                }}
              />
            ) : null}
          </>
        )}
      </LoadStates>
    </div>
  );
}

function AllocationCard({ allocation, level, onBuy }: { allocation: VipAllocation; level: number; onBuy: () => void }) {
  const { t } = useLingui();
  const labels = useVipLabels();
  const lotText = useLotText();
  const allowed = level >= allocation.min_level;
  const room = Math.min(allocation.quantity_left, allocation.per_user_max - allocation.my_quantity) >= allocation.lot;
  return (
    <section className={`${styles.card} ${allowed ? '' : vipStyles.locked}`} aria-label={`${allocation.name} (${allocation.code})`} data-testid="vip-allocation" data-state={allocation.state}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          {allocation.name} <span className={styles.muted}>{allocation.code}</span>
        </h3>
        <span className={styles.badge[allocationTone[allocation.state]]}>{labels.state[allocation.state]}</span>
      </div>
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>Fixed price</Trans>
        </dt>
        <dd className={`${styles.figureValue} ${styles.figureEmphasis}`}>{labels.money(allocation.price)}</dd>
        <dt className={styles.figureLabel}>
          <Trans>Shares left</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="vip-left">
          <Trans>
            {labels.shares(allocation.quantity_left)} of {labels.shares(allocation.quantity_total)}
          </Trans>
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Lot size</Trans>
        </dt>
        <dd className={styles.figureValue}>{lotText(allocation.lot)}</dd>
        <dt className={styles.figureLabel}>
          <Trans>Most per user</Trans>
        </dt>
        <dd className={styles.figureValue}>{t`${labels.shares(allocation.per_user_max)} shares`}</dd>
        <dt className={styles.figureLabel}>
          <Trans>Minimum level</Trans>
        </dt>
        <dd className={styles.figureValue}>{labels.levelName(allocation.min_level)}</dd>
        <dt className={styles.figureLabel}>
          <Trans>Window</Trans>
        </dt>
        <dd className={styles.figureValue}>
          {labels.when(allocation.opens_at)} – {labels.when(allocation.closes_at)}
        </dd>
        {allocation.my_quantity > 0 ? (
          <>
            <dt className={styles.figureLabel}>
              <Trans>You bought</Trans>
            </dt>
            <dd className={styles.figureValue}>{t`${labels.shares(allocation.my_quantity)} shares`}</dd>
          </>
        ) : null}
      </dl>
      {allowed ? (
        <Button block disabled={allocation.state !== 'open' || !room} onClick={onBuy} data-action="vip-buy">
          <Trans>Buy</Trans>
        </Button>
      ) : (
        <p className={styles.fieldHint} data-testid="vip-locked">
          <Trans>Reach {labels.levelName(allocation.min_level)} to buy</Trans>
        </p>
      )}
    </section>
  );
}

function Purchases({ purchases }: { purchases: ResponseOf<'vip/purchases'> }) {
  const { t } = useLingui();
  const labels = useVipLabels();
  return (
    <section className={styles.card} aria-label={t`Your VIP purchases`}>
      <h2 className={styles.cardTitle}>
        <Trans>Your VIP purchases</Trans>
      </h2>
      {purchases.items.length === 0 ? (
        <p className={styles.muted}>
          <Trans>You have not bought from a VIP allocation yet.</Trans>
        </p>
      ) : (
        purchases.items.map((purchase) => (
          <div key={purchase.id} className={styles.rowTop} data-testid="vip-purchase">
            <span className={styles.rowTitle}>
              {purchase.code} · {t`${labels.shares(purchase.quantity)} shares`}
            </span>
            <span className={styles.rowMeta}>
              {labels.money(purchase.amount)} · {labels.when(purchase.created_at)}
            </span>
          </div>
        ))
      )}
      {purchases.total > purchases.items.length ? (
        <p className={styles.fieldHint}>
          <Trans>The latest {purchases.items.length} of {purchases.total}; every purchase is also a position in your orders.</Trans>
        </p>
      ) : null}
    </section>
  );
}
