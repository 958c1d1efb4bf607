import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { QuoteRow } from '../../../contract/market.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import type { Loadable } from '../../ui/useLoad.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import { ChangeText, PriceText } from '../market/shared/PriceText.tsx';
import { formatBasisPoints, formatPoints } from '../../ui/format.ts';
import { useQuoteView } from '../market/shared/quoteView.ts';
import { useWatch } from '../market/stream/marketStore.ts';
import * as styles from './homeMarket.css.ts';

/** The three benchmarks a reader in India checks first, in this order. */
export const homeIndexCodes = ['NIFTY50', 'SENSEX', 'NIFTYBANK'] as const;
/** Their names as traders say them (the catalog's "S&P BSE SENSEX" does not fit a third of a phone). */
const shortNames: Record<(typeof homeIndexCodes)[number], string> = { NIFTY50: 'NIFTY 50', SENSEX: 'SENSEX', NIFTYBANK: 'NIFTY BANK' };

/** NIFTY 50, SENSEX and NIFTY BANK side by side, live. */
export function IndicesStrip({ state }: { state: Loadable<QuoteRow[]> }) {
  const { t } = useLingui();
  useWatch(homeIndexCodes);
  const rows = state.status === 'ready' ? state.data : [];
  return (
    <nav className={styles.indices} aria-label={t`Indices`}>
      {homeIndexCodes.map((code) => (
        <IndexCard key={code} code={code} name={shortNames[code]} snapshot={rows.find((row) => row.code === code) ?? null} loading={state.status === 'loading'} />
      ))}
    </nav>
  );
}

function IndexCard({ code, name, snapshot, loading }: { code: string; name: string; snapshot: QuoteRow | null; loading: boolean }) {
  const { locale } = useSnapshot(localeState);
  const quote = useQuoteView(code, snapshot);
  return (
    <Link to="/market/stockDetailzs" search={{ code }} className={styles.indexCard} data-code={code}>
      <span className={styles.indexName}>{name}</span>
      {quote ? (
        <>
          <PriceText text={formatPoints(quote.last)} direction={quote.direction} updatedAt={quote.updatedAt} tickDirection={quote.tickDirection} className={styles.indexLevel} />
          <ChangeText text={`${formatPoints(quote.change, { sign: 'always' })} ${formatBasisPoints(quote.changeRateBps, locale)}`} direction={quote.direction} className={styles.indexChange} />
        </>
      ) : loading ? (
        <>
          <Skeleton width="80%" height={20} />
          <Skeleton width="60%" height={14} />
        </>
      ) : (
        <span className={styles.indexChange}>—</span>
      )}
    </Link>
  );
}
