import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { industryName } from '../../../i18n/serverNames.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import * as styles from '../market.css.ts';
import { EmptyState, ErrorState, LoadStates, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { useMarketStatus } from '../shared/marketStatus.ts';
import { ChangeText } from '../shared/PriceText.tsx';
import { directionOfSign, formatBasisPoints, formatCount } from '../../../ui/format.ts';
import * as shared from '../shared/shared.css.ts';
import { type IndustryAggregate, useBoard, useIndustries, useInstrument } from '../stream/marketStore.ts';
import { BreadthBar } from './BreadthBar.tsx';
import { MarketPanel } from '../shared/MarketPanel.tsx';

type Breadth = ResponseOf<'market/breadth'>;

/**
 * What a row shows of an industry, which the stream's aggregate and the REST statistic both
 * are as they arrive (change rates in basis points on both). Turnover is not shown; only
 * REST names the leader, the stream leaves it to the instrument catalog.
 */
type IndustryShown = Omit<IndustryAggregate, 'turnover' | 'leader'> & { leader: { code: string; changeRateBps: number; name?: string } | null };

const byChangeDescending = (a: IndustryShown, b: IndustryShown): number => b.changeRateBps - a.changeRateBps || a.industry.localeCompare(b.industry);

/** The Indicators tab (and /market/marketZhiBiao): market breadth and industry statistics with their leaders. */
export function IndicatorsPanel() {
  const { t } = useLingui();
  useBoard();
  const liveIndustries = useIndustries();
  const status = useMarketStatus();
  const breadth = useLoad(useCallback(() => call('market/breadth', {}, { silent: true }), []));
  const industries = useLoad(useCallback(() => call('market/industries', {}, { silent: true }), []));
  const reloadAll = useCallback(() => {
    breadth.reload();
    industries.reload();
  }, [breadth.reload, industries.reload]);
  const pullPx = usePullToRefresh(reloadAll);

  // Breadth has no live feed of its own: refresh the snapshot as often as the rankings.
  const refreshSeconds = status?.rankRefreshSeconds ?? 10;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') breadth.reload();
    }, refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [refreshSeconds, breadth.reload]);

  const rows = useMemo(() => {
    const source: readonly IndustryShown[] = liveIndustries.length > 0 ? liveIndustries : industries.state.status === 'ready' ? industries.state.data : [];
    return [...source].sort(byChangeDescending);
  }, [liveIndustries, industries.state]);

  return (
    <MarketPanel pullPx={pullPx}>
      <section className={styles.section} aria-label={t`Market breadth`}>
        <h2 className={styles.sectionTitle}>
          <Trans>Market breadth</Trans>
        </h2>
        <LoadStates state={breadth.state} onRetry={breadth.reload} errorTitle={t`Market breadth could not be loaded.`} skeleton={<SkeletonRows count={1} />}>
          {(data: Breadth) => <BreadthSummary breadth={data} />}
        </LoadStates>
      </section>
      <section className={styles.section} aria-label={t`Industries`} style={{ padding: 0, overflow: 'hidden' }}>
        <h2 className={styles.sectionTitle} style={{ padding: '16px 16px 0' }}>
          <Trans>Industries</Trans>
        </h2>
        <p className={shared.note}>{liveIndustries.length > 0 ? t`Live averages of member stocks, strongest first.` : t`Averages of member stocks, strongest first.`}</p>
        {rows.length > 0 ? (
          rows.map((row) => <IndustryRow key={row.industry} row={row} />)
        ) : industries.state.status === 'failed' ? (
          <ErrorState title={t`Industry statistics could not be loaded.`} onRetry={industries.reload} />
        ) : industries.state.status === 'loading' ? (
          <SkeletonRows count={5} />
        ) : (
          <EmptyState title={t`No industry statistics yet`} />
        )}
      </section>
    </MarketPanel>
  );
}

function BreadthSummary({ breadth }: { breadth: Breadth }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const upper = formatCount(breadth.atUpperBand, locale);
  const lower = formatCount(breadth.atLowerBand, locale);
  const total = formatCount(breadth.total, locale);
  return (
    <>
      <BreadthBar advancers={breadth.advancers} unchanged={breadth.unchanged} decliners={breadth.decliners} />
      <p className={styles.sectionText}>{t`${upper} at the upper price band · ${lower} at the lower band · ${total} stocks`}</p>
    </>
  );
}

function IndustryRow({ row }: { row: IndustryShown }) {
  const { t, i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  const leaderInstrument = useInstrument(row.leader?.code ?? '');
  const up = formatCount(row.advancers, locale);
  const down = formatCount(row.decliners, locale);
  const leaderName = row.leader ? (row.leader.name ?? leaderInstrument?.name ?? row.leader.code) : null;
  const leaderChange = row.leader ? formatBasisPoints(row.leader.changeRateBps, locale) : '';
  const direction = directionOfSign(row.changeRateBps);
  return (
    <div className={styles.tableRow}>
      <span className={styles.cellStack}>
        <span className={styles.cellTitle}>{industryName(row.industry, i18n)}</span>
        <span className={styles.cellMuted}>{t`${up} up · ${down} down`}</span>
        {row.leader && leaderName ? (
          <Link to="/market/stockDetail" search={{ code: row.leader.code }} className={styles.cellMuted}>
            {t`Leader: ${leaderName} ${leaderChange}`}
          </Link>
        ) : null}
      </span>
      <span />
      <ChangeText text={formatBasisPoints(row.changeRateBps, locale)} direction={direction} className={shared.changePill[direction]} />
    </div>
  );
}

/** /market/marketZhiBiao */
export function IndicatorsPage() {
  return <IndicatorsPanel />;
}
