import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { instrumentSearch } from '../../../app/routeSearch.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { Icon } from '../../../ui/icons.tsx';
import { button } from '../../../ui/ui.css.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { Skeleton } from '../../../ui/widgets.tsx';
import { WatchStar } from '../../watchlist/WatchStar.tsx';
import { ChartPanel } from '../chart/ChartPanel.tsx';
import * as marketStyles from '../market.css.ts';
import { EmptyState, ErrorState, PullIndicator } from '../../../ui/LoadStates.tsx';
import { ChangeText, PriceText } from '../shared/PriceText.tsx';
import { formatBasisPoints, formatIsoDay, formatIstDateTime, formatPoints } from '../../../ui/format.ts';
import { formatMoney } from '../../../ui/money.ts';
import { type QuoteView, useQuoteView } from '../shared/quoteView.ts';
import { SourceBadge } from '../shared/SourceBadge.tsx';
import { useWatch } from '../stream/marketStore.ts';
import * as styles from './detail.css.ts';
import { IndexStats, StockStats } from './DetailStats.tsx';

type Detail = ResponseOf<'stock/detail'>;
export type DetailVariant = 'stock' | 'index';

/** The instrument code from the URL (?code=RELIANCE), upper-cased as the server does; empty when missing or malformed. */
export function useCodeParam(): string {
  return instrumentSearch.useSearch().code ?? '';
}

/** Shown when a link arrives without ?code=. */
export function MissingCode() {
  const { t } = useLingui();
  return (
    <EmptyState
      icon="search"
      title={t`No stock selected`}
      text={t`Search for a stock or index by its code or name.`}
      action={
        <Link to="/favorite/search" className={button.soft}>
          <Trans>Search stocks</Trans>
        </Link>
      }
    />
  );
}

/**
 * The detail screen of one instrument: header with source, the live price, the chart and
 * the day's figures. stock/detail paints the screen at once; the stream then takes over
 * the price. Keyed by code by its parent, so a new code starts from a clean state.
 */
export function InstrumentDetail({ code, variant }: { code: string; variant: DetailVariant }) {
  const { t } = useLingui();
  // The command bus toasts the reason (e.g. an unknown code); the page offers Retry.
  const { state, reload } = useLoad(useCallback(() => call('stock/detail', { code }), [code]));
  const pullPx = usePullToRefresh(reload);
  useWatch([code]);
  const detail = state.status === 'ready' ? state.data : null;
  const quote = useQuoteView(code, detail?.quote);

  if (state.status === 'failed') return <ErrorState title={t`This instrument could not be loaded.`} onRetry={reload} />;

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <header className={styles.head}>
        <div className={styles.titleRow}>
          <div>
            <h2 className={styles.name}>{detail ? detail.instrument.name : <Skeleton width={180} height={22} />}</h2>
            <div className={styles.codeLine}>{detail ? [detail.instrument.code, detail.instrument.exchange, variant === 'stock' ? detail.instrument.currency : null].filter(Boolean).join(' · ') : code}</div>
          </div>
          {detail ? <WatchStar code={detail.instrument.code} known={detail.onWatchlist} /> : null}
        </div>
        <SourceBadge fallback={detail ? { source: detail.source, phase: detail.phase } : null} />
        {detail && quote ? <PriceBlock detail={detail} quote={quote} variant={variant} /> : <Skeleton width={200} height={56} />}
      </header>

      {detail ? <HistoryNote realUntil={detail.historyRealUntil} variant={variant} /> : null}
      <ChartPanel code={code} showAdjust={variant === 'stock'} precision={detail?.instrument.currency === 'KRW' ? 0 : 2} />

      <section className={marketStyles.section} aria-label={t`Today`}>
        <h2 className={marketStyles.sectionTitle}>
          <Trans>Today</Trans>
        </h2>
        {detail && quote ? variant === 'stock' ? <StockStats detail={detail} quote={quote} /> : <IndexStats quote={quote} /> : <Skeleton width="100%" height={120} />}
      </section>

      {variant === 'stock' ? (
        <div className={styles.tradeBar}>
          <Link to="/market/marketBuy" search={{ code }} className={`${button.primary}`} style={{ flex: 1 }}>
            <Icon name="trade" size={18} />
            <Trans>Trade</Trans>
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function PriceBlock({ detail, quote, variant }: { detail: Detail; quote: QuoteView; variant: DetailVariant }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const currency = detail.instrument.currency;
  const last = variant === 'index' ? formatPoints(quote.last) : formatMoney(quote.last, currency);
  const change = variant === 'index' ? formatPoints(quote.change, { sign: 'always' }) : formatMoney(quote.change, currency, { symbol: false, sign: 'always' });
  const time = formatIstDateTime(quote.time, locale, 'time');
  return (
    <div>
      <PriceText text={last} direction={quote.direction} updatedAt={quote.updatedAt} tickDirection={quote.tickDirection} className={styles.lastPrice} testId="last-price" />
      <div className={styles.changeLine}>
        <ChangeText text={change} direction={quote.direction} />
        <ChangeText text={`(${formatBasisPoints(quote.changeRateBps, locale)})`} direction={quote.direction} />
        <span className={styles.asOf}>{t`as of ${time} IST`}</span>
      </div>
    </div>
  );
}

/** Says which part of the chart is real: the API marks the last day of real NSE history, the rest is simulated. */
/**
 * Which prices are real: up to the last real NSE session, a stock's bars are exchange data and
 * its live price starts from that real close; without one its price level itself is
 * simulated. An index is always computed by Ledgerline from its constituents.
 */
function HistoryNote({ realUntil, variant }: { realUntil: string | null; variant: DetailVariant }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const day = realUntil ? formatIsoDay(realUntil, locale) : '';
  const text =
    variant === 'index'
      ? t`Index level computed by Ledgerline from its constituents' prices, not the official index value; its history is simulated.`
      : realUntil
        ? t`Daily bars up to ${day} are real NSE data (forward-adjusted) and the price starts from that day's real close; later bars are simulated.`
        : t`Simulated price: no real NSE data covers this instrument, so its price level and all chart history are simulated.`;
  return (
    <p className={styles.historyNote} role="note">
      {text}
    </p>
  );
}
