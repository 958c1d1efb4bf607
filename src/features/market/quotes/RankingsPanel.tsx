import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type RankType, rankTypes } from '../../../../contract/market.ts';
import { rankingSearch } from '../../../app/routeSearch.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import * as styles from '../market.css.ts';
import { useMarketStatus } from '../shared/marketStatus.ts';
import * as shared from '../shared/shared.css.ts';
import { RankingList, rankRefreshSecondsDefault } from './RankingList.tsx';
import { MarketPanel } from '../shared/MarketPanel.tsx';

/** The Quotes tab of /market/index and the whole of /market/market: ranking chips, where prices come from, and the list. */
export function RankingsPanel() {
  const { t } = useLingui();
  const { rank: kind } = rankingSearch.useSearch();
  const setSearch = rankingSearch.useSetSearch();
  const status = useMarketStatus();
  const refreshSeconds = status?.rankRefreshSeconds ?? rankRefreshSecondsDefault;
  const [reloadSignal, setReloadSignal] = useState(0);
  const pullPx = usePullToRefresh(() => setReloadSignal((signal) => signal + 1));

  const labels: Record<RankType, string> = { gainers: t`Top gainers`, losers: t`Top losers`, active: t`Most active`, turnover: t`By turnover` };

  return (
    <MarketPanel pullPx={pullPx}>
      <div className={styles.chips} role="tablist" aria-label={t`Ranking`}>
        {rankTypes.map((type) => (
          <button key={type} type="button" role="tab" className={styles.chipButton} aria-selected={type === kind} data-rank={type} onClick={() => setSearch({ rank: type })}>
            {labels[type]}
          </button>
        ))}
      </div>
      <p className={shared.note}>{t`Prices and the top 200 are live from the stream; the full ranking refreshes every ${refreshSeconds} s.`}</p>
      <RankingList key={kind} kind={kind} refreshSeconds={refreshSeconds} reloadSignal={reloadSignal} />
    </MarketPanel>
  );
}
