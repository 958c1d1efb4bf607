import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { InstrumentKind, QuoteRow as QuoteRowData } from '../../../../contract/market.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { Skeleton } from '../../../ui/widgets.tsx';
import { useInstrument } from '../stream/marketStore.ts';
import { ChangeText, PriceText } from './PriceText.tsx';
import { formatBasisPoints, formatCompact } from '../../../ui/format.ts';
import { type Currency, formatMoney } from '../../../ui/money.ts';
import { useQuoteView } from './quoteView.ts';
import * as styles from './shared.css.ts';

/** Where a tap on an instrument leads: indices have their own detail screen. */
export function detailPathOf(kind: InstrumentKind | undefined): string {
  return kind === 'index' ? '/market/stockDetailzs' : '/market/stockDetail';
}

export type QuoteRowProps = {
  code: string;
  /** The REST snapshot, shown until the stream has this code. */
  snapshot?: QuoteRowData | null;
  /** What the small line under the price shows. */
  metric?: 'volume' | 'turnover' | 'none';
  /** An action at the end of the row (e.g. the watchlist star), outside the link. */
  trailing?: ReactNode;
  /** More about the instrument, each on a line under its code (an ETF's index and lot). */
  caption?: readonly string[];
};

/**
 * One instrument in a list: name and code, last price, change percent and volume. It reads
 * its own quote with useQuote(code), so in a list of thousands only the rows whose quote
 * changed re-render; memo keeps the parent's re-renders from reaching the others.
 */
export const QuoteRow = memo(function QuoteRow({ code, snapshot, metric = 'volume', trailing, caption }: QuoteRowProps) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const instrument = useInstrument(code);
  const quote = useQuoteView(code, snapshot);
  const name = snapshot?.name ?? instrument?.name ?? code;
  const currency: Currency = snapshot?.currency ?? instrument?.currency ?? 'INR';
  const kind = snapshot?.kind ?? instrument?.kind;
  // Foreign listings carry their currency symbol so ₩70,000 is never read as rupees.
  const showSymbol = currency !== 'INR';
  const volumeLabel = (volume: string) => t`Vol ${volume}`;

  return (
    <div className={styles.row} data-code={code}>
      <Link to={detailPathOf(kind)} search={{ code }} className={styles.rowLink}>
        <span className={styles.rowName}>
          <span className={styles.rowTitle}>{name}</span>
          <span className={styles.rowCode}>{code}</span>
          {caption?.map((line) => (
            <span key={line} className={styles.rowCode}>
              {line}
            </span>
          ))}
        </span>
        {quote ? (
          <>
            <span className={styles.rowPrice}>
              <PriceText
                text={formatMoney(quote.last, currency, { symbol: showSymbol })}
                direction={quote.direction}
                updatedAt={quote.updatedAt}
                tickDirection={quote.tickDirection}
              />
              {metric === 'volume' ? (
                <span className={styles.rowMetric}>{volumeLabel(formatCompact(quote.volume, locale))}</span>
              ) : metric === 'turnover' ? (
                <span className={styles.rowMetric}>{formatCompact(quote.turnover, locale, currency)}</span>
              ) : null}
            </span>
            <ChangeText text={formatBasisPoints(quote.changeRateBps, locale)} direction={quote.direction} className={styles.changePill[quote.direction]} />
          </>
        ) : (
          <>
            <Skeleton width={64} height={18} />
            <Skeleton width={78} height={28} />
          </>
        )}
      </Link>
      {trailing}
    </div>
  );
});
