import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Icon } from '../../ui/icons.tsx';
import type { Loadable } from '../../ui/useLoad.ts';
import { button } from '../../ui/ui.css.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import { QuoteRow } from '../market/shared/QuoteRow.tsx';
import { useQuoteSnapshots } from '../market/shared/useQuoteSnapshots.ts';
import { useWatch } from '../market/stream/marketStore.ts';
import * as styles from './home.css.ts';

const previewRowsMax = 5;

/** The first few watchlist symbols with live prices, or an invitation to add some. */
export function WatchlistPreview({ state }: { state: Loadable<{ symbol: string }[]> }) {
  const { t } = useLingui();
  const codes = useMemo(() => (state.status === 'ready' ? state.data.slice(0, previewRowsMax).map((item) => item.symbol) : []), [state]);
  const snapshots = useQuoteSnapshots(codes).rows;
  useWatch(codes);
  return (
    <section className={styles.watchlist} aria-label={t`Watchlist`}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>
          <Trans>Watchlist</Trans>
        </h2>
        <Link to="/favorite/index" className={button.ghost}>
          <Trans>See all</Trans>
        </Link>
      </div>
      {state.status === 'loading' ? (
        <>
          <Skeleton width="100%" height={56} radius={12} />
          <Skeleton width="100%" height={56} radius={12} />
        </>
      ) : state.status === 'ready' && state.data.length > 0 ? (
        <div className={styles.watchlistRows}>
          {codes.map((code) => (
            <QuoteRow key={code} code={code} snapshot={snapshots.get(code)} />
          ))}
        </div>
      ) : (
        <div className={styles.emptyCard}>
          <Icon name="list" size={28} />
          {state.status === 'failed' ? <Trans>Your watchlist could not be loaded.</Trans> : <Trans>Your watchlist is empty. Search for a stock to follow it here.</Trans>}
          <Link to="/favorite/search" className={button.soft}>
            <Icon name="search" size={18} />
            <Trans>Search stocks</Trans>
          </Link>
        </div>
      )}
    </section>
  );
}
