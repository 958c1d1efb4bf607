import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { useSnapshot } from 'valtio';
import { showToast } from '../../app/toastStore.ts';
import { Icon } from '../../ui/icons.tsx';
import { button } from '../../ui/ui.css.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { EmptyState, ErrorState, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { QuoteRow } from '../market/shared/QuoteRow.tsx';
import { useQuoteSnapshots } from '../market/shared/useQuoteSnapshots.ts';
import { SourceBadge } from '../market/shared/SourceBadge.tsx';
import { useWatch } from '../market/stream/marketStore.ts';
import { SwipeToRemove } from './SwipeToRemove.tsx';
import * as styles from './watchlist.css.ts';
import { loadWatchlist, setWatched, watchlistState } from './watchlistStore.ts';
import { WatchStar } from './WatchStar.tsx';

/** /favorite/index and /market/optionList: the user's watchlist, live. */
export function WatchlistPage() {
  const { t } = useLingui();
  const { codes } = useSnapshot(watchlistState);
  const list = useLoad(useCallback(() => loadWatchlist({ silent: true }), []));
  const snapshots = useQuoteSnapshots(codes);
  const pullPx = usePullToRefresh(() => {
    list.reload();
    snapshots.refresh();
  });
  useWatch(codes ?? []);

  const remove = (code: string) => {
    setWatched(code, false).then(
      () => showToast(t`${code} removed from your watchlist`, { tone: 'success' }),
      // The command bus has already said why in a toast.
      () => undefined,
    );
  };

  // The shared list may already be known (another screen loaded it): show it at once.
  const shown = codes ?? (list.state.status === 'ready' ? list.state.data : null);

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <div className={styles.top}>
        <SourceBadge />
        <Link to="/favorite/search" className={button.ghost} aria-label={t`Add stocks`}>
          <Icon name="plus" size={18} />
          <Trans>Add</Trans>
        </Link>
      </div>
      {shown === null ? (
        list.state.status === 'failed' ? (
          <ErrorState title={t`Your watchlist could not be loaded.`} onRetry={list.reload} />
        ) : (
          <SkeletonRows count={5} />
        )
      ) : shown.length === 0 ? (
        <EmptyState
          icon="list"
          title={t`Your watchlist is empty`}
          text={t`Search for a stock by its code or name and tap the star to follow it here.`}
          action={
            <Link to="/favorite/search" className={button.soft}>
              <Icon name="search" size={18} />
              <Trans>Search stocks</Trans>
            </Link>
          }
        />
      ) : (
        <Virtuoso
          useWindowScroll
          data={shown}
          computeItemKey={(_, code) => code}
          itemContent={(_, code) => (
            <SwipeToRemove onRemove={() => remove(code)} label={t`Remove ${code} from watchlist`}>
              <QuoteRow code={code} snapshot={snapshots.rows.get(code)} trailing={<WatchStar code={code} known />} />
            </SwipeToRemove>
          )}
        />
      )}
    </div>
  );
}
