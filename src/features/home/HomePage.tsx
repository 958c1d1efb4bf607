import { useCallback, useEffect } from 'react';
import { call } from '../../api/commandBus.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { PullIndicator } from '../../ui/LoadStates.tsx';
import { useMarketStatus } from '../market/shared/marketStatus.ts';
import { useNewsLanguage } from '../news/newsLanguage.ts';
import { SourceBadge } from '../market/shared/SourceBadge.tsx';
import { CreditOverviewCard } from '../lending/CreditOverviewCard.tsx';
import { PromotionBanner } from '../promotion/PromotionBanner.tsx';
import * as styles from './home.css.ts';
import { HomeHeader } from './HomeHeader.tsx';
import { HomeShortcuts } from './HomeShortcuts.tsx';
import { type HotListData, HotLists, hotListLength } from './HotLists.tsx';
import { IndicesStrip } from './IndicesStrip.tsx';
import { LatestNews } from './LatestNews.tsx';
import { PortfolioCard } from './PortfolioCard.tsx';
import { WatchlistPreview } from './WatchlistPreview.tsx';

async function loadHotLists(): Promise<HotListData> {
  const rank = (type: 'gainers' | 'losers' | 'active') => call('stock/rank', { type, limit: hotListLength }, { silent: true });
  const [gainers, losers, active] = await Promise.all([rank('gainers'), rank('losers'), rank('active')]);
  return { gainers, losers, active };
}

/** /home/index */
export function HomePage() {
  const userInfo = useLoad(useCallback(() => call('user/info', {}), []));
  const credit = useLoad(useCallback(() => call('credit/overview', {}, { silent: true }), []));
  // Everything below the portfolio is secondary: failures show in place, without a toast.
  const watchlist = useLoad(useCallback(() => call('user/Optionallist', {}, { silent: true }), []));
  const indices = useLoad(useCallback(() => call('market/indices', {}, { silent: true }), []));
  const hotLists = useLoad(loadHotLists);
  const newsLanguage = useNewsLanguage();
  const news = useLoad(useCallback(() => call('news/list', { page: 1, lang: newsLanguage }, { silent: true }), [newsLanguage]));
  const refreshAll = () => {
    userInfo.reload();
    credit.reload();
    watchlist.reload();
    indices.reload();
    hotLists.reload();
    news.reload();
  };
  const pullPx = usePullToRefresh(refreshAll);

  // Which stocks lead changes slowly: re-rank as often as the server refreshes its snapshot.
  const status = useMarketStatus();
  const refreshSeconds = status?.rankRefreshSeconds ?? 10;
  const reloadHotLists = hotLists.reload;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reloadHotLists();
    }, refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [refreshSeconds, reloadHotLists]);

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <HomeHeader />
      <PortfolioCard state={userInfo.state} reloading={userInfo.reloading} onRefresh={refreshAll} />
      <CreditOverviewCard state={credit.state} onRetry={credit.reload} />
      <SourceBadge />
      <IndicesStrip state={indices.state} />
      <HomeShortcuts />
      <PromotionBanner />
      <HotLists state={hotLists.state} onRetry={hotLists.reload} />
      <WatchlistPreview state={watchlist.state} />
      <LatestNews state={news.state} onRetry={news.reload} />
    </div>
  );
}
