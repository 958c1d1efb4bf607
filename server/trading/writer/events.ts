import type { Notification } from '../../notifications/notifications.ts';
import { formatRupees } from '../../../contract/money.ts';
import type { TransferKind } from '../../ledger/ledger.ts';
import type { OrderRow } from '../orderStore.ts';
import type { WriterCommand } from './commands.ts';

// What the order writer committed, as events. After each batch commits, the writer hands
// its events to every subscriber (the execution books, the live pushes to the owner) and
// answers each command from its own events, so everything downstream of an order follows
// what is in the database, not what a route remembered to do after the commit.

export type OrderEvent =
  /** A new order is on record: pending (a resting limit) or, when it filled as it was placed, holding (an order_filled follows). */
  | { kind: 'order_accepted'; order: OrderRow; vip: boolean }
  | { kind: 'order_filled'; order: OrderRow; vip: boolean; trigger: 'on_acceptance' | 'limit_crossed' }
  | { kind: 'order_cancelled'; order: OrderRow }
  /** Closed by its owner. */
  | { kind: 'position_closed'; order: OrderRow }
  /** Closed by the stream at its margin-call level. */
  | { kind: 'margin_called'; order: OrderRow }
  /** An intraday position closed at the square-off time. */
  | { kind: 'squared_off'; order: OrderRow }
  | { kind: 'transfer_posted'; transferId: bigint; transferKind: TransferKind; userId: bigint; orderId: bigint };

export type OrderEventKind = OrderEvent['kind'];

/** The events one command caused, in the order they happened; empty for a command answered without a change (a repeat, a stale fill). */
export interface CommandEvents {
  command: number;
  events: OrderEvent[];
}

/** One written transfer, for its transfer_posted event. */
export interface WrittenTransfer {
  id: bigint;
  kind: TransferKind;
  userId: bigint;
  orderId: bigint;
}

/** The events of a new order: accepted, then filled when it filled as it was placed; then its transfers. */
export function eventsOfInsert(command: WriterCommand & { kind: 'place' }, order: OrderRow, transfers: readonly WrittenTransfer[]): OrderEvent[] {
  const events: OrderEvent[] = [{ kind: 'order_accepted', order, vip: command.vip }];
  if (order.status === 'holding') events.push({ kind: 'order_filled', order, vip: command.vip, trigger: 'on_acceptance' });
  return [...events, ...transfers.map(posted)];
}

/** The event of a change to an existing order, named by the command that made it; then its transfer. */
export function eventsOfUpdate(command: Exclude<WriterCommand, { kind: 'place' }>, order: OrderRow, transfer: WrittenTransfer): OrderEvent[] {
  return [changeOf(command, order), posted(transfer)];
}

function changeOf(command: Exclude<WriterCommand, { kind: 'place' }>, order: OrderRow): OrderEvent {
  switch (command.kind) {
    case 'fill':
      return { kind: 'order_filled', order, vip: command.vip, trigger: 'limit_crossed' };
    case 'cancel':
      return { kind: 'order_cancelled', order };
    case 'close':
      return { kind: 'position_closed', order };
    case 'margin_call':
      return { kind: 'margin_called', order };
    case 'square_off':
      return { kind: 'squared_off', order };
  }
}

const posted = (transfer: WrittenTransfer): OrderEvent => ({
  kind: 'transfer_posted', transferId: transfer.id, transferKind: transfer.kind, userId: transfer.userId, orderId: transfer.orderId,
});

/**
 * The inbox: a message for each change that happened to an order while its owner was not
 * necessarily looking — every fill (a market order's too) and every margin call. The writer
 * writes these in the same transaction as the change, so a message exists exactly when its
 * change does and there is nothing to retry after the commit.
 */
export function inboxMessagesOf(events: readonly OrderEvent[]): Notification[] {
  const messages: Notification[] = [];
  for (const event of events) {
    if (event.kind === 'order_filled') {
      const { order } = event;
      messages.push({
        userId: order.user_id, kind: 'order_filled',
        params: { order_no: order.id.toString(), code: order.code, side: order.side, quantity: Number(order.quantity), price: formatRupees(order.fill_price_paise!) },
      });
    } else if (event.kind === 'margin_called') {
      messages.push({ userId: event.order.user_id, kind: 'margin_call', params: { order_no: event.order.id.toString(), code: event.order.code } });
    } else if (event.kind === 'squared_off') {
      const { order } = event;
      messages.push({
        userId: order.user_id, kind: 'intraday_squared_off',
        params: { order_no: order.id.toString(), code: order.code, price: formatRupees(order.close_price_paise!), currency: order.currency },
      });
    }
  }
  return messages;
}

/** The answer a command gets: the order as its last event left it, or null when it changed nothing. */
export function answerOf(events: readonly OrderEvent[]): OrderRow | null {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.kind !== 'transfer_posted') return event.order;
  }
  return null;
}
