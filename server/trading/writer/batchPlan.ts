import { Refusal, refuse } from '../../http/refusal.ts';
import type { LockedAccount, Posting, TransferCommand } from '../../ledger/ledger.ts';
import { type LedgerCurrency, ledgerAmountOfHundredths } from '../../../contract/currencies.ts';
import { ledgerMoneyParam, priceParam, type StatementReasonParams } from '../../../contract/statementReasons.ts';
import { userCurrencyKey, type UserLedgerAccounts } from '../../ledger/userBalances.ts';
import type { Market } from '../../market/marketService.ts';
import type { HouseAccounts, OrderRow } from '../orderStore.ts';
import { type FeeSchedule, legFees, marginFor } from '../../../contract/fees.ts';
import { lockedUntil, pnlAt, scheduleFor, type TradingRules } from '../rules.ts';
import type { CancelCommand, CloseCommand, FillCommand, MarginCallCommand, PlaceCommand, SquareOffCommand, WriterCommand } from './commands.ts';

// Deciding a batch, in memory. The writer has locked every order row and ledger account the
// batch touches; here each command, in arrival order, is checked against those rows and
// balances as the earlier commands of the batch left them, and either refused (changing
// nothing) or turned into rows to write. No I/O: the writer writes the plan in one transaction.

export interface PlanContext {
  rules: TradingRules;
  /** The firm's accounts of the batch's lane, per currency. */
  house: ReadonlyMap<LedgerCurrency, HouseAccounts>;
  market: Market;
  now: number;
  /** The batch's users' accounts per currency (userCurrencyKey); a pair is missing when the user holds none in it. */
  accounts: ReadonlyMap<string, UserLedgerAccounts>;
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
  /** Pledge hook: positions pledged for a margin loan (server/lending/pledgeStore.ts); their owner cannot close them. */
  pledgedOrders?: ReadonlySet<bigint>;
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

const nonZero = (postings: Posting[]): Posting[] => postings.filter((posting) => posting.amount !== 0n);

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
    case 'square_off':
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
  for (const { accountId, currency, amount } of postings) {
    const locked = context.balances.get(accountId);
    if (!locked) {
      if (amount < 0n && accountId !== houseOf(context, currency).settlementAccountId) throw new Error(`trading: debit of unlocked account ${accountId}`);
      continue;
    }
    if (locked.currency !== currency) throw new Error(`trading: a ${currency} posting to a ${locked.currency} account`);
    after.set(accountId, (after.get(accountId) ?? locked.balance) + amount);
  }
  for (const [accountId, balance] of after) {
    if (balance < 0n && !context.balances.get(accountId)!.allowNegative) refuse('insufficient_available_balance');
  }
  for (const [accountId, balance] of after) context.balances.get(accountId)!.balance = balance;
}

/** A user's accounts in the currency of an order they already have: opened before the order was. */
function accountsOf(context: PlanContext, userId: bigint, currency: LedgerCurrency): UserLedgerAccounts {
  const accounts = context.accounts.get(userCurrencyKey(userId, currency));
  if (!accounts) throw new Error(`trading: ${currency} accounts of user ${userId} were not loaded for the batch`);
  return accounts;
}

function houseOf(context: PlanContext, currency: LedgerCurrency): HouseAccounts {
  const house = context.house.get(currency);
  if (!house) throw new Error(`trading: no house accounts in ${currency}`);
  return house;
}

/**
 * A contract amount (price × quantity, in hundredths as the stream prices) in the ledger's
 * minor unit of the order's currency, and the fee schedule it pays: the block-trade size is
 * a rupee amount, so only rupee legs can reach it.
 */
function legAmount(context: PlanContext, currency: LedgerCurrency, vip: boolean, priceHundredths: bigint, quantity: bigint) {
  const amount = ledgerAmountOfHundredths(priceHundredths * quantity, currency);
  return { amount, schedule: scheduleFor(context.rules, vip, currency === 'INR' ? amount : 0n) };
}

/** The opening rates an order pays: those it was accepted with (orders from before 0009: today's schedule for its size). */
function openingSchedule(row: Pick<OrderRow, 'open_service_fee_bps' | 'open_tax_bps'>, todays: FeeSchedule): FeeSchedule {
  if (row.open_service_fee_bps === null || row.open_tax_bps === null) return todays;
  // legFees picks stamp duty or selling fee by side; the order kept the one its opening leg pays.
  return { serviceFeeBps: row.open_service_fee_bps, stampDutyBps: row.open_tax_bps, sellingFeeBps: row.open_tax_bps };
}

/** The fill of an order at `pricePaise`: what becomes margin, fees and taxes, and what frozen money comes back. */
function fillTerms(context: PlanContext, row: Pick<OrderRow, 'side' | 'quantity' | 'leverage' | 'frozen_paise' | 'open_service_fee_bps' | 'open_tax_bps' | 'currency'>, pricePaise: bigint, vip: boolean) {
  const { amount, schedule } = legAmount(context, row.currency, vip, pricePaise, row.quantity);
  const margin = marginFor(amount, row.leverage);
  const fees = legFees(row.side, 'open', amount, openingSchedule(row, schedule));
  const refund = row.frozen_paise - margin - fees.service - fees.tax;
  if (refund < 0n) throw new Error('trading: an order would fill for more than it froze');
  const filledAt = new Date(context.now);
  return { margin, fees, refund, filledAt, lockedUntil: new Date(lockedUntil(context.now, context.rules)) };
}

/**
 * The postings of a fill. A pending order pays from its hold and gets the rest back; an order
 * that fills as it is placed never waits with money held, so it pays straight from available
 * money (a hold and its release in the same instant would be two more rows per order).
 */
function fillPostings(context: PlanContext, currency: LedgerCurrency, accounts: UserLedgerAccounts, frozen: bigint, terms: ReturnType<typeof fillTerms>, paysFrom: 'hold' | 'available'): Posting[] {
  const house = houseOf(context, currency);
  const source: Posting[] = paysFrom === 'hold'
    ? [{ accountId: accounts.frozenAccountId, currency, amount: -frozen }, { accountId: accounts.availableAccountId, currency, amount: terms.refund }]
    : [{ accountId: accounts.availableAccountId, currency, amount: terms.refund - frozen }];
  return nonZero([
    ...source,
    { accountId: accounts.marginAccountId, currency, amount: terms.margin },
    { accountId: house.feesAccountId, currency, amount: terms.fees.service },
    { accountId: house.taxesAccountId, currency, amount: terms.fees.tax },
  ]);
}

function planPlace(context: PlanContext, plan: BatchPlan, placedKeys: Map<string, number>, command: PlaceCommand, index: number): Outcome {
  const key = keyOf(command.userId, command.idempotencyKey);
  const existing = context.existing.get(key);
  if (existing) return { kind: 'answered', row: existing };
  const earlier = placedKeys.get(key);
  if (earlier !== undefined) return { kind: 'same_as', command: earlier };
  if (context.openOrderRoom <= 0) refuse('order_book_full');

  const { currency } = command;
  const { amount, schedule } = legAmount(context, currency, command.vip, command.pricePaise, command.quantity);
  const openFees = legFees(command.side, 'open', amount, schedule);
  const frozen = marginFor(amount, command.leverage) + openFees.service + openFees.tax;
  // An order in won is paid in won: without any, the answer offers the exchange. Rupee
  // accounts exist from registration, and too few rupees is the ordinary refusal below.
  const accounts = context.accounts.get(userCurrencyKey(command.userId, currency));
  if (currency !== 'INR' && (!accounts || context.balances.get(accounts.availableAccountId)!.balance <= 0n)) refuse('no_balance_in_currency');
  if (!accounts) throw new Error(`trading: rupee accounts of user ${command.userId} were not loaded for the batch`);
  const pending: NewOrderRow = {
    user_id: command.userId, idempotency_key: command.idempotencyKey, code: command.code, side: command.side, type: command.type,
    status: 'pending', currency, quantity: command.quantity, lot: command.lot, leverage: command.leverage, limit_price_paise: command.limitPaise,
    frozen_paise: frozen, open_service_fee_bps: schedule.serviceFeeBps,
    open_tax_bps: command.side === 'long' ? schedule.stampDutyBps : schedule.sellingFeeBps, fill_price_paise: null, margin_paise: null, open_service_fee_paise: 0n, open_tax_paise: 0n,
    close_price_paise: null, close_service_fee_paise: 0n, close_tax_paise: 0n, realised_pnl_paise: null, close_reason: null,
    locked_until: null, filled_at: null, closed_at: null, end_idempotency_key: null, product: command.product ?? 'delivery', origin_kind: null, origin_id: null,
  };
  const what = { side: command.side, quantity: command.quantity.toString(), code: command.code };
  if (!command.fillsNow) {
    const freeze: Posting[] = [
      { accountId: accounts.availableAccountId, currency, amount: -frozen },
      { accountId: accounts.frozenAccountId, currency, amount: frozen },
    ];
    post(context, freeze);
    context.openOrderRoom -= 1;
    placedKeys.set(key, index);
    plan.inserts.push({
      command: index, row: pending,
      transfers: (orderId) => [{
        idempotencyKey: `order:${orderId}:freeze`, kind: 'order_freeze', userId: command.userId, postings: freeze,
        reasonKind: 'order_margin_held', reasonParams: { order_no: orderId.toString(), ...what, amount: ledgerMoneyParam(frozen, currency) },
      }],
    });
    return { kind: 'inserted' };
  }
  const terms = fillTerms(context, pending, command.pricePaise, command.vip);
  const fill = fillPostings(context, currency, accounts, frozen, terms, 'available');
  post(context, fill);
  context.openOrderRoom -= 1;
  placedKeys.set(key, index);
  plan.inserts.push({
    command: index,
    row: {
      ...pending, status: 'holding', fill_price_paise: command.pricePaise, margin_paise: terms.margin,
      open_service_fee_paise: terms.fees.service, open_tax_paise: terms.fees.tax, filled_at: terms.filledAt, locked_until: terms.lockedUntil,
    },
    transfers: (orderId) => [
      { idempotencyKey: `order:${orderId}:fill`, kind: 'order_fill', userId: command.userId, postings: fill,
        reasonKind: 'order_filled', reasonParams: { order_no: orderId.toString(), ...what, price: priceParam(command.pricePaise, currency) } },
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
  const postings = fillPostings(context, row.currency, accountsOf(context, row.user_id, row.currency), row.frozen_paise, terms, 'hold');
  post(context, postings);
  return update(plan, context, index, row, {
    ...row, status: 'holding', fill_price_paise: command.pricePaise, margin_paise: terms.margin,
    open_service_fee_paise: terms.fees.service, open_tax_paise: terms.fees.tax, filled_at: terms.filledAt, locked_until: terms.lockedUntil,
  }, {
    idempotencyKey: `order:${row.id}:fill`, kind: 'order_fill', userId: row.user_id, postings,
    reasonKind: 'order_filled',
    reasonParams: { order_no: row.id.toString(), side: row.side, quantity: row.quantity.toString(), code: row.code, price: priceParam(command.pricePaise, row.currency) },
  });
}

function planCancel(context: PlanContext, plan: BatchPlan, command: CancelCommand, index: number): Outcome {
  const row = context.orders.get(command.orderId);
  if (!row || row.user_id !== command.userId) refuse('order_not_found');
  if (isRepeatOf(row, 'cancelled', command.idempotencyKey)) return { kind: 'answered', row };
  if (row.status !== 'pending') refuse('order_not_pending');
  const { currency } = row;
  const accounts = accountsOf(context, row.user_id, currency);
  const postings: Posting[] = [
    { accountId: accounts.frozenAccountId, currency, amount: -row.frozen_paise },
    { accountId: accounts.availableAccountId, currency, amount: row.frozen_paise },
  ];
  post(context, postings);
  return update(plan, context, index, row, { ...row, status: 'cancelled', closed_at: new Date(context.now), end_idempotency_key: command.idempotencyKey ?? null }, {
    idempotencyKey: `order:${row.id}:cancel`, kind: 'order_cancel', userId: row.user_id, postings,
    reasonKind: 'order_cancelled', reasonParams: { order_no: row.id.toString(), amount: ledgerMoneyParam(row.frozen_paise, currency) },
  });
}

/** A cancel or close the owner already made with this same key (a retry after a lost answer): answered with the order as it left it. */
const isRepeatOf = (row: OrderRow, status: 'cancelled' | 'closed', idempotencyKey: string | undefined) =>
  idempotencyKey !== undefined && row.status === status && row.end_idempotency_key === idempotencyKey;

function planClose(context: PlanContext, plan: BatchPlan, command: CloseCommand | MarginCallCommand | SquareOffCommand, index: number): Outcome {
  const row = context.orders.get(command.orderId);
  // The stream's margin call and the intraday square-off close whatever the lock and the session phase.
  const automatic = command.kind !== 'close';
  if (automatic && (!row || row.status !== 'holding')) return { kind: 'answered', row: null };
  if (!row || row.user_id !== command.userId) refuse('order_not_found');
  if (!automatic && isRepeatOf(row, 'closed', command.idempotencyKey)) return { kind: 'answered', row };
  if (row.status !== 'holding') refuse('order_not_holding');
  if (!automatic && !command.sellsPledge && context.pledgedOrders?.has(row.id)) refuse('position_pledged');
  if (!automatic && row.locked_until && row.locked_until.getTime() > context.now) refuse('position_locked');
  if (!automatic && context.market.phase() !== 'open') refuse('non_trading_hours');
  const quote = context.market.quote(row.code);
  if (!quote || quote.last <= 0) refuse('stock_price_not_available');
  const price = BigInt(quote.last);
  const { currency } = row;
  const pnl = ledgerAmountOfHundredths(pnlAt(row.side, row.fill_price_paise!, price, row.quantity), currency);
  const close = legAmount(context, currency, command.vip, price, row.quantity);
  const closeFees = legFees(row.side, 'close', close.amount, close.schedule);
  const margin = row.margin_paise!;
  const accounts = accountsOf(context, row.user_id, currency);
  const house = houseOf(context, currency);
  // What the position hands back: margin plus P&L less closing fees. A loss beyond that is
  // taken from available money, but never more than there is: the firm's settlement
  // account absorbs any rest (negative balance protection), and the reason says so.
  const owed = margin + pnl - closeFees.service - closeFees.tax;
  const available = context.balances.get(accounts.availableAccountId)!.balance;
  const fromAvailable = owed < 0n && -owed > available ? -available : owed;
  const absorbed = fromAvailable - owed;
  const closed = { order_no: row.id.toString(), code: row.code, price: priceParam(price, currency), ...(absorbed > 0n ? { absorbed: ledgerMoneyParam(absorbed, currency) } : {}) };
  const postings = nonZero([
    { accountId: accounts.marginAccountId, currency, amount: -margin },
    { accountId: house.settlementAccountId, currency, amount: -pnl - absorbed },
    { accountId: house.feesAccountId, currency, amount: closeFees.service },
    { accountId: house.taxesAccountId, currency, amount: closeFees.tax },
    { accountId: accounts.availableAccountId, currency, amount: fromAvailable },
  ]);
  post(context, postings);
  return update(plan, context, index, row, {
    ...row, status: 'closed', close_price_paise: price, close_service_fee_paise: closeFees.service, close_tax_paise: closeFees.tax,
    realised_pnl_paise: pnl, close_reason: closeReasonOf[command.kind], closed_at: new Date(context.now),
    end_idempotency_key: command.kind === 'close' ? command.idempotencyKey ?? null : null,
  }, {
    idempotencyKey: `order:${row.id}:close`, kind: 'position_close', userId: row.user_id, postings, ...closeReason(context, command, closed),
  });
}

const closeReasonOf = { close: 'user', margin_call: 'margin_call', square_off: 'intraday_square_off' } as const;

/** The statement line of a close: by its owner, by the margin call (with the maintenance level), or by the square-off. */
function closeReason(context: PlanContext, command: CloseCommand | MarginCallCommand | SquareOffCommand, closed: StatementReasonParams<'position_closed'>) {
  switch (command.kind) {
    case 'close':
      return { reasonKind: 'position_closed', reasonParams: closed } as const;
    case 'margin_call':
      return { reasonKind: 'position_closed_by_margin_call', reasonParams: { ...closed, maintenance_percent: context.rules.maintenanceMarginPercent } } as const;
    case 'square_off':
      return { reasonKind: 'position_squared_off', reasonParams: closed } as const;
  }
}
