import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import type { ResponseOf } from '../../../contract/api.ts';
import { call } from '../../api/commandBus.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Button } from '../../ui/widgets.tsx';
import { EmptyState, LoadStates, PullIndicator } from '../market/shared/LoadStates.tsx';
import { formatIstDateTime } from '../market/shared/quoteFormat.ts';
import { directionOfAmount, useOrderLabels } from './orderLabels.ts';
import * as styles from './trading.css.ts';

type StatementLine = ResponseOf<'user/statement'>[number];

/** /information/fundRecord: the caller's ledger postings, newest first, a page at a time. */
export function StatementPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('user/statement', { page: 1 }, { silent: true }), []));
  // Later pages are appended below the first; a refresh starts over from page 1.
  const [morePages, setMorePages] = useState<StatementLine[][]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [exhausted, setExhausted] = useState(false);
  const generation = useRef(0);
  const refresh = () => {
    generation.current += 1;
    setMorePages([]);
    setExhausted(false);
    reload();
  };
  const pullPx = usePullToRefresh(refresh);

  const loadMore = (firstPageSize: number) => {
    if (loadingMore) return;
    const current = generation.current;
    setLoadingMore(true);
    call('user/statement', { page: morePages.length + 2 }).then(
      (lines) => {
        if (current !== generation.current) return;
        setLoadingMore(false);
        // A short (or empty) page is the last one.
        if (lines.length < firstPageSize) setExhausted(true);
        if (lines.length > 0) setMorePages((pages) => [...pages, lines]);
      },
      () => setLoadingMore(false),
    );
  };

  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`Your fund records could not be loaded.`}
        isEmpty={(lines) => lines.length === 0}
        empty={<EmptyState icon="wallet" title={t`No fund records yet`} text={t`Deposits, withdrawals, margins, fees and profits appear here.`} />}
      >
        {(firstPage) => (
          <>
            {[firstPage, ...morePages].flat().map((line) => (
              <StatementRow key={line.transfer_id} line={line} />
            ))}
            {exhausted ? (
              <p className={styles.muted} style={{ textAlign: 'center' }}>
                <Trans>No more records</Trans>
              </p>
            ) : (
              <div style={{ padding: 16 }}>
                <Button variant="soft" block busy={loadingMore} onClick={() => loadMore(firstPage.length)} data-action="load-more">
                  <Trans>Load more</Trans>
                </Button>
              </div>
            )}
          </>
        )}
      </LoadStates>
    </div>
  );
}

function StatementRow({ line }: { line: StatementLine }) {
  const labels = useOrderLabels();
  return (
    <div className={styles.orderRow} data-testid="statement-line">
      <div className={styles.rowTop}>
        <strong>{line.reason}</strong>
        <span className={styles.amountText[directionOfAmount(line.cash_change)]}>{labels.signedMoney(line.cash_change)}</span>
      </div>
      <div className={styles.rowMeta}>
        <span>
          <Trans>Available {labels.signedMoney(line.available_change)}</Trans>
        </span>
        <span>
          <Trans>Frozen {labels.signedMoney(line.frozen_change)}</Trans>
        </span>
        <span>{formatIstDateTime(line.created_at, labels.locale)}</span>
      </div>
    </div>
  );
}
