import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { BlockView } from '../../../contract/block.ts';
import { call } from '../../api/commandBus.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import * as styles from '../funding/funding.css.ts';
import * as primaryStyles from '../primaryMarket/primaryMarket.css.ts';
import * as blockStyles from './block.css.ts';
import { blockTone, useBlockLabels } from './blockText.ts';
import { useNow } from './useNow.ts';

const loadBlocks = () => call('block/list', {}, { silent: true });

/** /home/blockTrade: the blocks on offer (open first, then upcoming, then recently closed), each linking to its buy form. */
export function BlockDeskPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(loadBlocks, []));
  const pullPx = usePullToRefresh(reload);
  const now = useNow();
  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      <div className={styles.page}>
        <nav className={primaryStyles.pillLinks} aria-label={t`Block trades`}>
          <Link to="/home/blockTrade1" className={primaryStyles.pillLink}>
            <Trans>My block positions</Trans>
          </Link>
          <Link to="/home/blockTrade2" className={primaryStyles.pillLink}>
            <Trans>Purchase records</Trans>
          </Link>
        </nav>
        <LoadStates
          state={state}
          onRetry={reload}
          errorTitle={t`The blocks could not be loaded.`}
          skeleton={<SkeletonRows count={3} />}
          isEmpty={(blocks) => blocks.length === 0}
          empty={<EmptyState icon="list" title={t`No blocks on offer right now`} text={t`Pull down to refresh. New blocks appear here before they open.`} />}
        >
          {(blocks) => blocks.map((block) => <BlockCard key={block.id} block={block} now={now} />)}
        </LoadStates>
      </div>
    </div>
  );
}

export function BlockCard({ block, now }: { block: BlockView; now: number }) {
  const labels = useBlockLabels();
  const remainingPercent = block.quantity > 0 ? Math.round((block.remaining * 100) / block.quantity) : 0;
  const reference = labels.money(block.reference_price);
  const difference = labels.percent(block.difference_bps);
  const remaining = labels.shares(block.remaining);
  const quantity = labels.shares(block.quantity);
  return (
    <article className={styles.card} data-testid="block-card" data-block-id={block.id} data-state={block.state}>
      <Link to="/home/blockTradeDetail" search={{ block_id: block.id }} className={primaryStyles.cardLink}>
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>
            {block.name} <span className={primaryStyles.code}>{block.code}</span>
          </h2>
          <span className={styles.badge[blockTone[block.state]]} data-testid="block-state">
            {labels.blockState[block.state]}
          </span>
        </div>
        <dl className={styles.figures}>
          <dt className={styles.figureLabel}>
            <Trans>Block price</Trans>
          </dt>
          <dd className={`${styles.figureValue} ${styles.figureEmphasis}`} data-testid="block-price">
            {labels.money(block.price)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Against the market</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="block-difference">
            <Trans>
              {difference} vs {reference}
            </Trans>
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Minimum</Trans>
          </dt>
          <dd className={styles.figureValue}>
            <Trans>
              {labels.shares(block.minimum_shares)} shares and {labels.money(block.minimum_amount)}
            </Trans>
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Lock-up</Trans>
          </dt>
          <dd className={styles.figureValue}>
            <Trans>T+{block.lock_trading_days} trading days</Trans>
          </dd>
        </dl>
        <div>
          <div className={blockStyles.remainingBar} role="meter" aria-valuemin={0} aria-valuemax={block.quantity} aria-valuenow={block.remaining} aria-label={`${remaining} / ${quantity}`}>
            <div className={blockStyles.remainingFill} style={{ width: `${remainingPercent}%` }} />
          </div>
          <p className={blockStyles.countdown} data-testid="block-remaining">
            <Trans>
              {remaining} of {quantity} shares left
            </Trans>
          </p>
        </div>
        <WindowLine block={block} now={now} />
        {block.closed_reason ? (
          <p className={styles.rowReason} data-testid="block-closed-reason">
            <Trans>Ended early: {block.closed_reason}</Trans>
          </p>
        ) : null}
      </Link>
    </article>
  );
}

/** Opens in / closes in, counting down in IST terms; the exact instant beside it. */
export function WindowLine({ block, now }: { block: BlockView; now: number }) {
  const labels = useBlockLabels();
  const openAt = Date.parse(block.open_at);
  const closeAt = Date.parse(block.close_at);
  let text;
  if (block.state === 'upcoming') text = <Trans>Opens in {labels.span(openAt - now)} · {labels.when(block.open_at)} IST</Trans>;
  else if (block.state === 'open') text = <Trans>Closes in {labels.span(closeAt - now)} · {labels.when(block.close_at)} IST</Trans>;
  else if (block.remaining === 0) text = <Trans>Sold out</Trans>;
  else text = <Trans>Bulk trade closed</Trans>;
  return (
    <p className={blockStyles.countdown} data-testid="block-window">
      {text}
    </p>
  );
}
