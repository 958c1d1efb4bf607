import { useCallback } from 'react';
import { call } from '../../api/commandBus.ts';
import { Icon } from '../../ui/icons.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { pullDistanceToRefreshPx, usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import * as styles from './home.css.ts';
import { HomeHeader } from './HomeHeader.tsx';
import { HomeShortcuts } from './HomeShortcuts.tsx';
import { PortfolioCard } from './PortfolioCard.tsx';
import { WatchlistPreview } from './WatchlistPreview.tsx';

/** /home/index */
export function HomePage() {
  const userInfo = useLoad(useCallback(() => call('user/info', {}), []));
  // The watchlist is secondary: its failure shows in place, without a toast.
  const watchlist = useLoad(useCallback(() => call('user/Optionallist', {}, { silent: true }), []));
  const refreshAll = () => {
    userInfo.reload();
    watchlist.reload();
  };
  const pullPx = usePullToRefresh(refreshAll);

  return (
    <div className={styles.page}>
      <div className={styles.pullIndicator} style={{ height: pullPx / 2 }} aria-hidden="true">
        <span style={{ transform: `rotate(${(pullPx / pullDistanceToRefreshPx) * 270}deg)` }}>
          <Icon name="refresh" size={20} />
        </span>
      </div>
      <HomeHeader />
      <PortfolioCard state={userInfo.state} reloading={userInfo.reloading} onRefresh={refreshAll} />
      <HomeShortcuts />
      <WatchlistPreview state={watchlist.state} />
    </div>
  );
}
