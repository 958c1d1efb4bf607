import { useLingui } from '@lingui/react/macro';
import { call } from '../../api/commandBus.ts';
import * as styles from './market.css.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { QuoteRow } from './shared/QuoteRow.tsx';
import { SourceBadge } from './shared/SourceBadge.tsx';
import { useLiveRows } from './shared/useLiveRows.ts';

/** /home/zhishu: every index with its live level. */
export function IndexListPage() {
  const { t } = useLingui();
  const { state, reload, pullPx } = useLiveRows(() => call('market/indices', {}, { silent: true }));
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <div className={styles.panelTop} style={{ paddingBottom: 12 }}>
        <SourceBadge />
        <p className={styles.sectionText} role="note">
          {t`Index levels are computed by Ledgerline from their constituents' prices; they are not the official index values.`}
        </p>
      </div>
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`The indices could not be loaded.`}
        skeleton={<SkeletonRows count={3} />}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t`No indices yet`} />}
      >
        {(rows) => rows.map((row) => <QuoteRow key={row.code} code={row.code} snapshot={row} metric="none" />)}
      </LoadStates>
    </div>
  );
}
