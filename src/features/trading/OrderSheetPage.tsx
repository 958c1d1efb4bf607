import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { UserInfo } from '../../../contract/accounts.ts';
import { formatMinorAmount, type LedgerCurrency, parseMinorAmount } from '../../../contract/currencies.ts';
import { type FormEvent, useCallback, useState } from 'react';
import type { ResponseOf } from '../../../contract/api.ts';
import { asPaise, formatRupees as paiseToRupeeText, parseRupees } from '../../../contract/money.ts';
import { type OrderSide, type OrderType, orderSides } from '../../../contract/trading.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../api/commandBus.ts';
import { orderSheetSearch } from '../../app/routeSearch.ts';
import { showToast } from '../../app/toastStore.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { button } from '../../ui/ui.css.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { currencyName } from '../funding/balances/CurrencyBalances.tsx';
import { Button } from '../../ui/widgets.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/LoadStates.tsx';
import { PriceText } from '../market/shared/PriceText.tsx';
import { currencySymbols, formatMoney } from '../../ui/money.ts';
import { useLotText } from '../market/shared/lotText.ts';
import { SourceBadge } from '../market/shared/SourceBadge.tsx';
import { useQuote, useWatch } from '../market/stream/marketStore.ts';
import { OrderConfirmSheet, type PendingConfirmation, PreviewFigures } from './OrderConfirmSheet.tsx';
import { useOrderLabels } from './orderLabels.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import * as sheetStyles from './OrderSheet.css.ts';
import * as styles from './trading.css.ts';
import { checkLimitPrice, type PriceProblem, parseWholeLots, previewOrder } from './tradingMath.ts';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';

type StockDetail = ResponseOf<'stock/detail'>;
type TradingRules = ResponseOf<'trade/rules'>;

/** /market/marketBuy?code=RELIANCE[&side=short]: the order sheet. */
export function OrderSheetPage() {
  const { code } = orderSheetSearch.useSearch();
  return code ? <OrderSheetLoader key={code} code={code} /> : <NoStockChosen />;
}

function NoStockChosen() {
  const { t } = useLingui();
  return <EmptyState icon="search" title={t`No stock selected`} text={t`Open a stock and tap Trade to place an order.`} />;
}

function OrderSheetLoader({ code }: { code: string }) {
  const { t } = useLingui();
  // All are needed before a single figure can be shown: the tick size and band, the lot and fees,
  // and the money the user holds in the stock's currency.
  const load = useCallback(
    () => Promise.all([call('stock/detail', { code }, { silent: true }), call('trade/rules', {}, { silent: true }), call('user/info', {}, { silent: true })]),
    [code],
  );
  const { state, reload } = useLoad(load);
  if (state.status === 'loading') return <SkeletonRows count={4} />;
  if (state.status === 'failed') return <ErrorState title={t`The order sheet could not be loaded.`} onRetry={reload} />;
  const [detail, rules, info] = state.data;
  return <OrderForm detail={detail} rules={rules} info={info} />;
}

function OrderForm({ detail, rules, info }: { detail: StockDetail; rules: TradingRules; info: UserInfo }) {
  const { t } = useLingui();
  const labels = useOrderLabels();
  const navigate = useNavigate();
  const { instrument, quote } = detail;
  const code = instrument.code;
  useWatch([code]);
  const live = useQuote(code);
  // The instrument's lot as the server enforces it (its own, else the rules' default), the same the detail page shows.
  const lot = Math.max(1, instrument.lot);
  const lotDescription = useLotText()(lot);

  // A link may open the sheet on a side (?side=short); the user then switches freely.
  const linkedSide = orderSheetSearch.useSearch().side;
  const [side, setSide] = useState<OrderSide>(linkedSide);
  const [orderType, setOrderType] = useState<OrderType>('market');
  const [priceText, setPriceText] = useState(quote.last);
  const [quantityText, setQuantityText] = useState(String(lot));
  const [leverage, setLeverage] = useState(rules.leverages[0] ?? 1);
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
  // The server found no money in the stock's currency (spent since the sheet opened): offer the way to get some.
  const [refusedForCurrency, setRefusedForCurrency] = useState(false);
  const intent = useIdempotencyKey();

  const lastPaise = live ? asPaise(BigInt(live.last)) : parseRupees(quote.last);
  const priceCheck = orderType === 'limit' ? checkLimitPrice(priceText, { tickSize: instrument.tickSize, lowerBand: quote.lowerBand, upperBand: quote.upperBand }) : null;
  const quantity = parseWholeLots(quantityText, lot);
  const price = priceCheck ? ('price' in priceCheck ? priceCheck.price : null) : lastPaise;
  // An instrument trades and settles in its own currency: the order freezes, and fees are charged in, won for a won listing.
  const currency = instrument.currency;
  const preview = price !== null && quantity !== null ? previewOrder({ price, quantity, leverage, side, currency }, rules) : null;
  const available = info.balances_by_currency.find((balance) => balance.currency === currency)?.available ?? formatMinorAmount(0n, currency);
  const availableMinor = parseMinorAmount(available, currency) ?? 0n;
  const holdsCurrency = !refusedForCurrency && availableMinor > 0n;
  const availableText = formatMoney(available, currency);

  // Prices are written in the stock's own currency (₩ for a Korean listing), grouped as that currency is.
  const currencySymbol = currencySymbols[currency];
  const tickText = formatMoney(instrument.tickSize, instrument.currency);
  const lowerBandText = formatMoney(quote.lowerBand, instrument.currency);
  const upperBandText = formatMoney(quote.upperBand, instrument.currency);
  const priceProblemText: Record<PriceProblem, string> = {
    malformed: t`Enter a price in ${currencySymbol} with at most two decimals.`,
    not_positive: t`Enter a price above zero.`,
    off_tick: t`The price must be a multiple of the tick size ${tickText}.`,
    below_band: t`Exceeded price limit: the lowest price allowed today is ${lowerBandText}.`,
    above_band: t`Exceeded price limit: the highest price allowed today is ${upperBandText}.`,
  };
  // A price being typed is judged at once; an empty field only once the user tries to submit.
  const priceError = priceCheck && 'problem' in priceCheck && (triedSubmit || priceText.trim() !== '') ? (priceText.trim() === '' ? t`Enter a limit price.` : priceProblemText[priceCheck.problem]) : null;
  const quantityError = quantity === null ? t`Enter a quantity in whole lots of ${lot} shares.` : null;

  const openConfirmation = (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    if (priceError !== null || (priceCheck && 'problem' in priceCheck) || quantity === null || price === null || preview === null) return;
    const details = { code, side, type: orderType, quantity, leverage, ...(orderType === 'limit' ? { price: paiseToRupeeText(price) } : {}) };
    setConfirmation({
      // Reopened with the same details while an earlier answer is unknown, the order keeps its key:
      // if the first confirm did reach the server, this one returns that order instead of a second.
      request: { ...details, idempotency_key: intent.keyFor(details) },
      preview,
      currency,
      name: instrument.name,
      priceText: formatMoney(price, instrument.currency),
    });
  };

  // The command bus toasts a failure. A lost answer keeps the sheet open for a retry with the
  // same key; a refusal recorded nothing, so the sheet closes and the next order is a new intent.
  const { busy: submitting, run: confirm } = useSingleFlight(async () => {
    if (!confirmation) return;
    const order = await settleWhenAnswered(intent, call('order/place', confirmation.request)).catch((error: unknown) => {
      if (error instanceof CommandRefused) {
        setConfirmation(null);
        if (error.key === 'no_balance_in_currency') setRefusedForCurrency(true);
      }
      throw error;
    });
    const filled = order.status === 'holding';
    showToast(filled ? t`Order filled: ${order.quantity} ${code}` : t`Order placed: waiting for ${formatMoney(order.limit_price, instrument.currency)}`, { tone: 'success' });
    void navigate({ to: filled ? '/trade/position' : '/trade/waitOrder' });
  });

  return (
    <form className={holdsCurrency ? styles.page : `${styles.page} ${sheetStyles.roomForNotice}`} onSubmit={openConfirmation} noValidate>
      <section className={styles.card} aria-label={t`Stock`}>
        <div className={styles.instrumentHead}>
          <div>
            <h1 className={styles.instrumentName}>{instrument.name}</h1>
            <span className={styles.muted}>
              {code} · {instrument.exchange}
            </span>
          </div>
          <PriceText
            text={formatMoney(lastPaise, instrument.currency)}
            direction={live?.direction ?? 'flat'}
            updatedAt={live?.updatedAt ?? null}
            tickDirection={live?.tickDirection ?? 'none'}
            className={styles.lastPrice}
            testId="last-price"
          />
        </div>
        <SourceBadge fallback={{ source: detail.source, phase: detail.phase }} />
      </section>

      <section className={styles.card}>
        <div className={styles.segmented} role="group" aria-label={t`Direction`}>
          {orderSides.map((option) => (
            <button key={option} type="button" className={side === option ? styles.segment[option] : styles.segment.off} data-side={option} aria-pressed={side === option} onClick={() => setSide(option)}>
              {labels.side[option]}
            </button>
          ))}
        </div>
        <div className={styles.segmented} role="group" aria-label={t`Order type`}>
          {(['market', 'limit'] as const).map((option) => (
            <button key={option} type="button" className={orderType === option ? styles.segment.on : styles.segment.off} data-order-type={option} aria-pressed={orderType === option} onClick={() => setOrderType(option)}>
              {labels.type[option]}
            </button>
          ))}
        </div>

        {orderType === 'limit' ? (
          <label className={styles.fieldLabel}>
            <Trans>Limit price ({currencySymbol})</Trans>
            <input
              name="price"
              className={styles.stepInput}
              style={{ border: '1px solid', borderRadius: 8, minHeight: 44, width: '100%', boxSizing: 'border-box' }}
              inputMode="decimal"
              autoComplete="off"
              value={priceText}
              aria-invalid={priceError !== null || undefined}
              aria-describedby="price-error"
              onChange={(event) => setPriceText(event.target.value)}
            />
          </label>
        ) : null}
        {priceError ? (
          <p id="price-error" className={styles.fieldError} role="alert">
            {priceError}
          </p>
        ) : null}
        {orderType === 'limit' && quote.lowerBand && quote.upperBand ? (
          <span className={styles.muted}>
            <Trans>
              Today's band {lowerBandText} – {upperBandText} · tick {tickText}
            </Trans>
          </span>
        ) : null}

        <span className={styles.fieldLabel}>
          <Trans>Quantity ({lotDescription})</Trans>
        </span>
        <QuantityStepper text={quantityText} onTextChange={setQuantityText} lot={lot} label={t`Quantity`} invalid={quantityError !== null} describedBy="quantity-error" />
        {quantityError && (triedSubmit || quantityText.trim() !== '') ? (
          <p id="quantity-error" className={styles.fieldError} role="alert">
            {quantityError}
          </p>
        ) : null}

        <span className={styles.fieldLabel}>
          <Trans>Leverage</Trans>
        </span>
        <div className={styles.segmented} role="group" aria-label={t`Leverage`}>
          {rules.leverages.map((option) => (
            <button key={option} type="button" className={leverage === option ? styles.segment.on : styles.segment.off} data-leverage={option} aria-pressed={leverage === option} onClick={() => setLeverage(option)}>
              {option}×
            </button>
          ))}
        </div>
      </section>

      <section className={styles.card} aria-label={t`Order preview`}>
        <dl className={styles.figures}>
          <dt className={styles.figureLabel}>
            <Trans>Available ({currencySymbol})</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="available-balance">
            {availableText}
          </dd>
        </dl>
        <PreviewFigures preview={preview} side={side} currency={currency} />
        {holdsCurrency && preview && preview.totalFrozen > availableMinor ? (
          <p className={styles.fieldError} data-testid="exceeds-available">
            <Trans>This needs more than your available {availableText}: lower the quantity or raise the leverage.</Trans>
          </p>
        ) : null}
        <ClosingRules rules={rules} />
      </section>

      <div className={styles.submitBar}>
        {holdsCurrency ? (
          <Button type="submit" block disabled={submitting}>
            {side === 'long' ? <Trans>Review buy order</Trans> : <Trans>Review sell order</Trans>}
          </Button>
        ) : (
          <NoBalanceInCurrency currency={currency} />
        )}
      </div>

      {confirmation ? <OrderConfirmSheet confirmation={confirmation} submitting={submitting} onConfirm={confirm} onDismiss={() => setConfirmation(null)} /> : null}
    </form>
  );
}

/**
 * Nothing available in the stock's currency: an order could only be refused, so instead of a
 * confirm the sheet says so and offers the way to get that money (the exchange; for rupees, a deposit).
 */
function NoBalanceInCurrency({ currency }: { currency: LedgerCurrency }) {
  const { locale } = useSnapshot(localeState);
  const name = currencyName(currency, locale);
  return (
    <div className={sheetStyles.noBalance} role="status" data-testid="no-balance-in-currency">
      <p className={styles.muted}>
        <Trans>
          You have no {name} ({currency}) available. Orders in this stock are paid in {currency}.
        </Trans>
      </p>
      {currency === 'INR' ? (
        <Link to="/information/recharge" className={button.primary}>
          <Trans>Deposit rupees</Trans>
        </Link>
      ) : (
        <Link to="/information/exChange" className={button.primary}>
          <Trans>Exchange for {currency}</Trans>
        </Link>
      )}
    </div>
  );
}

/** The published timing rules, so nobody learns of a lock-up only when a close is refused. */
function ClosingRules({ rules }: { rules: TradingRules }) {
  const { t } = useLingui();
  const lines = [
    rules.lockDays > 0 ? t`Lock-up T+${rules.lockDays}: a position filled on trading day T can be closed from trading day T+${rules.lockDays}.` : null,
    rules.sellAfterMinutes > 0 ? t`The position can be closed ${rules.sellAfterMinutes} minutes after the fill at the earliest.` : null,
    t`A position is closed automatically when its equity falls to ${rules.maintenanceMarginPercent} % of its margin.`,
  ].filter((line): line is string => line !== null);
  return (
    <ul className={styles.muted} data-testid="closing-rules">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
