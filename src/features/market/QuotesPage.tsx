import { RankingsPanel } from './quotes/RankingsPanel.tsx';

/** /market/market: the rankings on their own, full screen (the home page's "See all" leads here). */
export function QuotesPage() {
  return <RankingsPanel />;
}
