import type { OrderProduct, OrderSide, OrderType } from '../../../contract/trading.ts';
import type { LedgerCurrency } from '../../../contract/currencies.ts';
import { refuse } from '../../http/refusal.ts';
import type { OrderRow } from '../orderStore.ts';

// The commands the order writer takes. Each is checked and priced against the batch's
// locked balances and order rows, in arrival order, then written with the rest of its batch.

export interface PlaceCommand {
  kind: 'place';
  userId: bigint;
  vip: boolean;
  idempotencyKey: string;
  code: string;
  /** The instrument's currency: the order freezes, pays and settles in it. */
  currency: LedgerCurrency;
  side: OrderSide;
  type: OrderType;
  quantity: bigint;
  lot: number;
  leverage: number;
  limitPaise: bigint | null;
  /** The limit, or for a market order the last price when it was checked: what is frozen, and the fill price if it fills now. */
  pricePaise: bigint;
  /** Market orders, and limits the market has already crossed, fill as they are accepted. */
  fillsNow: boolean;
  /** 'delivery' when not given. */
  product?: OrderProduct;
}

/** A resting limit the stream has crossed: fills at its limit, or does nothing if it is no longer pending. */
export interface FillCommand {
  kind: 'fill';
  /** The order's owner, whose accounts the batch locks. */
  userId: bigint;
  orderId: bigint;
  pricePaise: bigint;
  vip: boolean;
}

/** The owner cancels a pending order. `idempotencyKey` names this one intent: a repeat answers with the cancelled order. */
export interface CancelCommand {
  kind: 'cancel';
  userId: bigint;
  orderId: bigint;
  idempotencyKey?: string;
}

/** The owner closes a position at the last price. `idempotencyKey` names this one intent: a repeat answers with the closed order. */
export interface CloseCommand {
  kind: 'close';
  userId: bigint;
  orderId: bigint;
  vip: boolean;
  idempotencyKey?: string;
  /** Pledge hook: the loan-to-value monitor sells pledged stock (server/lending/pledgeMonitor.ts); only such a close may close a pledged position. */
  sellsPledge?: boolean;
}

/** The stream reached a position's margin-call level: it is closed whatever its lock and the session phase, or nothing happens if it is gone. */
export interface MarginCallCommand {
  kind: 'margin_call';
  userId: bigint;
  orderId: bigint;
  vip: boolean;
}

/** The intraday square-off (intradaySquareOff.ts): an intraday position closed at the market price whatever its lock, or nothing if it is gone. */
export interface SquareOffCommand {
  kind: 'square_off';
  userId: bigint;
  orderId: bigint;
  vip: boolean;
}

export type WriterCommand = PlaceCommand | FillCommand | CancelCommand | CloseCommand | MarginCallCommand | SquareOffCommand;

/**
 * What each command answers once its batch has committed: the order as committed, or for the
 * commands the stream triggers, null when the order had already moved on (cancelled, closed).
 */
export interface CommandResults {
  place: OrderRow;
  cancel: OrderRow;
  close: OrderRow;
  fill: OrderRow | null;
  margin_call: OrderRow | null;
  square_off: OrderRow | null;
}
export type ResultOf<Command extends WriterCommand> = CommandResults[Command['kind']];

/** Commands users send: these wait in the bounded queue. Fills and margin calls are bounded by the books that trigger them. */
export const isUserCommand = (command: WriterCommand): boolean => command.kind === 'place' || command.kind === 'cancel' || command.kind === 'close';

export const targetOrderOf = (command: WriterCommand): bigint | null => (command.kind === 'place' ? null : command.orderId);

/** A repeated idempotency key answers with the first order, but only for the same terms. */
export function sameTermsOrRefuse(row: OrderRow, command: Pick<PlaceCommand, 'code' | 'side' | 'type' | 'quantity' | 'leverage' | 'limitPaise'>): OrderRow {
  const same = row.code === command.code && row.side === command.side && row.type === command.type && row.quantity === command.quantity
    && row.leverage === command.leverage && row.limit_price_paise === command.limitPaise;
  if (!same) refuse('idempotency_key_reused');
  return row;
}
