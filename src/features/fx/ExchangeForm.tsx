import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { currencyConventions, type LedgerCurrency, minorUnitScale, parseMinorAmount } from '../../../contract/currencies.ts';
import type { FxConversion, FxQuote } from '../../../contract/fx.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../api/commandBus.ts';
import { formatMoney } from '../../ui/money.ts';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import * as styles from './fx.css.ts';
import { QuoteCard } from './QuoteCard.tsx';

export interface CurrencyOption {
  currency: LedgerCurrency;
  /** What the picker shows: the code, or a market's account ("Korea (KRW)"). */
  label: string;
}

type Props = {
  options: readonly CurrencyOption[];
  initialFrom: LedgerCurrency;
  initialTo: LedgerCurrency;
  /** Available money per currency (major-unit decimal strings), shown under the amount. */
  available: Partial<Record<LedgerCurrency, string>>;
  onConverted: (conversion: FxConversion) => void;
};

/** "Did the server refuse it (a translated sentence), or did no answer come (keep the quote for a retry)?" */
const refusalText = (error: unknown): string | null => (error instanceof CommandRefused ? error.translated : null);

/**
 * Pick two currencies and an amount, get a quote (the rate, what it buys, how long it holds),
 * confirm it. The quote's conversion carries one idempotency key for as long as its outcome
 * is unknown, so a retry after a lost answer converts once.
 */
export function ExchangeForm({ options, initialFrom, initialTo, available, onConverted }: Props) {
  const { t } = useLingui();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [amountText, setAmountText] = useState('');
  const [quote, setQuote] = useState<FxQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<FxConversion | null>(null);
  const intent = useIdempotencyKey();

  const amountMinor = parseMinorAmount(amountText, from);
  const decimals = minorUnitScale(from);
  const amountError =
    amountText.trim() === '' || (amountMinor !== null && amountMinor > 0n)
      ? null
      : decimals === 0
        ? t`Enter a whole amount of ${from}, above zero.`
        : t`Enter an amount of ${from}, above zero, with at most two decimals.`;
  const sameCurrency = from === to;

  const clear = () => {
    setQuote(null);
    setProblem(null);
  };
  const pickFrom = (currency: LedgerCurrency) => {
    setFrom(currency);
    clear();
  };
  const pickTo = (currency: LedgerCurrency) => {
    setTo(currency);
    clear();
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    setAmountText('');
    clear();
  };

  const { busy: quoting, run: requestQuote } = useSingleFlight(async () => {
    setProblem(null);
    setResult(null);
    try {
      setQuote(await call('fx/quote', { from, to, amount: amountText.trim() }, { silent: true }));
    } catch (error) {
      setQuote(null);
      setProblem(refusalText(error) ?? t`No answer from the server. Check your connection and try again.`);
    }
  });
  const submitQuote = (event: FormEvent) => {
    event.preventDefault();
    if (sameCurrency || amountMinor === null || amountMinor <= 0n) return;
    void requestQuote();
  };

  const { busy: converting, run: convert } = useSingleFlight(async () => {
    if (!quote) return;
    const details = { quote_id: quote.quote_id };
    try {
      const conversion = await settleWhenAnswered(intent, call('fx/convert', { ...details, idempotency_key: intent.keyFor(details) }, { silent: true }));
      setQuote(null);
      setAmountText('');
      setResult(conversion);
      onConverted(conversion);
    } catch (error) {
      const refused = refusalText(error);
      // A refusal moved nothing and ends this quote's use; a lost answer keeps it for a retry with the same key.
      if (refused) setQuote(null);
      setProblem(refused ?? t`No answer from the server. Tap Confirm again: the exchange is made once.`);
    }
  });

  const symbol = currencyConventions[from].symbol;
  const availableText = available[from] !== undefined ? formatMoney(available[from]!, from) : formatMoney('0', from);
  return (
    <section className={styles.card} aria-label={t`Exchange`}>
      <form onSubmit={submitQuote} className={styles.actions} noValidate>
        <div className={styles.pairRow}>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>{t({ message: 'From', context: 'currency exchange: the currency paid' })}</span>
            <select className={styles.select} value={from} onChange={(event) => pickFrom(event.target.value as LedgerCurrency)} data-testid="fx-from">
              {options.map((option) => (
                <option key={option.currency} value={option.currency}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <span />
          <button type="button" className={styles.swap} onClick={swap} aria-label={t`Swap the currencies`}>
            ⇄
          </button>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>{t({ message: 'To', context: 'currency exchange: the currency received' })}</span>
            <select className={styles.select} value={to} onChange={(event) => pickTo(event.target.value as LedgerCurrency)} data-testid="fx-to">
              {options.map((option) => (
                <option key={option.currency} value={option.currency}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {sameCurrency ? (
          <p className={styles.error} role="alert">
            <Trans>Currencies must differ: choose two different currencies.</Trans>
          </p>
        ) : null}
        <label className={styles.field}>
          <span className={styles.fieldLabel}>
            <Trans>Amount ({symbol})</Trans>
          </span>
          <input
            className={styles.select}
            inputMode={decimals === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              clear();
            }}
            data-testid="fx-amount"
          />
        </label>
        <p className={styles.muted}>
          <Trans>Available: {availableText}</Trans>
        </p>
        {amountError ? (
          <p className={styles.error} role="alert">
            {amountError}
          </p>
        ) : null}
        {quote ? null : (
          <Button type="submit" block busy={quoting} disabled={sameCurrency || amountMinor === null || amountMinor <= 0n} data-testid="fx-get-quote">
            <Trans>Get a quote</Trans>
          </Button>
        )}
      </form>
      {problem ? (
        <p className={styles.error} role="alert" data-testid="fx-problem">
          {problem}
        </p>
      ) : null}
      {quote ? <QuoteCard quote={quote} converting={converting} onConfirm={() => void convert()} onRequote={() => void requestQuote()} /> : null}
      {result ? <ConversionResult conversion={result} /> : null}
    </section>
  );
}

function ConversionResult({ conversion }: { conversion: FxConversion }) {
  const sold = formatMoney(conversion.amount, conversion.from);
  const bought = formatMoney(conversion.receive, conversion.to);
  const availableTo = formatMoney(conversion.available_to, conversion.to);
  return (
    <p className={styles.success} role="status" data-testid="fx-result">
      <Trans>
        Exchanged {sold} for {bought}. You now have {availableTo} available.
      </Trans>
    </p>
  );
}
