import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { QuoteRow as QuoteRowData } from '../../../contract/market.ts';
import { button } from '../../ui/ui.css.ts';
import type { Loadable } from '../../ui/useLoad.ts';
import { Button } from '../../ui/widgets.tsx';
import { SkeletonRows } from '../../ui/LoadStates.tsx';
import { QuoteRow } from '../market/shared/QuoteRow.tsx';
import { useWatch } from '../market/stream/marketStore.ts';
import * as styles from './homeMarket.css.ts';

export const hotListKinds = ['gainers', 'losers', 'active'] as const;
export type HotListKind = (typeof hotListKinds)[number];
/** Rows per hot list on the home page; the full lists are one tap away. */
export const hotListLength = 5;

export type HotListData = Record<HotListKind, QuoteRowData[]>;

/** Top gainers, losers and most active, five each: a snapshot refreshed with the rankings, prices live. */
export function HotLists({ state, onRetry }: { state: Loadable<HotListData>; onRetry: () => void }) {
  const { t } = useLingui();
  const [kind, setKind] = useState<HotListKind>('gainers');
  const labels: Record<HotListKind, string> = { gainers: t`Top gainers`, losers: t`Top losers`, active: t`Most active` };
  const rows = state.status === 'ready' ? state.data[kind] : [];
  useWatch(rows.map((row) => row.code));

  return (
    <section className={styles.card} aria-label={t`Hot lists`}>
      <div className={styles.cardHead}>
        <div className={styles.segmented} role="tablist" aria-label={t`Hot lists`}>
          {hotListKinds.map((option) => (
            <button key={option} type="button" role="tab" aria-selected={option === kind} className={styles.segment} onClick={() => setKind(option)}>
              {labels[option]}
            </button>
          ))}
        </div>
      </div>
      {state.status === 'loading' ? (
        <SkeletonRows count={hotListLength} />
      ) : state.status === 'failed' ? (
        <div className={styles.cardMessage} role="alert">
          <Trans>The hot lists could not be loaded.</Trans>
          <Button variant="soft" onClick={onRetry}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className={styles.cardMessage}>
          <Trans>No quotes yet.</Trans>
        </p>
      ) : (
        <div role="tabpanel">
          {rows.map((row) => (
            <QuoteRow key={row.code} code={row.code} snapshot={row} />
          ))}
        </div>
      )}
      <Link to="/market/market" search={{ rank: kind }} className={`${button.ghost} ${styles.seeAll}`}>
        <Trans>See full list</Trans>
      </Link>
    </section>
  );
}
