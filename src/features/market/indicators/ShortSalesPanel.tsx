import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import { basisPointsOf } from '../../../../contract/market.ts';
import { call } from '../../../api/commandBus.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import * as styles from '../market.css.ts';
import { EmptyState, LoadStates } from '../../../ui/LoadStates.tsx';
import { formatBasisPoints, formatCompact } from '../../../ui/format.ts';
import * as shared from '../shared/shared.css.ts';
import { useQuote } from '../stream/marketStore.ts';
import { useLiveRows } from '../shared/useLiveRows.ts';
import { MarketPanel } from '../shared/MarketPanel.tsx';

type ShortSale = ResponseOf<'market/shortSales'>[number];

/** The Issues tab: short-sale statistics, most shorted first. */
export function ShortSalesPanel() {
  const { t } = useLingui();
  const { state, reload, pullPx } = useLiveRows(() => call('market/shortSales', {}, { silent: true }));

  return (
    <MarketPanel pullPx={pullPx}>
      <p className={shared.note}>
        <Trans>Shares sold short today and their share of the day's volume. Order as of the last refresh; figures update live.</Trans>
      </p>
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`Short-sale statistics could not be loaded.`}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t`No short sales yet today`} />}
      >
        {(rows) => (
          <div>
            <div className={shared.listHead} aria-hidden="true">
              <span>{t`Name`}</span>
              <span className={shared.listHeadRight}>{t`Short · Volume`}</span>
              <span className={shared.listHeadRight}>{t`Short ratio`}</span>
            </div>
            {rows.map((row) => (
              <ShortSaleRow key={row.code} row={row} />
            ))}
          </div>
        )}
      </LoadStates>
    </MarketPanel>
  );
}

function ShortSaleRow({ row }: { row: ShortSale }) {
  const { locale } = useSnapshot(localeState);
  const live = useQuote(row.code);
  const shortVolume = live?.shortVolume ?? row.shortVolume;
  const volume = live?.volume ?? row.volume;
  // Basis points by the contract's rule, as the server computes shortRatioBps.
  const ratioBps = live ? basisPointsOf(shortVolume, volume) : row.shortRatioBps;
  return (
    <Link to="/market/stockDetail" search={{ code: row.code }} className={styles.tableRow} data-code={row.code}>
      <span className={styles.cellStack}>
        <span className={styles.cellTitle}>{row.name}</span>
        <span className={styles.cellMuted}>{row.code}</span>
      </span>
      <span className={`${styles.cellRight} ${styles.cellStack}`}>
        <span>{formatCompact(shortVolume, locale)}</span>
        <span className={styles.cellMuted}>{formatCompact(volume, locale)}</span>
      </span>
      <span className={styles.cellRight} style={{ minWidth: 78, fontWeight: 600 }}>
        {formatBasisPoints(ratioBps, locale, { signed: false })}
      </span>
    </Link>
  );
}
