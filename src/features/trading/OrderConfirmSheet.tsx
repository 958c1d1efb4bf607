import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestOf } from '../../../contract/api.ts';
import { formatMinorAmount, type LedgerCurrency } from '../../../contract/currencies.ts';
import { formatMoney } from '../../ui/money.ts';
import { Button } from '../../ui/widgets.tsx';
import { useOrderLabels } from './orderLabels.ts';
import * as styles from './trading.css.ts';
import type { OrderPreview } from './tradingMath.ts';

/**
 * The figures the user agrees to, in the instrument's currency (₩ without decimals for a won
 * listing): shown under the form and again, unchanged, in the confirmation.
 */
export function PreviewFigures({ preview, side, currency }: { preview: OrderPreview | null; side: 'long' | 'short'; currency: LedgerCurrency }) {
  const { t } = useLingui();
  const value = (minor: bigint | undefined) => formatMoney(minor === undefined ? null : formatMinorAmount(minor, currency), currency);
  const rows: { label: string; value: string; testId: string; total?: boolean }[] = [
    { label: t`Contract amount`, value: value(preview?.amount), testId: 'preview-amount' },
    { label: t`Margin`, value: value(preview?.margin), testId: 'preview-margin' },
    { label: t`Service fee`, value: value(preview?.serviceFee), testId: 'preview-service-fee' },
    ...(side === 'long' ? [{ label: t`Stamp duty`, value: value(preview?.stampDuty), testId: 'preview-stamp-duty' }] : []),
    ...(side === 'short' ? [{ label: t`Transaction tax (sell)`, value: value(preview?.sellingFee), testId: 'preview-selling-fee' }] : []),
    { label: t`Total to be frozen`, value: value(preview?.totalFrozen), testId: 'preview-total-frozen', total: true },
  ];
  return (
    <>
      <dl className={styles.figures}>
        {rows.map((row) => (
          <div key={row.testId} style={{ display: 'contents' }}>
            <dt className={`${styles.figureLabel} ${row.total ? styles.figureTotal : ''}`}>{row.label}</dt>
            <dd className={`${styles.figureValue} ${row.total ? styles.figureTotal : ''}`} data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {preview?.blockTrade ? (
        <p className={styles.figureLabel} data-testid="preview-block-trade">
          <Trans>A block trade: this size pays the block-trade rates.</Trans>
        </p>
      ) : null}
    </>
  );
}

export type PendingConfirmation = {
  /** Built once when the sheet opens, idempotency key included, and sent as is on every retry. */
  request: RequestOf<'order/place'>;
  preview: OrderPreview;
  /** The instrument's currency, which the preview's figures are in. */
  currency: LedgerCurrency;
  name: string;
  /** Shown for a market order: the price the preview assumed. */
  priceText: string;
};

type OrderConfirmSheetProps = {
  confirmation: PendingConfirmation;
  submitting: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
};

export function OrderConfirmSheet({ confirmation, submitting, onConfirm, onDismiss }: OrderConfirmSheetProps) {
  const { t } = useLingui();
  const labels = useOrderLabels();
  const { request } = confirmation;
  const details = [
    { label: t`Stock`, value: `${confirmation.name} · ${request.code}` },
    { label: t`Direction`, value: labels.side[request.side] },
    { label: t`Order type`, value: labels.type[request.type] },
    { label: request.type === 'limit' ? t`Limit price` : t`Estimated price`, value: confirmation.priceText },
    { label: t`Quantity`, value: String(request.quantity) },
    { label: t`Leverage`, value: `${request.leverage}×` },
  ];
  return (
    <div className={styles.sheetBackdrop} onClick={submitting ? undefined : onDismiss}>
      <div
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby="order-confirm-title"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.key === 'Escape' && !submitting && onDismiss()}
      >
        <h2 id="order-confirm-title" className={styles.sheetTitle}>
          <Trans>Confirm your order</Trans>
        </h2>
        <dl className={styles.figures}>
          {details.map((row) => (
            <div key={row.label} style={{ display: 'contents' }}>
              <dt className={styles.figureLabel}>{row.label}</dt>
              <dd className={styles.figureValue}>{row.value}</dd>
            </div>
          ))}
        </dl>
        <PreviewFigures preview={confirmation.preview} side={request.side} currency={confirmation.currency} />
        {request.type === 'market' ? (
          <p className={styles.muted}>
            <Trans>A market order fills at the price when it reaches the exchange; the amounts above are an estimate.</Trans>
          </p>
        ) : null}
        <div className={styles.sheetActions}>
          <Button variant="soft" block data-action="dismiss-order" onClick={onDismiss} disabled={submitting}>
            <Trans>Back</Trans>
          </Button>
          <Button autoFocus block busy={submitting} data-action="confirm-order" onClick={onConfirm}>
            <Trans>Confirm order</Trans>
          </Button>
        </div>
      </div>
    </div>
  );
}
