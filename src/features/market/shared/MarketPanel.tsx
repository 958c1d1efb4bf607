import type { ReactNode } from 'react';
import * as styles from '../market.css.ts';
import { PullIndicator } from '../../../ui/LoadStates.tsx';
import { SourceBadge } from './SourceBadge.tsx';

/** A market tab's frame: the pull-to-refresh indicator and the price source above the content. */
export function MarketPanel({ pullPx, children }: { pullPx: number; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <div className={styles.panelTop}>
        <SourceBadge />
      </div>
      {children}
    </div>
  );
}
