import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { BlockPurchase } from '../../../contract/block.ts';
import { call } from '../../api/commandBus.ts';
import { EmptyState } from '../../ui/LoadStates.tsx';
import * as styles from '../funding/funding.css.ts';
import { PagedList } from '../funding/PagedList.tsx';
import { useBlockLabels } from './blockText.ts';
import { useNow } from './useNow.ts';

// The caller's block purchases: the positions still held (with their lock and a way to sell
// once it ends) and every purchase as a record. Both newest first, 10 a page.

const loadHolding = (page: number) => call('block/purchases', { page, positions: 'holding' }, { silent: true });
const loadAll = (page: number) => call('block/purchases', { page, positions: 'all' }, { silent: true });

const emptyAction = (
  <Link to="/home/blockTrade">
    <Trans>See the blocks</Trans>
  </Link>
);

/** /home/blockTrade1: shares bought from blocks and still held, locked until T+N, then sellable from the position's page. */
export function BlockPositionsPage() {
  const { t } = useLingui();
  return (
    <PagedList
      loadPage={loadHolding}
      itemKey={(purchase) => purchase.id}
      renderItem={(purchase) => <PurchaseRow purchase={purchase} />}
      errorTitle={t`Your block positions could not be loaded.`}
      empty={<EmptyState icon="list" title={t`No block positions`} text={t`Shares you buy from a block appear here until you sell them.`} action={emptyAction} />}
    />
  );
}

/** /home/blockTrade2: every block purchase, held or sold. */
export function BlockRecordsPage() {
  const { t } = useLingui();
  return (
    <PagedList
      loadPage={loadAll}
      itemKey={(purchase) => purchase.id}
      renderItem={(purchase) => <PurchaseRow purchase={purchase} />}
      errorTitle={t`Your block purchases could not be loaded.`}
      empty={<EmptyState icon="list" title={t`No block purchases yet`} text={t`Buy from an open block and your purchases appear here.`} action={emptyAction} />}
    />
  );
}

function PurchaseRow({ purchase }: { purchase: BlockPurchase }) {
  const labels = useBlockLabels();
  const now = useNow();
  const held = purchase.position_status === 'holding';
  const lockedUntil = purchase.locked_until === null ? null : Date.parse(purchase.locked_until);
  const locked = held && lockedUntil !== null && lockedUntil > now;
  const lockDate = labels.when(purchase.locked_until);
  return (
    <div className={styles.row} data-testid="block-position" data-order-no={purchase.order_no} data-locked={locked ? 'true' : 'false'}>
      <div className={styles.rowTop}>
        <span className={styles.rowTitle}>
          {purchase.name} · {purchase.code}
        </span>
        {!held ? (
          <span className={styles.badge.neutral}>
            <Trans>Sold</Trans>
          </span>
        ) : locked ? (
          <span className={styles.badge.waiting} data-testid="block-locked">
            <Trans>Locked</Trans>
          </span>
        ) : (
          <span className={styles.badge.good}>
            <Trans>Can be sold</Trans>
          </span>
        )}
      </div>
      <div className={styles.rowMeta}>
        <span>
          <Trans>
            {labels.shares(purchase.quantity)} shares at {labels.money(purchase.price)}
          </Trans>
        </span>
        <span>
          <Trans>Amount {labels.money(purchase.amount)}</Trans>
        </span>
        <span>
          <Trans>Fees {labels.money(purchase.fees)}</Trans>
        </span>
        <span>
          <Trans>Order {purchase.order_no}</Trans>
        </span>
        <span>{labels.when(purchase.created_at)}</span>
      </div>
      {locked ? (
        <p className={styles.fieldHint}>
          <Trans>Cannot be sold before {lockDate} (IST).</Trans>
        </p>
      ) : held ? (
        <Link to="/trade/positionDetail" search={{ order_no: purchase.order_no }} className={styles.chip} data-action="block-sell">
          <Trans>Sell</Trans>
        </Link>
      ) : (
        <Link to="/trade/positionDetail2" search={{ order_no: purchase.order_no }} className={styles.rowTitle}>
          <Trans>See the position</Trans>
        </Link>
      )}
    </div>
  );
}
