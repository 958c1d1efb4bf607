import { Refusal, refuse } from '../../http/refusal.ts';
import type { LockedAccount, Posting, TransferCommand } from '../../ledger/ledger.ts';
import { rupeesParam } from '../../../contract/statementReasons.ts';
import type { UserLedgerAccounts } from '../../ledger/userBalances.ts';
import type { Market } from '../../market/marketService.ts';
import type { HouseAccounts, OrderRow } from '../orderStore.ts';
import { type FeeSchedule, legFees, marginFor } from '../../../contract/fees.ts';
import { lockedUntil, pnlAt, scheduleFor, type TradingRules } from '../rules.ts';
import type { CancelCommand, CloseCommand, FillCommand, MarginCallCommand, PlaceCommand, WriterCommand } from './commands.ts';

// Deciding a batch, in memory. The writer has locked every order row and ledger account the
// batch touches; here each command, in arrival order, is checked against those rows and
// balances as the earlier commands of the batch left them, and either refused (changing
// nothing) or turned into rows to write. No I/O: the writer writes the plan in one transaction.

export interface PlanContext {
  rules: TradingRules;
  house: HouseAccounts;
  market: Market;
  now: number;
  accounts: ReadonlyMap<bigint, UserLedgerAccounts>;
  /** Balances of the batch's user accounts, locked; updated as commands are planned. */
  balances: Map<bigint, LockedAccount>;
  /** The order rows commands target, locked; updated as commands are planned. */
  orders: Map<bigint, OrderRow>;
  /** Orders already recorded under a place command's (user, key): the command answers with them. */
  existing: ReadonlyMap<string, OrderRow>;
  /**
   * How many more open orders (pending or holding) the execution books can watch; each new
   * order takes one as it is planned. At zero an order is refused before anything is written,
   * so a committed order always has its place in the books.
   */
  openOrderRoom: number;
}

export type NewOrderRow = Omit<OrderRow, 'id' | 'created_at'>;

export interface PlannedInsert {
  command: number;
  row: NewOrderRow;
  /** Transfers of the new order; they need its id, so they are made once it is inserted. */
  transfers: (orderId: bigint) => TransferCommand[];
}

export interface PlannedUpdate {
  command: number;
  from: OrderRow['status'];
  row: OrderRow;
  transfer: TransferCommand;
}

export type Outcome =
  | { kind: 'inserted' }
  | { kind: 'updated' }
  | { kind: 'answered'; row: OrderRow | null }
  /** Same key as an earlier place command of this batch: answered with that order, if the terms match. */
  | { kind: 'same_as'; command: number }
  | { kind: 'refused'; error: Refusal };

export interface BatchPlan {
  outcomes: Outcome[];
  inserts: PlannedInsert[];
  updates: PlannedUpdate[];
}

export const keyOf = (userId: bigint, idempotencyKey: string) => `${userId}:${idempotencyKey}`;

const nonZero = (postings: Posting[]): Posting[] => postings.filter((posting) => posting.amountPaise !== 0n);

export function planBatch(context: PlanContext, commands: readonly WriterCommand[]): BatchPlan {
  const plan: BatchPlan = { outcomes: [], inserts: [], updates: [] };
  const placedKeys = new Map<string, number>();
  commands.forEach((command, index) => {
    try {
      plan.outcomes.push(planOne(context, plan, placedKeys, command, index));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      plan.outcomes.push({ kind: 'refused', error });
    }
  });
  return plan;
}

function planOne(context: PlanContext, plan: BatchPlan, placedKeys: Map<string, number>, command: WriterCommand, index: number): Outcome {
  switch (command.kind) {
    case 'place':
      return planPlace(context, plan, placedKeys, command, index);
    case 'fill':
      return planFill(context, plan, command, index);
    case 'cancel':
      return planCancel(context, plan, command, index);
    case 'close':
    case 'margin_call':
      return planClose(context, plan, command, index);
  }
}

/**
 * Applies postings to the locked balances, all or nothing: refuses when an account that may
 * not go negative would. Accounts outside the batch's locks may only receive money (the
 * firm's fee and tax accounts) or be allowed to go negative (settlement).
 */
function post(context: PlanContext, postings: readonly Posting[]): void {
  const after = new Map<bigint, bigint>();
  for (const { accountId, amountPaise } of postings) {
    const locked = context.balances.get(accountId);
    if (!locked) {
      if (amountPaise < 0n && accountId !== context.house.settlementAccountId) throw new Error(`trading: debit of unlocked account ${accountId}`);
      continue;
    }
    after.set(accountId, (after.get(accountId) ?? locked.balancePaise) + amountPaise);
  }
  for (const [accountId, balance] of after) {
    if (balance < 0n && !context.balances.get(accountId)!.allowNegative) refuse('insufficient_available_balance');
  }
  for (const [accountId, balance] of after) context.balances.get(accountId)!.balancePaise = balance;
}

function accountsOf(context: PlanContext, userId: bigint): UserLedgerAccounts {
  const accounts = context.accounts.get(userId);
  if (!accounts) throw new Error(`trading: accounts of user ${userId} were not loaded for the batch`);
  return accounts;
}

/** The opening rates an order pays: those it was accepted with (orders from before 0009: today's schedule for its size). */
function openingSchedule(context: PlanContext, row: Pick<OrderRow, 'open_service_fee_bps' | 'open_tax_bps'>, vip: boolean, amount: bigint): FeeSchedule {
  if (row.open_service_fee_bps === null || row.open_tax_bps === null) return scheduleFor(context.rules, vip, amount);
  // legFees picks stamp duty or selling fee by side; the order kept the one its opening leg pays.
  return { serviceFeeBps: row.open_service_fee_bps, stampDutyBps: row.open_tax_bps, sellingFeeBps: row.open_tax_bps };
}

/** The fill of an order at `pricePaise`: what becomes margin, fees and taxes, and what frozen money comes back. */
function fillTerms(context: PlanContext, row: Pick<OrderRow, 'side' | 'quantity' | 'leverage' | 'frozen_paise' | 'open_service_fee_bps' | 'open_tax_bps'>, pricePaise: bigint, vip: boolean) {
  const amount = pricePaise * row.quantity;
  const margin = marginFor(amount, row.leverage);
  const fees = legFees(row.side, 'open', amount, openingSchedule(context, row, vip, amount));
  const refund = row.frozen_paise - margin - fees.service - fees.tax;
  if (refund < 0n) throw new Error('trading: an order would fill for more than it froze');
  const filledAt = new Date(context.now);
  return { margin, fees, refund, filledAt, lockedUntil: new Date(lockedUntil(context.now, context.rules)) };
}

function fillPostings(context: PlanContext, accounts: UserLedgerAccounts, frozen: bigint, terms: ReturnType<typeof fillTerms>): Posting[] {
  return nonZero([
    { accountId: accounts.frozenAccountId, amountPaise: -frozen },
    { accountId: accounts.marginAccountId, amountPaise: terms.margin },
    { accountId: context.house.feesAccountId, amountPaise: terms.fees.service },
    { accountId: context.house.taxesAccountId, amountPaise: terms.fees.tax },
    { accountId: accounts.availableAccountId, amountPaise: terms.refund },
  ]);
}

function planPlace(context: PlanContext, plan: BatchPlan, placedKeys: Map<string, number>, command: PlaceCommand, index: number): Outcome {
  const key = keyOf(command.userId, command.idempotencyKey);
  const existing = context.existing.get(key);
  if (existing) return { kind: 'answered', row: existing };
  const earlier = placedKeys.get(key);
  if (earlier !== undefined) return { kind: 'same_as', command: earlier };
  if (context.openOrderRoom <= 0) refuse('order_book_full');

  const amount = command.pricePaise * command.quantity;
  const schedule = scheduleFor(context.rules, command.vip, amount);
  const openFees = legFees(command.side, 'open', amount, schedule);
  const frozen = marginFor(amount, command.leverage) + openFees.service + openFees.tax;
  const accounts = accountsOf(context, command.userId);
  const freeze: Posting[] = [
    { accountId: accounts.availableAccountId, amountPaise: -frozen },
    { accountId: accounts.frozenAccountId, amountPaise: frozen },
  ];
  const pending: NewOrderRow = {
    user_id: command.userId, idempotency_key: command.idempotencyKey, code: command.code, side: command.side, type: command.type,
    status: 'pending', quantity: command.quantity, lot: command.lot, leverage: command.leverage, limit_price_paise: command.limitPaise,
    frozen_paise: frozen, open_service_fee_bps: schedule.serviceFeeBps,
    open_tax_bps: command.side === 'long' ? schedule.stampDutyBps : schedule.sellingFeeBps, fill_price_paise: null, margin_paise: null, open_service_fee_paise: 0n, open_tax_paise: 0n,
    close_price_paise: null, close_service_fee_paise: 0n, close_tax_paise: 0n, realised_pnl_paise: null, close_reason: null,
    locked_until: null, filled_at: null, closed_at: null, end_idempotency_key: null,
  };
  const what = { side: command.side, quantity: command.quantity.toString(), code: command.code };
  const freezeTransfer = (orderId: bigint): TransferCommand => ({
    idempotencyKey: `order:${orderId}:freeze`, kind: 'order_freeze', userId: command.userId, postings: freeze,
    reasonKind: 'order_margin_held', reasonParams: { order_no: orderId.toString(), ...what, amount: rupeesParam(frozen) },
  });
  if (!command.fillsNow) {
    post(context, freeze);
    context.openOrderRoom -= 1;
    placedKeys.set(key, index);
    plan.inserts.push({ command: index, row: pending, transfers: (orderId) => [freezeTransfer(orderId)] });
    return { kind: 'inserted' };
  }
  const terms = fillTerms(context, pending, command.pricePaise, command.vip);
  const fill = fillPostings(context, accounts, frozen, terms);
  // Both transfers are checked as one: the order is accepted and filled, or neither.
  post(context, [...freeze, ...fill]);
  context.openOrderRoom -= 1;
  placedKeys.set(key, index);
  plan.inserts.push({
    command: index,
    row: {
      ...pending, status: 'holding', fill_price_paise: command.pricePaise, margin_paise: terms.margin,
      open_service_fee_paise: terms.fees.service, open_tax_paise: terms.fees.tax, filled_at: terms.filledAt, locked_until: terms.lockedUntil,
    },
    transfers: (orderId) => [
      freezeTransfer(orderId),
      { idempotencyKey: `order:${orderId}:fill`, kind: 'order_fill', userId: command.userId, postings: fill,
        reasonKind: 'order_filled', reasonParams: { order_no: orderId.toString(), ...what, price: rupeesParam(command.pricePaise) } },
    ],
  });
  return { kind: 'inserted' };
}

function update(plan: BatchPlan, context: PlanContext, index: number, before: OrderRow, after: OrderRow, transfer: TransferCommand): Outcome {
  plan.updates.push({ command: index, from: before.status, row: after, transfer });
  context.orders.set(after.id, after);
  return { kind: 'updated' };
}

function planFill(context: PlanContext, plan: BatchPlan, command: FillCommand, index: number): Outcome {
  const row = context.orders.get(command.orderId);
  // Cancelled or filled since the stream crossed it: nothing to do.
  if (!row || row.status !== 'pending') return { kind: 'answered', row: null };
  if (row.user_id !== command.userId) throw new Error(`trading: fill of order ${row.id} names user ${command.userId}, not its owner`);
  const terms = fillTerms(context, row, command.pricePaise, command.vip);
  const postings = fillPostings(context, accountsOf(context, row.user_id), row.frozen_paise, terms);
  post(context, postings);
  return update(plan, context, index, row, {
    ...row, status: 'holding', fill_price_paise: command.pricePaise, margin_paise: terms.margin,
    open_service_fee_paise: terms.fees.service, open_tax_paise: terms.fees.tax, filled_at: terms.filledAt, locked_until: terms.lockedUntil,
  }, {
    idempotencyKey: `order:${row.id}:fill`, kind: 'order_fill', userId: row.user_id, postings,
    reasonKind: 'order_filled',
    reasonParams: { order_no: row.id.toString(), side: row.side, quantity: row.quantity.toString(), code: row.code, price: rupeesParam(command.pricePaise) },
  });
}

function planCancel(context: PlanContext, plan: BatchPlan, command: CancelCommand, index: number): Outcome {
  const row = context.orders.get(command.orderId);
  if (!row || row.user_id !== command.userId) refuse('order_not_found');
  if (isRepeatOf(row, 'cancelled', command.idempotencyKey)) return { kind: 'answered', row };
  if (row.status !== 'pending') refuse('order_not_pending');
  const accounts = accountsOf(context, row.user_id);
  const postings: Posting[] = [
    { accountId: accounts.frozenAccountId, amountPaise: -row.frozen_paise },
    { accountId: accounts.availableAccountId, amountPaise: row.frozen_paise },
  ];
  post(context, postings);
  return update(plan, context, index, row, { ...row, status: 'cancelled', closed_at: new Date(context.now), end_idempotency_key: command.idempotencyKey ?? null }, {
    idempotencyKey: `order:${row.id}:cancel`, kind: 'order_cancel', userId: row.user_id, postings,
    reasonKind: 'order_cancelled', reasonParams: { order_no: row.id.toString(), amount: rupeesParam(row.frozen_paise) },
  });
}

/** A cancel or close the owner already made with this same key (a retry after a lost answer): answered with the order as it left it. */
const isRepeatOf = (row: OrderRow, status: 'cancelled' | 'closed', idempotencyKey: string | undefined) =>
  idempotencyKey !== undefined && row.status === status && row.end_idempotency_key === idempotencyKey;

function planClose(context: PlanContext, plan: BatchPlan, command: CloseCommand | MarginCallCommand, index: number): Outcome {
  const row = context.orders.get(command.orderId);
  const automatic = command.kind === 'margin_call';
  if (automatic && (!row || row.status !== 'holding')) return { kind: 'answered', row: null };
  if (!row || row.user_id !== command.userId) refuse('order_not_found');
  if (!automatic && isRepeatOf(row, 'closed', command.idempotencyKey)) return { kind: 'answered', row };
  if (row.status !== 'holding') refuse('order_not_holding');
  if (!automatic && row.locked_until && row.locked_until.getTime() > context.now) refuse('position_locked');
  if (!automatic && context.market.phase() !== 'open') refuse('non_trading_hours');
  const quote = context.market.quote(row.code);
  if (!quote || quote.last <= 0) refuse('stock_price_not_available');
  const price = BigInt(quote.last);
  const pnl = pnlAt(row.side, row.fill_price_paise!, price, row.quantity);
  const closeAmount = price * row.quantity;
  const closeFees = legFees(row.side, 'close', closeAmount, scheduleFor(context.rules, command.vip, closeAmount));
  const margin = row.margin_paise!;
  const accounts = accountsOf(context, row.user_id);
  const { house } = context;
  // What the position hands back: margin plus P&L less closing fees. A loss beyond that is
  // taken from available money, but never more than there is: the firm's settlement
  // account absorbs any rest (negative balance protection), and the reason says so.
  const owed = margin + pnl - closeFees.service - closeFees.tax;
  const available = context.balances.get(accounts.availableAccountId)!.balancePaise;
  const fromAvailable = owed < 0n && -owed > available ? -available : owed;
  const absorbed = fromAvailable - owed;
  const closed = { order_no: row.id.toString(), code: row.code, price: rupeesParam(price), ...(absorbed > 0n ? { absorbed: rupeesParam(absorbed) } : {}) };
  const postings = nonZero([
    { accountId: accounts.marginAccountId, amountPaise: -margin },
    { accountId: house.settlementAccountId, amountPaise: -pnl - absorbed },
    { accountId: house.feesAccountId, amountPaise: closeFees.service },
    { accountId: house.taxesAccountId, amountPaise: closeFees.tax },
    { accountId: accounts.availableAccountId, amountPaise: fromAvailable },
  ]);
  post(context, postings);
  return update(plan, context, index, row, {
    ...row, status: 'closed', close_price_paise: price, close_service_fee_paise: closeFees.service, close_tax_paise: closeFees.tax,
    realised_pnl_paise: pnl, close_reason: automatic ? 'margin_call' : 'user', closed_at: new Date(context.now),
    end_idempotency_key: automatic ? null : command.idempotencyKey ?? null,
  }, {
    idempotencyKey: `order:${row.id}:close`, kind: 'position_close', userId: row.user_id, postings,
    ...(automatic
      ? { reasonKind: 'position_closed_by_margin_call', reasonParams: { ...closed, maintenance_percent: context.rules.maintenanceMarginPercent } }
      : { reasonKind: 'position_closed', reasonParams: closed }),
  });
}
