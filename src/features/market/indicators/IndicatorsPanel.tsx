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
import { directionOf, formatCount, formatPercent, minorToDecimal } from '../../../ui/format.ts';
import * as shared from '../shared/shared.css.ts';
import { type IndustryAggregate, useBoard, useIndustries, useInstrument } from '../stream/marketStore.ts';
import { BreadthBar } from './BreadthBar.tsx';
import { MarketPanel } from '../shared/MarketPanel.tsx';

type Breadth = ResponseOf<'market/breadth'>;
type IndustryStat = ResponseOf<'market/industries'>[number];

/** One industry as shown, from REST (decimal strings) or the stream (numbers, minor units). */
type IndustryView = { industry: string; changeRate: string; advancers: number; decliners: number; unchanged: number; leader: { code: string; name: string | null; changeRate: string } | null };

const percentText = (percent: number) => minorToDecimal(Math.round(percent * 100));

// Turnover is left out: the aggregates add up rupee, won and baht turnover as one number.
function viewOfLive({ turnover: _turnover, ...aggregate }: IndustryAggregate): IndustryView {
  return {
    ...aggregate,
    changeRate: percentText(aggregate.changeRate),
    leader: aggregate.leader ? { code: aggregate.leader.code, name: null, changeRate: percentText(aggregate.leader.changeRate) } : null,
  };
}

const viewOfRest = ({ turnover: _turnover, ...stat }: IndustryStat): IndustryView => ({ ...stat, leader: { ...stat.leader } });

/** Sorts strongest first by comparing decimal percent strings without turning them into floats. */
function byChangeDescending(a: IndustryView, b: IndustryView): number {
  const basisPoints = (text: string) => {
    const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
    const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
    return text.startsWith('-') ? -magnitude : magnitude;
  };
  return basisPoints(b.changeRate) - basisPoints(a.changeRate) || a.industry.localeCompare(b.industry);
}

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
    const source = liveIndustries.length > 0 ? liveIndustries.map(viewOfLive) : industries.state.status === 'ready' ? industries.state.data.map(viewOfRest) : [];
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

function IndustryRow({ row }: { row: IndustryView }) {
  const { t, i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  const leaderInstrument = useInstrument(row.leader?.code ?? '');
  const up = formatCount(row.advancers, locale);
  const down = formatCount(row.decliners, locale);
  const leaderName = row.leader ? (row.leader.name ?? leaderInstrument?.name ?? row.leader.code) : null;
  const leaderChange = row.leader ? formatPercent(row.leader.changeRate, locale) : '';
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
      <ChangeText text={formatPercent(row.changeRate, locale)} direction={directionOf(row.changeRate)} className={shared.changePill[directionOf(row.changeRate)]} />
    </div>
  );
}

/** /market/marketZhiBiao */
export function IndicatorsPage() {
  return <IndicatorsPanel />;
}
