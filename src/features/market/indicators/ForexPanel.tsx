import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import type { LedgerCurrency } from '../../../../contract/currencies.ts';
import type { FxPair } from '../../../../contract/fx.ts';
import { call } from '../../../api/commandBus.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { directionOfSign, formatBasisPoints, formatIsoDay } from '../../../ui/format.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { button } from '../../../ui/ui.css.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { currencyName } from '../../funding/balances/CurrencyBalances.tsx';
import { shortRate, useSourceLabel } from '../../fx/fxFormat.ts';
import * as fx from '../../fx/fx.css.ts';
import * as styles from '../market.css.ts';
import { ChangeText } from '../shared/PriceText.tsx';

const FxChart = lazy(() => import('../../fx/FxChart.tsx'));
/** About a year of business days. */
const chartDays = 250;
/** The demo's intraday rates move every ten seconds; the list follows while it is on screen. */
const refreshMs = 10_000;

/** The Forex tab: every currency against the rupee with its source and day change, and a chart of the one tapped. */
export function ForexPanel() {
  const { t } = useLingui();
  const rates = useLoad(useCallback(() => call('fx/rates', { to: 'INR' }, { silent: true }), []));
  const pullPx = usePullToRefresh(rates.reload);
  const [selected, setSelected] = useState<LedgerCurrency>('USD');
  const intraday = rates.state.status === 'ready' && rates.state.data.intraday_simulated;
  useEffect(() => {
    if (!intraday) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') rates.reload();
    }, refreshMs);
    return () => clearInterval(timer);
  }, [intraday, rates.reload]);

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates
        state={rates.state}
        onRetry={rates.reload}
        errorTitle={t`Exchange rates could not be loaded.`}
        skeleton={<SkeletonRows count={6} />}
        isEmpty={(data: ResponseOf<'fx/rates'>) => data.pairs.length === 0}
        empty={<EmptyState icon="globe" title={t`No exchange rates today`} text={t`The rate file could not be read; staff-set rates appear here once they are set.`} />}
      >
        {(data: ResponseOf<'fx/rates'>) => (
          <>
            <section aria-label={t`Exchange rates against the rupee`}>
              {data.pairs.map((pair) => (
                <PairRow key={pair.from} pair={pair} selected={pair.from === selected} onSelect={() => setSelected(pair.from)} />
              ))}
            </section>
            <SelectedPairChart pairs={data.pairs} selected={selected} />
            <section className={styles.section}>
              <p className={styles.sectionText}>
                <Trans>Reference rates are the European Central Bank's daily rates, crossed through the euro; TWD and VND are set by our staff.</Trans>{' '}
                {data.intraday_simulated ? <Trans>In this demo they move a little during the day (simulated intraday).</Trans> : null}
              </p>
              <Link to="/information/exChange" className={button.primary}>
                <Trans>Exchange currency</Trans>
              </Link>
            </section>
          </>
        )}
      </LoadStates>
    </div>
  );
}

function PairRow({ pair, selected, onSelect }: { pair: FxPair; selected: boolean; onSelect: () => void }) {
  const { locale } = useSnapshot(localeState);
  const sourceLabel = useSourceLabel();
  return (
    <button type="button" className={fx.forexRow} aria-pressed={selected} onClick={onSelect} data-testid={`fx-pair-${pair.from}`}>
      <span className={fx.forexPair}>
        {pair.from}/INR <span className={fx.name}>{currencyName(pair.from, locale)}</span>
      </span>
      <span className={fx.forexRate}>₹{shortRate(pair.rate)}</span>
      <span className={fx.forexSource}>
        <span className={fx.badge[pair.source]}>{sourceLabel(pair.source)}</span>
        {pair.reference_day ? formatIsoDay(pair.reference_day, locale) : null}
      </span>
      <span className={fx.forexChange}>
        {pair.day_change_bps === null ? '—' : <ChangeText text={formatBasisPoints(pair.day_change_bps, locale)} direction={directionOfSign(pair.day_change_bps)} />}
      </span>
    </button>
  );
}

/** The chart of the selected pair (the first one if it has no rate today); a new pair is a new chart. */
function SelectedPairChart({ pairs, selected }: { pairs: readonly FxPair[]; selected: LedgerCurrency }) {
  const pair = pairs.find((candidate) => candidate.from === selected) ?? pairs[0]!;
  return <PairChart key={pair.from} pair={pair} />;
}

function PairChart({ pair }: { pair: FxPair }) {
  const { t } = useLingui();
  const history = useLoad(useCallback(() => call('fx/history', { from: pair.from, to: 'INR', days: chartDays }, { silent: true }), [pair.from]));
  const from = pair.from;
  return (
    <section className={styles.section} aria-label={t`Daily rate of ${from} in rupees`}>
      <h2 className={styles.sectionTitle}>
        <Trans>{from}/INR, daily reference rate</Trans>
      </h2>
      <LoadStates
        state={history.state}
        onRetry={history.reload}
        errorTitle={t`The rate history could not be loaded.`}
        skeleton={<SkeletonRows count={3} />}
        isEmpty={(data: ResponseOf<'fx/history'>) => data.points.length < 2}
        empty={<p className={styles.sectionText}>{t`No daily history: this rate is set by staff.`}</p>}
      >
        {(data: ResponseOf<'fx/history'>) => (
          <div className={fx.chartBox}>
            <Suspense fallback={<SkeletonRows count={3} />}>
              <FxChart points={data.points} />
            </Suspense>
          </div>
        )}
      </LoadStates>
    </section>
  );
}
