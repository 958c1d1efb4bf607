import type { OrderSide, OrderType } from '../../../contract/trading.ts';
import type { OrderRow } from '../orderStore.ts';

// The commands the order writer takes. Each is checked and priced against the batch's
// locked balances and order rows, in arrival order, then written with the rest of its batch.

export interface PlaceCommand {
  kind: 'place';
  userId: bigint;
  vip: boolean;
  idempotencyKey: string;
  code: string;
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

export interface CancelCommand {
  kind: 'cancel';
  userId: bigint;
  orderId: bigint;
}

/** `margin_call` closes ignore the lock and the session phase, and do nothing if the position is gone. */
export interface CloseCommand {
  kind: 'close';
  userId: bigint;
  orderId: bigint;
  reason: 'user' | 'margin_call';
  vip: boolean;
}

export type WriterCommand = PlaceCommand | FillCommand | CancelCommand | CloseCommand;

/** What a command answers: the order as committed, or null for a fill or margin call that found nothing to do. */
export type CommandResult = OrderRow | null;

export const targetOrderOf = (command: WriterCommand): bigint | null => (command.kind === 'place' ? null : command.orderId);
