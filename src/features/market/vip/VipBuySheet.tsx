import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { legFees } from '../../../../contract/fees.ts';
import { parseRupees } from '../../../../contract/money.ts';
import type { VipAllocation, VipLevels, VipPurchase } from '../../../../contract/vip.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../../api/commandBus.ts';
import { useIdempotencyKey } from '../../../ui/useIdempotencyKey.ts';
import { Stepper } from '../../../ui/Stepper.tsx';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button } from '../../../ui/widgets.tsx';
import * as styles from '../../funding/funding.css.ts';
import * as sheetStyles from '../../trading/trading.css.ts';
import { useVipLabels } from './vipText.ts';

type BuySheetProps = {
  allocation: VipAllocation;
  fees: VipLevels['fees'];
  /** The caller's available rupees. */
  available: string;
  onBought: (purchase: VipPurchase) => void;
  onDismiss: () => void;
};

/**
 * Lots from one to what the allocation still allows the caller (what is left and the per-user
 * maximum); the amount, the VIP opening fees (the same arithmetic the server charges with,
 * contract/fees.ts) and the total against the available balance. One key per intent: a lost
 * answer retried from the open sheet is the same purchase.
 */
export function VipBuySheet({ allocation, fees, available, onBought, onDismiss }: BuySheetProps) {
  const { t } = useLingui();
  const labels = useVipLabels();
  const idempotency = useIdempotencyKey();
  const [lots, setLots] = useState(1);
  const maxShares = Math.min(allocation.quantity_left, allocation.per_user_max - allocation.my_quantity);
  const maxLots = Math.max(1, Math.floor(maxShares / allocation.lot));
  const quantity = lots * allocation.lot;
  const pricePaise = parseRupees(allocation.price);
  const amountPaise = pricePaise === null ? null : pricePaise * BigInt(quantity);
  const opening = amountPaise === null ? null : legFees('long', 'open', amountPaise, { serviceFeeBps: fees.service_fee_bps, stampDutyBps: fees.stamp_duty_bps, sellingFeeBps: fees.selling_fee_bps });
  const totalPaise = amountPaise === null || opening === null ? null : amountPaise + opening.service + opening.tax;
  const availablePaise = parseRupees(available);
  const short = totalPaise !== null && availablePaise !== null && totalPaise > availablePaise;

  const { busy, run: buy } = useSingleFlight(async () => {
    const details = { allocation_id: allocation.id, quantity };
    try {
      const purchase = await settleWhenAnswered(idempotency, call('vip/buy', { ...details, idempotency_key: idempotency.keyFor(details) }));
      onBought(purchase);
    } catch (error) {
      // A refusal took nothing: close, the list reloads. A lost answer keeps the sheet for a retry with the same key.
      if (error instanceof CommandRefused) onDismiss();
      throw error;
    }
  });

  return (
    <div className={sheetStyles.sheetBackdrop} onClick={busy ? undefined : onDismiss}>
      <div
        className={sheetStyles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby="vip-buy-title"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.key === 'Escape' && !busy && onDismiss()}
      >
        <h2 id="vip-buy-title" className={sheetStyles.sheetTitle}>
          <Trans>
            Buy {allocation.name} ({allocation.code})
          </Trans>
        </h2>
        <Stepper
          label={t`Lots`}
          fewerLabel={t`One lot fewer`}
          moreLabel={t`One lot more`}
          canDecrease={!busy && lots > 1}
          canIncrease={!busy && lots < maxLots}
          onDecrease={() => setLots(lots - 1)}
          onIncrease={() => setLots(lots + 1)}
          testId="vip-lots"
          size="sheet"
        >
          <Trans>
            {lots} lots · {labels.shares(quantity)} shares
          </Trans>
        </Stepper>
        <p className={styles.fieldHint}>
          <Trans>Up to {maxLots} lots for you (what is left and the most one user may buy).</Trans>
        </p>
        <dl className={styles.figures}>
          <dt className={styles.figureLabel}>
            <Trans>Fixed price</Trans>
          </dt>
          <dd className={styles.figureValue}>{labels.money(allocation.price)}</dd>
          <dt className={styles.figureLabel}>
            <Trans>Amount</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="vip-amount">
            {labels.money(amountPaise)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>VIP fees</Trans>
          </dt>
          <dd className={styles.figureValue} data-testid="vip-fees">
            {labels.money(opening === null ? null : opening.service + opening.tax)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Total to pay</Trans>
          </dt>
          <dd className={`${styles.figureValue} ${styles.figureEmphasis}`} data-testid="vip-total">
            {labels.money(totalPaise)}
          </dd>
          <dt className={styles.figureLabel}>
            <Trans>Available balance</Trans>
          </dt>
          <dd className={styles.figureValue}>{labels.money(available)}</dd>
        </dl>
        {short ? (
          <p className={styles.fieldError} data-testid="vip-short">
            <Trans>Your available balance is less than the total.</Trans>
          </p>
        ) : null}
        <p className={styles.muted}>
          <Trans>The shares become a position you hold, paid in full from your available balance; you can sell it like any other.</Trans>
        </p>
        <div className={sheetStyles.sheetActions}>
          <Button variant="soft" block onClick={onDismiss} disabled={busy}>
            <Trans>Back</Trans>
          </Button>
          <Button block busy={busy} disabled={short || maxShares < allocation.lot} data-action="vip-buy-confirm" onClick={buy}>
            <Trans>Buy</Trans>
          </Button>
        </div>
      </div>
    </div>
  );
}
