import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { industryName } from '../../../i18n/serverNames.ts';
import * as styles from '../market.css.ts';
import { formatCompact, formatPoints, noValue } from '../../../ui/format.ts';
import { type Currency, formatMoney } from '../../../ui/money.ts';
import { useLotText } from '../shared/lotText.ts';
import type { QuoteView } from '../shared/quoteView.ts';
import { useTrackedName } from '../shared/trackedNames.ts';

type Detail = ResponseOf<'stock/detail'>;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue}>{value}</dd>
    </div>
  );
}

/** The day's figures for a stock: live where the stream has them, from stock/detail otherwise. */
export function StockStats({ detail, quote }: { detail: Detail; quote: QuoteView }) {
  const { t, i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  const lotText = useLotText();
  const trackedName = useTrackedName();
  const currency: Currency = detail.instrument.currency;
  const price = (value: string | null) => formatMoney(value, currency, { symbol: false });
  const band = detail.quote.lowerBand && detail.quote.upperBand ? `${price(detail.quote.lowerBand)} – ${price(detail.quote.upperBand)}` : noValue;
  return (
    <dl className={styles.statGrid}>
      <Stat label={t`Open`} value={price(quote.open)} />
      <Stat label={t`Prev. close`} value={price(quote.prevClose)} />
      <Stat label={t`High`} value={price(quote.high)} />
      <Stat label={t`Low`} value={price(quote.low)} />
      <Stat label={t`Volume`} value={formatCompact(quote.volume, locale)} />
      <Stat label={t`Turnover`} value={formatCompact(quote.turnover, locale, currency)} />
      <Stat label={t`Market cap`} value={detail.quote.marketCap ? formatCompact(detail.quote.marketCap, locale, currency) : noValue} />
      <Stat label={t`Price band`} value={band} />
      <Stat label={t`Lot size`} value={lotText(detail.instrument.lot)} />
      <Stat label={t`Tick size`} value={price(detail.instrument.tickSize)} />
      <Stat label={t`Exchange`} value={detail.instrument.exchange} />
      <Stat label={t`Industry`} value={detail.instrument.industry ? industryName(detail.instrument.industry, i18n) : noValue} />
      {detail.instrument.tracks ? <Stat label={t`Tracks`} value={trackedName(detail.instrument.tracks)} /> : null}
    </dl>
  );
}

/** An index's day: levels in points; volume only where the feed reports it. */
export function IndexStats({ quote }: { quote: QuoteView }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  return (
    <dl className={styles.statGrid}>
      <Stat label={t`Open`} value={formatPoints(quote.open)} />
      <Stat label={t`Prev. close`} value={formatPoints(quote.prevClose)} />
      <Stat label={t`High`} value={formatPoints(quote.high)} />
      <Stat label={t`Low`} value={formatPoints(quote.low)} />
      {quote.volume > 0 ? <Stat label={t`Volume`} value={formatCompact(quote.volume, locale)} /> : null}
    </dl>
  );
}
