import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { formatMinorAmount, parseMinorAmount } from '../../../../contract/currencies.ts';
import { asPaise, parseRupees } from '../../../../contract/money.ts';
import { type OrderSide, orderSides } from '../../../../contract/trading.ts';
import { call, settleWhenAnswered } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { formatMoney } from '../../../ui/money.ts';
import { useIdempotencyKey } from '../../../ui/useIdempotencyKey.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button } from '../../../ui/widgets.tsx';
import { useLotText } from '../../market/shared/lotText.ts';
import { useQuote, useWatch } from '../../market/stream/marketStore.ts';
import { useOrderLabels } from '../orderLabels.ts';
import { QuantityStepper } from '../QuantityStepper.tsx';
import * as styles from '../trading.css.ts';
import { parseWholeLots, previewOrder } from '../tradingMath.ts';

// The intraday ticket: pick a stock, a side and a quantity of at least the intraday minimum;
// the leverage is the intraday one (the server refuses any other), and the margin it needs is
// shown beside the money available, with the server's own fee arithmetic. A market order:
// an intraday position opens at the price it trades at now.

type Status = ResponseOf<'intraday/status'>;
type Rules = ResponseOf<'trade/rules'>;
type Info = ResponseOf<'user/info'>;
type Detail = ResponseOf<'stock/detail'>;
type Hit = ResponseOf<'stock/search'>[number];

/** The smallest whole number of lots that reaches the intraday minimum. */
export const smallestIntradayQuantity = (minimumShares: number, lot: number) => Math.ceil(minimumShares / lot) * lot;

export function IntradayTicket({ status, rules, info, onOpened }: { status: Status; rules: Rules; info: Info; onOpened: () => void }) {
  const { t } = useLingui();
  const [detail, setDetail] = useState<Detail | null>(null);
  return (
    <section className={styles.card} aria-label={t`Intraday order`}>
      <h2 className={styles.sheetTitle}>
        <Trans>Open an intraday position</Trans>
      </h2>
      <StockPicker chosen={detail} onChosen={setDetail} />
      {detail ? <TicketForm key={detail.instrument.code} detail={detail} status={status} rules={rules} info={info} onOpened={onOpened} /> : null}
    </section>
  );
}

function StockPicker({ chosen, onChosen }: { chosen: Detail | null; onChosen: (detail: Detail | null) => void }) {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  useEffect(() => {
    const trimmed = keyword.trim();
    if (trimmed === '') return setHits([]);
    let current = true;
    // A short pause so each keystroke does not send its own search.
    const timer = setTimeout(() => {
      void call('stock/search', { keyword: trimmed }, { silent: true }).then(
        (found) => current && setHits(found.filter((hit) => hit.kind !== 'index').slice(0, 6)),
        () => current && setHits([]),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [keyword]);
  const choose = (code: string) => {
    setKeyword('');
    setHits([]);
    void call('stock/detail', { code }).then(onChosen, () => undefined);
  };
  if (chosen) {
    return (
      <div className={styles.instrumentHead}>
        <div>
          <strong data-testid="intraday-stock">{chosen.instrument.name}</strong>
          <div className={styles.muted}>{chosen.instrument.code}</div>
        </div>
        <Button variant="soft" data-action="change-stock" onClick={() => onChosen(null)}>
          <Trans>Change</Trans>
        </Button>
      </div>
    );
  }
  return (
    <>
      <input
        className={styles.searchInput}
        type="search"
        name="intraday-search"
        autoComplete="off"
        placeholder={t`Search a stock by name or code`}
        aria-label={t`Search a stock by name or code`}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <div role="list">
        {hits.map((hit) => (
          <button key={hit.code} type="button" role="listitem" className={styles.searchHit} data-code={hit.code} onClick={() => choose(hit.code)}>
            <span>{hit.name}</span>
            <span className={styles.muted}>{hit.code}</span>
          </button>
        ))}
      </div>
    </>
  );
}

function TicketForm({ detail, status, rules, info, onOpened }: { detail: Detail; status: Status; rules: Rules; info: Info; onOpened: () => void }) {
  const { t } = useLingui();
  const labels = useOrderLabels();
  const { instrument, quote } = detail;
  const { code, currency } = instrument;
  useWatch([code]);
  const live = useQuote(code);
  const lot = Math.max(1, instrument.lot);
  const lotDescription = useLotText()(lot);
  const [side, setSide] = useState<OrderSide>('long');
  const [quantityText, setQuantityText] = useState(String(smallestIntradayQuantity(status.minimum_shares, lot)));
  const intent = useIdempotencyKey();

  const price = live ? asPaise(BigInt(live.last)) : parseRupees(quote.last);
  const quantity = parseWholeLots(quantityText, lot);
  const belowMinimum = quantity !== null && quantity < status.minimum_shares;
  const preview = price !== null && quantity !== null ? previewOrder({ price, quantity, leverage: status.leverage, side, currency }, rules) : null;
  const available = info.balances_by_currency.find((balance) => balance.currency === currency)?.available ?? formatMinorAmount(0n, currency);
  const availableMinor = parseMinorAmount(available, currency) ?? 0n;
  const minimumShares = status.minimum_shares;
  const quantityError = quantity === null ? t`Enter a quantity in whole lots of ${lot} shares.` : belowMinimum ? t`An intraday order is at least ${minimumShares} shares.` : null;

  const { busy, run } = useSingleFlight(async () => {
    if (quantity === null || belowMinimum) return;
    const details = { code, side, type: 'market' as const, quantity, leverage: status.leverage, product: 'intraday' as const };
    // A refusal (intraday_closed_for_the_day, insufficient_available_balance…) is toasted by the command bus.
    const order = await settleWhenAnswered(intent, call('order/place', { ...details, idempotency_key: intent.keyFor(details) }));
    showToast(t`Intraday position opened: ${order.quantity} ${code}`, { tone: 'success' });
    onOpened();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  return (
    <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div className={styles.segmented} role="group" aria-label={t`Direction`}>
        {orderSides.map((option) => (
          <button key={option} type="button" className={side === option ? styles.segment[option] : styles.segment.off} data-side={option} aria-pressed={side === option} onClick={() => setSide(option)}>
            {labels.side[option]}
          </button>
        ))}
      </div>
      <span className={styles.fieldLabel}>
        <Trans>
          Quantity (at least {minimumShares} shares, {lotDescription})
        </Trans>
      </span>
      <QuantityStepper text={quantityText} onTextChange={setQuantityText} lot={lot} label={t`Quantity`} invalid={quantityError !== null} describedBy="intraday-quantity-error" />
      {quantityError ? (
        <p id="intraday-quantity-error" className={styles.fieldError} role="alert">
          {quantityError}
        </p>
      ) : null}
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>Last price</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="intraday-price">
          {formatMoney(price, currency)}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Leverage</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="intraday-leverage">
          {status.leverage}×
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Margin and fees needed</Trans>
        </dt>
        <dd className={`${styles.figureValue} ${styles.figureTotal}`} data-testid="intraday-margin">
          {preview ? formatMoney(preview.totalFrozen, currency) : '—'}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Available</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="available-balance">
          {formatMoney(available, currency)}
        </dd>
      </dl>
      {preview && preview.totalFrozen > availableMinor ? (
        <p className={styles.fieldError} data-testid="exceeds-available">
          <Trans>This needs more than your available balance: lower the quantity.</Trans>
        </p>
      ) : null}
      <Button type="submit" block busy={busy} disabled={status.closed_for_the_day || quantityError !== null} data-action="open-intraday">
        {side === 'long' ? <Trans>Buy intraday</Trans> : <Trans>Sell intraday</Trans>}
      </Button>
    </form>
  );
}
