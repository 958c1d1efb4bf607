import { Trans, useLingui } from '@lingui/react/macro';
import type { FxQuote } from '../../../contract/fx.ts';
import { formatMoney } from '../../ui/money.ts';
import { Button } from '../../ui/widgets.tsx';
import { shortRate, useSourceLabel } from './fxFormat.ts';
import * as styles from './fx.css.ts';
import { useCountdown } from './useCountdown.ts';

const urgentSeconds = 5;

/** A live quote: what the amount buys, at which rate and from where, and the seconds it still holds. */
export function QuoteCard({ quote, converting, onConfirm, onRequote }: { quote: FxQuote; converting: boolean; onConfirm: () => void; onRequote: () => void }) {
  const { t } = useLingui();
  const sourceLabel = useSourceLabel();
  const secondsLeft = useCountdown(quote.expires_at);
  const expired = secondsLeft <= 0;
  const rate = shortRate(quote.rate);
  const reference = shortRate(quote.reference_rate);
  const spread = quote.spread_bps;
  const { from, to } = quote;
  return (
    <div className={styles.actions} data-testid="fx-quote">
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>You pay</Trans>
        </dt>
        <dd className={styles.figureValue}>{formatMoney(quote.amount, quote.from)}</dd>
        <dt className={styles.figureLabel}>
          <Trans>You receive</Trans>
        </dt>
        <dd className={styles.receive} data-testid="fx-receive">
          {formatMoney(quote.receive, quote.to)}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Rate</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="fx-rate">
          <Trans>
            1 {from} = {rate} {to}
          </Trans>
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Reference</Trans>
        </dt>
        <dd className={styles.figureValue}>
          <Trans>
            {reference} less {spread} bp spread
          </Trans>{' '}
          <span className={styles.badge[quote.source]}>{sourceLabel(quote.source)}</span>
        </dd>
      </dl>
      <p className={styles.muted}>
        <Trans>The amount received is rounded down to the smallest unit of {to}.</Trans>
      </p>
      {expired ? (
        <>
          <p className={styles.error} role="status">
            <Trans>This quote has expired. Ask for a new quote to see the current rate.</Trans>
          </p>
          <Button block variant="secondary" onClick={onRequote} data-testid="fx-requote">
            <Trans>Get a new quote</Trans>
          </Button>
        </>
      ) : (
        <>
          <span className={[styles.countdown, secondsLeft <= urgentSeconds ? styles.countdownUrgent : ''].join(' ')} aria-live="off" data-testid="fx-countdown">
            {t`Valid for ${secondsLeft} s`}
          </span>
          <Button block busy={converting} onClick={onConfirm} data-testid="fx-confirm">
            <Trans>Confirm exchange</Trans>
          </Button>
        </>
      )}
    </div>
  );
}
