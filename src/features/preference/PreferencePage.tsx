import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { type PreferenceRadar, preferenceHistoryMonths, preferenceResponse, profileThresholds } from '../../../contract/preference.ts';
import type { z } from 'zod';
import { call } from '../../api/commandBus.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { formatIsoDay, formatIstDateTime } from '../../ui/format.ts';
import { Icon } from '../../ui/icons.tsx';
import { LoadStates, PullIndicator } from '../../ui/LoadStates.tsx';
import { formatMoney } from '../../ui/money.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as card from '../funding/funding.css.ts';
import { usePreferenceText } from './preferenceText.ts';
import * as styles from './preference.css.ts';
import { RadarChart } from './RadarChart.tsx';

type Unavailable = Extract<z.output<typeof preferenceResponse>, { available: false }>;

/** /information/pj: the radar of the caller's own trading, its profile and the spec's allocation tip, or when it becomes available. */
export function PreferencePage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('profile/preference', {}, { silent: true }), []));
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={card.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`Your investment preference could not be loaded.`}
        skeleton={
          <div className={card.card} aria-busy="true">
            <Skeleton width="50%" height={20} />
            <Skeleton width="100%" height={260} radius={12} />
            <Skeleton width="70%" height={16} />
          </div>
        }
      >
        {(answer) => (answer.available ? <RadarView radar={answer} /> : <NotYetView answer={answer} />)}
      </LoadStates>
    </div>
  );
}

function NotYetView({ answer }: { answer: Unavailable }) {
  const { locale } = useSnapshot(localeState);
  const months = answer.months_required;
  const firstDay = answer.first_trade_at ? formatIstDateTime(answer.first_trade_at, locale) : null;
  const from = answer.available_from ? formatIsoDay(answer.available_from, locale) : null;
  const days = answer.days_remaining ?? 0;
  return (
    <section className={card.card} data-testid="preference-unavailable" data-reason={answer.reason} data-days-remaining={answer.days_remaining ?? ''}>
      <div className={card.cardHead}>
        <h2 className={card.cardTitle}>
          <Trans>Your investment preference is not ready yet</Trans>
        </h2>
        <Icon name="hourglass" size={22} />
      </div>
      {answer.reason === 'no_trades_in_window' ? (
        <p className={card.muted}>
          <Trans>The radar measures your trading of the last 12 months, and you have no trade in that time. It appears again with your next trade.</Trans>
        </p>
      ) : firstDay && from ? (
        <>
          <p className={card.bigAmount} data-testid="preference-days-remaining">
            {days === 1 ? <Trans>Available in 1 day</Trans> : <Trans>Available in {days} days</Trans>}
          </p>
          <p className={card.muted}>
            <Trans>
              From {from}: {months} calendar months after your first trade on {firstDay}.
            </Trans>
          </p>
        </>
      ) : (
        <p className={card.muted}>
          <Trans>You have no filled trade yet. The {months} months start with your first one.</Trans>
        </p>
      )}
      <p className={card.notice.info}>
        <Trans>
          The radar describes how you trade, so it needs at least {months} months of trading history. Trading history means your filled orders and
          positions, counted from the first fill; orders still pending or cancelled do not count.
        </Trans>
      </p>
      <Link to="/trade/index" className={ui.button.secondary}>
        <Trans>Go to trading</Trans>
      </Link>
    </section>
  );
}

function RadarView({ radar }: { radar: PreferenceRadar }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const text = usePreferenceText();
  const profile = text.profileName[radar.profile];
  const points = radar.axes.map((axis) => ({ key: axis.axis, label: text.axisName[axis.axis], score: axis.score }));
  const description = radar.axes.map((axis) => `${text.axisName[axis.axis]} ${axis.score}`).join(', ');
  const tipTotal = radar.allocation.reduce((sum, tip) => sum + tip.percent, 0);
  const average = radar.average_score;
  const prices = radar.simulated_prices;
  const count = radar.simulated_trades;
  return (
    <>
      {radar.includes_simulated ? (
        <p className={card.notice.warning} data-testid="preference-simulated">
          <Icon name="warning" size={18} />
          <span>
            {prices?.real ? (
              <Trans>
                Includes simulated demo history: {count} simulated trades (not real orders, no money moved), priced at real NSE closing prices of{' '}
                {formatIsoDay(prices.from, locale)} – {formatIsoDay(prices.to, locale)}.
              </Trans>
            ) : (
              <Trans>Includes simulated demo history: {count} simulated trades (not real orders, no money moved), priced at simulated daily closes.</Trans>
            )}
          </span>
        </p>
      ) : null}

      <section className={card.card} data-testid="preference-radar" aria-label={t`Your trading radar`}>
        <h2 className={card.cardTitle}>
          <Trans>Your trading radar</Trans>
        </h2>
        <RadarChart points={points} title={t`Risk scores of your trading, 0 to 100`} description={description} />
        <p className={card.muted}>
          <Trans>Further out means more risk-taking, on every axis. Each score runs from 0 to 100.</Trans>
        </p>
      </section>

      <section className={card.card} data-testid="preference-profile" data-profile={radar.profile}>
        <div className={card.cardHead}>
          <h2 className={card.cardTitle}>
            <Trans>Your profile</Trans>
          </h2>
          <span className={card.badge.neutral}>{t`Average score ${average}`}</span>
        </div>
        <p className={styles.profileName}>{profile}</p>
        <p className={card.muted}>{text.profileSummary[radar.profile]}</p>
        <p className={card.muted}>
          <Trans>
            The profile comes from the average of the six scores: below {profileThresholds.balancedFrom} conservative, below {profileThresholds.growthFrom} balanced,
            otherwise growth.
          </Trans>
        </p>
        <h3 className={card.cardTitle}>
          <Trans>Allocation tip for a {profile} profile</Trans>
        </h3>
        <ul className={styles.tips}>
          {radar.allocation.map((tip) => (
            <li key={tip.asset_class} className={styles.tip} data-testid="allocation-tip" data-asset-class={tip.asset_class}>
              <span>{text.assetClass[tip.asset_class]}</span>
              <span className={styles.tipPercent}>{tip.percent}%</span>
              <span className={styles.tipBar} aria-hidden="true">
                <span className={styles.tipFill} style={{ display: 'block', width: `${tip.percent}%` }} />
              </span>
            </li>
          ))}
        </ul>
        {tipTotal < 100 ? (
          <p className={card.muted} data-testid="allocation-rest">
            <Trans>This tip covers {tipTotal}% of a portfolio; the rest is left to you.</Trans>
          </p>
        ) : null}
        <p className={card.notice.info} data-testid="preference-not-advice">
          <Icon name="info" size={18} />
          <span>
            <Trans>
              General information, not advice. This profile describes how you have traded, computed from your own orders; it is not a recommendation
              to buy or sell anything. Consider your own goals and situation, and get independent advice if you need it.
            </Trans>
          </span>
        </p>
      </section>

      <section className={card.card} aria-label={t`The six measures`}>
        <table className={styles.axisTable} data-testid="preference-axes">
          <caption className={styles.caption}>
            <Trans>The six measures: your figure and its risk score</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Measure</Trans>
              </th>
              <th scope="col">
                <Trans>Your figure</Trans>
              </th>
              <th scope="col">
                <Trans>Risk score</Trans>
              </th>
            </tr>
          </thead>
          {radar.axes.map((axis) => (
            // One group per measure: its figures, then what it means across the whole width.
            <tbody key={axis.axis} data-testid="preference-axis" data-axis={axis.axis} data-score={axis.score}>
              <tr className={styles.axisFigures}>
                <th scope="row" className={styles.axisName}>
                  {text.axisName[axis.axis]}
                </th>
                <td data-testid="preference-axis-figure">{text.figure(axis.axis, axis.figure)}</td>
                <td data-testid="preference-axis-score">{axis.score}</td>
              </tr>
              <tr>
                <td colSpan={3} className={styles.axisMeaning}>
                  {text.axisMeaning[axis.axis]}
                </td>
              </tr>
            </tbody>
          ))}
        </table>
        <p className={card.muted} data-testid="preference-basis">
          <Trans>
            Computed {formatIstDateTime(radar.computed_at, locale)} from {radar.trades_counted} trades of the last 12 months (rupee trades; an axis without
            data scores 50). Average equity: {formatMoney(radar.average_equity, 'INR')}. Your first trade: {formatIstDateTime(radar.first_trade_at, locale)}.
          </Trans>
        </p>
      </section>
      <p className={card.muted}>
        <Trans>The radar needs {preferenceHistoryMonths} months of trading history; it changes as you trade.</Trans>
      </p>
    </>
  );
}
