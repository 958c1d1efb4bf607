import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { BlockDetail, BlockPurchase, BlockView } from '../../../contract/block.ts';
import { parseRupees } from '../../../contract/money.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../api/commandBus.ts';
import { blockSearch } from '../../app/routeSearch.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Stepper } from '../../ui/Stepper.tsx';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import { ConfirmSheet } from '../funding/ConfirmSheet.tsx';
import * as styles from '../funding/funding.css.ts';
import { BlockCard } from './BlockDeskPage.tsx';
import { minimumPurchaseShares, purchaseCost, sellableFrom, useBlockLabels } from './blockText.ts';
import { useNow } from './useNow.ts';

/** /home/blockTradeDetail?block_id=3: one block, the buy form while it is open, and the caller's purchases from it. */
export function BlockDetailPage() {
  const { t } = useLingui();
  const { block_id: blockId } = blockSearch.useSearch();
  const load = useCallback(async (): Promise<BlockDetail> => {
    if (blockId === undefined) throw new Error('no block_id in the link');
    return call('block/detail', { block_id: blockId }, { silent: true });
  }, [blockId]);
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  const now = useNow();
  if (blockId === undefined) {
    return (
      <EmptyState
        title={t`This link names no block.`}
        action={
          <Link to="/home/blockTrade">
            <Trans>See the blocks</Trans>
          </Link>
        }
      />
    );
  }
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`This block could not be loaded.`} skeleton={<SkeletonRows count={6} />}>
        {(detail) => (
          <>
            <BlockCard block={detail.block} now={now} />
            {detail.block.state === 'open' ? <BuyForm block={detail.block} available={detail.available} now={now} onBought={reload} /> : null}
            {detail.purchases.length > 0 ? <MyPurchases purchases={detail.purchases} /> : null}
          </>
        )}
      </LoadStates>
    </div>
  );
}

/** Whole lots from the smallest purchase both minimums allow up to what is left; cost, fees and the lock shown as the stepper moves. */
function BuyForm({ block, available, now, onBought }: { block: BlockView; available: string; now: number; onBought: () => void }) {
  const { t } = useLingui();
  const labels = useBlockLabels();
  const minimumShares = minimumPurchaseShares(block) ?? block.lot;
  const [shares, setShares] = useState(minimumShares);
  const [confirming, setConfirming] = useState(false);
  const [bought, setBought] = useState<BlockPurchase | null>(null);
  const idempotency = useIdempotencyKey();
  const cost = purchaseCost(block, shares);
  const availablePaise = parseRupees(available);
  const short = cost !== null && availablePaise !== null && cost.total > availablePaise;
  const tooFew = minimumShares > block.remaining;
  const lockDate = labels.when(sellableFrom(now, block.lock_trading_days));
  const total = labels.money(cost?.total ?? null);
  const shareText = labels.shares(shares);
  const lots = shares / block.lot;

  const { busy, run: buy } = useSingleFlight(async () => {
    const details = { block_id: block.id, quantity: shares };
    try {
      const purchase = await settleWhenAnswered(idempotency, call('block/buy', { ...details, idempotency_key: idempotency.keyFor(details) }));
      setBought(purchase);
      setConfirming(false);
      onBought();
    } catch (error) {
      // A refusal bought nothing: back to the form. A lost answer keeps the sheet for a retry with the same key.
      if (error instanceof CommandRefused) setConfirming(false);
      throw error;
    }
  });

  return (
    <section className={styles.card} aria-label={t`Buy from this block`}>
      <h2 className={styles.cardTitle}>
        <Trans>Buy from this block</Trans>
      </h2>
      {bought ? (
        <p className={styles.notice.info} role="status" data-testid="block-bought">
          <span>
            <Trans>Bought {labels.shares(bought.quantity)} shares of {bought.code} (order {bought.order_no}).</Trans>{' '}
            <Link to="/home/blockTrade1">
              <Trans>See my block positions</Trans>
            </Link>
          </span>
        </p>
      ) : null}
      <Stepper
        label={t`Shares`}
        fewerLabel={t`One lot fewer`}
        moreLabel={t`One lot more`}
        canDecrease={shares - block.lot >= minimumShares}
        canIncrease={shares + block.lot <= block.remaining}
        onDecrease={() => setShares(shares - block.lot)}
        onIncrease={() => setShares(shares + block.lot)}
        testId="block-shares"
      >
        <Trans>
          {lots} lots · {shareText} shares
        </Trans>
      </Stepper>
      <p className={styles.fieldHint}>
        <Trans>
          Lots of {labels.shares(block.lot)} shares; at least {labels.shares(block.minimum_shares)} shares and {labels.money(block.minimum_amount)}.
        </Trans>
      </p>
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>Amount</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="block-amount">
          {labels.money(cost?.amount ?? null)}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Block fees</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="block-fees">
          {labels.money(cost?.fees ?? null)}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Total to pay</Trans>
        </dt>
        <dd className={`${styles.figureValue} ${styles.figureEmphasis}`} data-testid="block-total">
          {total}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Available balance</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="block-available">
          {labels.money(available)}
        </dd>
      </dl>
      <p className={styles.fieldHint}>
        <Trans>
          Block fee schedule: service fee {labels.bpsAsPercent(block.fees.service_fee_bps)}, stamp duty {labels.bpsAsPercent(block.fees.stamp_duty_bps)} now; selling fee{' '}
          {labels.bpsAsPercent(block.fees.selling_fee_bps)} when you sell.
        </Trans>
      </p>
      <p className={styles.notice.info} data-testid="block-lock-notice">
        <Trans>These shares cannot be sold before {lockDate} (IST).</Trans>
      </p>
      {short ? (
        <p className={styles.fieldError} data-testid="block-short">
          <Trans>Your available balance is less than {total}.</Trans>
        </p>
      ) : null}
      {tooFew ? (
        <p className={styles.fieldError}>
          <Trans>Fewer shares are left than the minimum purchase.</Trans>
        </p>
      ) : null}
      <Button block disabled={busy || short || tooFew || cost === null} onClick={() => setConfirming(true)} data-action="block-buy">
        <Trans>Buy</Trans>
      </Button>
      {confirming ? (
        <ConfirmSheet
          title={t`Confirm your block purchase`}
          rows={[
            { label: t`Stock`, value: `${block.name} (${block.code})` },
            { label: t`Shares`, value: shareText },
            { label: t`Price`, value: labels.money(block.price) },
            { label: t`Total to pay`, value: total, testId: 'confirm-total', emphasis: true },
          ]}
          note={<Trans>These shares cannot be sold before {lockDate} (IST).</Trans>}
          confirmLabel={t`Buy`}
          submitting={busy}
          onConfirm={buy}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}

function MyPurchases({ purchases }: { purchases: BlockPurchase[] }) {
  const { t } = useLingui();
  return (
    <section className={styles.card} aria-label={t`My purchases from this block`}>
      <h2 className={styles.cardTitle}>
        <Trans>My purchases from this block</Trans>
      </h2>
      {purchases.map((purchase) => (
        <PurchaseLine key={purchase.id} purchase={purchase} />
      ))}
    </section>
  );
}

function PurchaseLine({ purchase }: { purchase: BlockPurchase }) {
  const labels = useBlockLabels();
  return (
    <div className={styles.row} data-testid="block-purchase">
      <div className={styles.rowMeta}>
        <span>
          <Trans>{labels.shares(purchase.quantity)} shares at {labels.money(purchase.price)}</Trans>
        </span>
        <span>{labels.when(purchase.created_at)}</span>
      </div>
    </div>
  );
}
