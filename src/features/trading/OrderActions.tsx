import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Order } from '../../../contract/trading.ts';
import { call, settleWhenAnswered } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { Button } from '../../ui/widgets.tsx';
import { formatCountdown, useRemainingMs } from './livePnl.tsx';
import * as styles from './trading.css.ts';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';

// Closing a position and cancelling a pending order: each asks once more before it acts,
// because neither can be undone, and sends at most one request however often it is tapped.

type OrderCommand = 'order/close' | 'order/cancel';

function useOrderCommand(path: OrderCommand, orderNo: string, onDone: (order: Order) => void) {
  const [asking, setAsking] = useState(false);
  // A close or a cancel whose answer was lost keeps its key, however often the user dismisses
  // and confirms again, so the server answers the repeat with the order it already ended.
  const intent = useIdempotencyKey();
  // A refusal (position_locked, order_not_pending…) is toasted by the command bus.
  const { busy, run } = useSingleFlight(async () => {
    const order = await settleWhenAnswered(intent, call(path, { order_no: orderNo, idempotency_key: intent.keyFor({ path, orderNo }) }));
    setAsking(false);
    onDone(order);
  });
  return { asking, busy, ask: () => setAsking(true), dismiss: () => setAsking(false), run };
}

function ConfirmSheet({ title, text, confirmLabel, busy, action, onConfirm, onDismiss }: { title: string; text: string; confirmLabel: string; busy: boolean; action: string; onConfirm: () => void; onDismiss: () => void }) {
  return (
    <div className={styles.sheetBackdrop} onClick={busy ? undefined : onDismiss}>
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-label={title} onClick={(event) => event.stopPropagation()}>
        <h2 className={styles.sheetTitle}>{title}</h2>
        <p className={styles.muted}>{text}</p>
        <div className={styles.sheetActions}>
          <Button variant="soft" block onClick={onDismiss} disabled={busy}>
            <Trans>Back</Trans>
          </Button>
          <Button block autoFocus busy={busy} data-action={action} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}

export function ClosePositionButton({ order, onDone }: { order: Order; onDone: (order: Order) => void }) {
  const { t } = useLingui();
  const remainingMs = useRemainingMs(order.locked_until);
  const command = useOrderCommand('order/close', order.order_no, (closed) => {
    showToast(t`Position closed: ${closed.name}`, { tone: 'success' });
    onDone(closed);
  });
  const locked = remainingMs > 0;
  return (
    <>
      {locked ? (
        <span className={styles.muted} data-testid="lock-countdown">
          <Trans>Unlocks in {formatCountdown(remainingMs)}</Trans>
        </span>
      ) : null}
      <Button variant="secondary" data-action="close-position" disabled={locked} onClick={command.ask}>
        <Trans>Close</Trans>
      </Button>
      {command.asking ? (
        <ConfirmSheet
          title={t`Close this position?`}
          text={t`${order.quantity} ${order.code} will be closed at the market price. Your margin, with the profit or loss and less the selling fee, returns to your available balance.`}
          confirmLabel={t`Close position`}
          action="confirm-close"
          busy={command.busy}
          onConfirm={command.run}
          onDismiss={command.dismiss}
        />
      ) : null}
    </>
  );
}

export function CancelOrderButton({ order, onDone }: { order: Order; onDone: (order: Order) => void }) {
  const { t } = useLingui();
  const command = useOrderCommand('order/cancel', order.order_no, (cancelled) => {
    showToast(t`Order cancelled: ${cancelled.name}`, { tone: 'success' });
    onDone(cancelled);
  });
  return (
    <>
      <Button variant="secondary" data-action="cancel-order" onClick={command.ask}>
        <Trans>Cancel</Trans>
      </Button>
      {command.asking ? (
        <ConfirmSheet
          title={t`Cancel this order?`}
          text={t`The frozen margin and fees return to your available balance.`}
          confirmLabel={t`Cancel order`}
          action="confirm-cancel"
          busy={command.busy}
          onConfirm={command.run}
          onDismiss={command.dismiss}
        />
      ) : null}
    </>
  );
}
