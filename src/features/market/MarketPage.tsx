import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { type MarketTab, marketSearch, marketTabs } from '../../app/routeSearch.ts';
import { FeaturedPanel } from './lists/FeaturedPanel.tsx';
import { FundsPanel } from './lists/FundsPanel.tsx';
import { ForexPanel } from './indicators/ForexPanel.tsx';
import { IndicatorsPanel } from './indicators/IndicatorsPanel.tsx';
import { ShortSalesPanel } from './indicators/ShortSalesPanel.tsx';
import * as styles from './market.css.ts';
import { RankingsPanel } from './quotes/RankingsPanel.tsx';

const panels: Record<MarketTab, ComponentType> = {
  quotes: RankingsPanel,
  funds: FundsPanel,
  featured: FeaturedPanel,
  indicators: IndicatorsPanel,
  issues: ShortSalesPanel,
  forex: ForexPanel,
};

/** /market/index: the market tab root. The open tab is in the URL (?tab=funds) so it survives a reload and can be shared. */
export function MarketPage() {
  const { t } = useLingui();
  const { tab } = marketSearch.useSearch();
  const setSearch = marketSearch.useSetSearch();
  const labels: Record<MarketTab, string> = {
    quotes: t`Quotes`,
    // Contexts: elsewhere "Funds" is the user's money and "Indicators" may read as technical indicators.
    funds: t({ message: 'Funds', context: 'market tab: exchange-traded funds' }),
    featured: t`Featured`,
    indicators: t({ message: 'Indicators', context: 'market tab: breadth and industry statistics' }),
    issues: t`Issues`,
    forex: t`Forex`,
  };
  const Panel = panels[tab];
  return (
    <div className={styles.page}>
      <div className={styles.tabs} role="tablist" aria-label={t`Market sections`}>
        {marketTabs.map((name) => (
          <button key={name} type="button" role="tab" id={`market-tab-${name}`} aria-selected={name === tab} aria-controls="market-panel" className={styles.tab} onClick={() => setSearch({ tab: name })}>
            {labels[name]}
          </button>
        ))}
        <Link to="/market/vip" className={styles.tab} style={{ display: 'inline-flex', alignItems: 'center' }}>
          {t`VIP`}
        </Link>
      </div>
      <div id="market-panel" role="tabpanel" aria-labelledby={`market-tab-${tab}`}>
        <Panel key={tab} />
      </div>
    </div>
  );
}
