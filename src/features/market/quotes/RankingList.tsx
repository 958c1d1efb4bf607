import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Virtuoso } from 'react-virtuoso';
import type { QuoteRow as QuoteRowData, RankType } from '../../../../contract/market.ts';
import { call } from '../../../api/commandBus.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { EmptyState, LoadStates } from '../../../ui/LoadStates.tsx';
import { QuoteRow } from '../shared/QuoteRow.tsx';
import * as shared from '../shared/shared.css.ts';
import { useBoard, useRanking } from '../stream/marketStore.ts';

/** The REST snapshot asks for the whole universe (about 2,000 rows); the contract caps a request at 5,000. */
export const rankUniverseMax = 5000;
export const rankRefreshSecondsDefault = 10;

const metricOf = (kind: RankType) => (kind === 'turnover' ? 'turnover' : 'volume');

/**
 * The whole universe ranked by `kind`, as a virtualised list: only the rows on screen
 * exist in the DOM, and each reads its own live quote, so 2,000+ rows stay smooth while
 * prices tick. Order: the stream's live top (its worker ranks the first 200), then the
 * rest in the REST snapshot's order, which is re-fetched every `refreshSeconds` while
 * the page is visible.
 */
export function RankingList({ kind, refreshSeconds, reloadSignal }: { kind: RankType; refreshSeconds: number; reloadSignal: number }) {
  const { t } = useLingui();
  useBoard();
  const liveTop = useRanking(kind);
  const snapshot = useLoad(useCallback(() => call('stock/rank', { type: kind, limit: rankUniverseMax }, { silent: true }), [kind]));
  const { reload } = snapshot;

  // A pull-to-refresh in the panel bumps the signal; the value at mount is not a request.
  const signalAtMount = useRef(reloadSignal);
  useEffect(() => {
    if (reloadSignal !== signalAtMount.current) reload();
  }, [reloadSignal, reload]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, Math.max(refreshSeconds, 1) * 1000);
    return () => clearInterval(timer);
  }, [refreshSeconds, reload]);

  const rows = snapshot.state.status === 'ready' ? snapshot.state.data : null;
  const rowsByCode = useMemo(() => new Map<string, QuoteRowData>((rows ?? []).map((row) => [row.code, row])), [rows]);
  const codes = useMemo(() => {
    const snapshotCodes = (rows ?? []).map((row) => row.code);
    if (liveTop.length === 0) return snapshotCodes;
    const inLiveTop = new Set(liveTop);
    return [...liveTop, ...snapshotCodes.filter((code) => !inLiveTop.has(code))];
  }, [rows, liveTop]);

  return (
    <LoadStates
      state={snapshot.state}
      onRetry={reload}
      errorTitle={t`The rankings could not be loaded.`}
      isEmpty={() => codes.length === 0}
      empty={<EmptyState title={t`No quotes yet`} text={t`Rankings appear once the market has prices.`} />}
    >
      {() => (
        <div>
          <div className={shared.listHead} aria-hidden="true">
            <span>{t`Name`}</span>
            <span className={shared.listHeadRight}>{metricOf(kind) === 'turnover' ? t`Last · Turnover` : t`Last · Volume`}</span>
            <span className={shared.listHeadRight}>{t`Change`}</span>
          </div>
          <Virtuoso
            useWindowScroll
            data={codes}
            increaseViewportBy={400}
            computeItemKey={(_, code) => code}
            itemContent={(_, code) => <QuoteRow code={code} snapshot={rowsByCode.get(code)} metric={metricOf(kind)} />}
          />
        </div>
      )}
    </LoadStates>
  );
}
