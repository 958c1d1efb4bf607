// How the order writer decides a batch, without a database: commands are checked in
// arrival order against the balances the earlier ones left, a refused command changes
// nothing, a repeated key inside one batch makes one order, and every planned transfer
// balances to zero.
import { describe, expect, it } from 'vitest';
import { assertTransferIsWellFormed, type LockedAccount, type TransferCommand } from '../../ledger/ledger.ts';
import type { Market } from '../../market/marketService.ts';
import type { QuoteState } from '../../market/model.ts';
import type { OrderRow } from '../orderStore.ts';
import { feeOn, marginFor } from '../../../contract/fees.ts';
import { defaultTradingRules } from '../rules.ts';
import { type BatchPlan, planBatch, type PlanContext } from './batchPlan.ts';
import type { PlaceCommand, WriterCommand } from './commands.ts';

const house = new Map([['INR' as const, { feesAccountId: 901n, taxesAccountId: 902n, settlementAccountId: 903n }]]);
const accountsOf = (userId: bigint) => ({ availableAccountId: userId * 10n + 1n, frozenAccountId: userId * 10n + 2n, marginAccountId: userId * 10n + 3n });
const now = Date.UTC(2026, 10, 23, 5, 0, 0);

function marketAt(prices: Record<string, number>): Market {
  const quote = (code: string) => (prices[code] === undefined ? undefined : ({ code, last: prices[code], time: now } as QuoteState));
  return { quote, phase: () => 'open' } as unknown as Market;
}

function contextFor(availableByUser: Record<string, bigint>, orders: OrderRow[] = [], prices: Record<string, number> = { TCS: 350_000 }): PlanContext {
  const balances = new Map<bigint, LockedAccount>();
  const accounts = new Map();
  for (const [user, available] of Object.entries(availableByUser)) {
    const ids = accountsOf(BigInt(user));
    accounts.set(`${user}:INR`, ids);
    balances.set(ids.availableAccountId, { balance: available, currency: 'INR', allowNegative: false });
    balances.set(ids.frozenAccountId, { balance: 0n, currency: 'INR', allowNegative: false });
    balances.set(ids.marginAccountId, { currency: 'INR', balance: orders.filter((row) => row.user_id === BigInt(user)).reduce((sum, row) => sum + (row.margin_paise ?? 0n), 0n), allowNegative: false });
  }
  return { rules: defaultTradingRules, house, market: marketAt(prices), now, accounts, balances, orders: new Map(orders.map((row) => [row.id, row])), existing: new Map(), openOrderRoom: 1_000 };
}

const place = (userId: bigint, key: string, overrides: Partial<PlaceCommand> = {}): PlaceCommand => ({
  kind: 'place', userId, vip: false, idempotencyKey: key, code: 'TCS', currency: 'INR', side: 'long', type: 'market', quantity: 100n, lot: 100, leverage: 1,
  limitPaise: null, pricePaise: 350_000n, fillsNow: true, ...overrides,
});

/** What one market order of 100 TCS at ₹3,500, 1×, takes from available money. */
const costOfOne = (() => {
  const amount = 350_000n * 100n;
  return marginFor(amount, 1) + feeOn(amount, defaultTradingRules.fees.serviceFeeBps) + feeOn(amount, defaultTradingRules.fees.stampDutyBps);
})();

function transfersOf(plan: BatchPlan): TransferCommand[] {
  return [...plan.inserts.flatMap((insert, index) => insert.transfers(BigInt(index + 1))), ...plan.updates.map((update) => update.transfer)];
}

const holding = (overrides: Partial<OrderRow>): OrderRow => ({
  id: 77n, user_id: 1n, idempotency_key: 'held-order-1', code: 'TCS', currency: 'INR', side: 'long', type: 'market', status: 'holding', quantity: 100n, lot: 100,
  leverage: 5, limit_price_paise: null, frozen_paise: 0n, open_service_fee_bps: null, open_tax_bps: null, fill_price_paise: 350_000n, margin_paise: 7_000_000n, open_service_fee_paise: 0n,
  open_tax_paise: 0n, close_price_paise: null, close_service_fee_paise: 0n, close_tax_paise: 0n, realised_pnl_paise: null, close_reason: null,
  locked_until: null, created_at: new Date(now), filled_at: new Date(now), closed_at: null, end_idempotency_key: null,
  product: 'delivery', origin_kind: null, origin_id: null, ...overrides,
});

describe('planning a batch', () => {
  it('two-orders-competing-for-the-same-cash-in-one-batch: the first is accepted, the second refused', () => {
    const context = contextFor({ 1: costOfOne + costOfOne / 2n });
    const plan = planBatch(context, [place(1n, 'order-key-one'), place(1n, 'order-key-two')]);
    expect(plan.outcomes.map((outcome) => outcome.kind)).toEqual(['inserted', 'refused']);
    expect(plan.outcomes[1]).toMatchObject({ error: { key: 'insufficient_available_balance' } });
    expect(plan.inserts).toHaveLength(1);
    expect(context.balances.get(accountsOf(1n).availableAccountId)!.balance).toBe(costOfOne / 2n);
  });

  it('a-rupee-order-without-rupees-is-the-ordinary-refusal-and-a-won-order-without-won-offers-the-exchange', () => {
    const context = contextFor({ 1: 0n });
    const plan = planBatch(context, [place(1n, 'no-rupees-key'), place(1n, 'no-won-key', { code: '005930', currency: 'KRW' })]);
    expect(plan.outcomes.map((outcome) => (outcome.kind === 'refused' ? outcome.error.key : outcome.kind))).toEqual(['insufficient_available_balance', 'no_balance_in_currency']);
    expect(plan.inserts).toHaveLength(0);
  });

  it('orders-of-different-users-in-one-batch-do-not-share-money', () => {
    const context = contextFor({ 1: costOfOne, 2: costOfOne });
    const plan = planBatch(context, [place(1n, 'order-key-one'), place(2n, 'order-key-one')]);
    expect(plan.outcomes.map((outcome) => outcome.kind)).toEqual(['inserted', 'inserted']);
  });

  it('a-double-tap-inside-one-batch-makes-one-order', () => {
    const plan = planBatch(contextFor({ 1: costOfOne * 3n }), [place(1n, 'order-key-one'), place(1n, 'order-key-one')]);
    expect(plan.outcomes).toEqual([{ kind: 'inserted' }, { kind: 'same_as', command: 0 }]);
    expect(plan.inserts).toHaveLength(1);
  });

  it('a-resting-limit-freezes-and-a-market-order-fills-from-available-money-in-one-transfer', () => {
    const plan = planBatch(contextFor({ 1: costOfOne * 3n }), [
      place(1n, 'limit-key-one', { type: 'limit', limitPaise: 340_000n, pricePaise: 340_000n, fillsNow: false }),
      place(1n, 'market-key-one'),
    ]);
    expect(plan.inserts.map((insert) => insert.row.status)).toEqual(['pending', 'holding']);
    expect(transfersOf(plan).map((transfer) => transfer.kind)).toEqual(['order_freeze', 'order_fill']);
    const fill = transfersOf(plan)[1]!;
    const frozen = plan.inserts[1]!.row.frozen_paise;
    // Nothing passes through the hold; available money pays exactly what the order would have held.
    expect(fill.postings.map((posting) => posting.accountId)).not.toContain(accountsOf(1n).frozenAccountId);
    expect(fill.postings.find((posting) => posting.accountId === accountsOf(1n).availableAccountId)?.amount).toBe(-frozen);
  });

  it('a-fill-for-an-order-no-longer-pending-does-nothing', () => {
    const context = contextFor({ 1: 0n }, [holding({})]);
    const plan = planBatch(context, [{ kind: 'fill', userId: 1n, orderId: 77n, pricePaise: 350_000n, vip: false }]);
    expect(plan.outcomes).toEqual([{ kind: 'answered', row: null }]);
    expect(plan.updates).toEqual([]);
  });

  it('cancel-of-another-users-order-is-not-found-and-close-only-while-holding', () => {
    const context = contextFor({ 1: 0n, 2: 0n }, [holding({})]);
    const commands: WriterCommand[] = [
      { kind: 'cancel', userId: 2n, orderId: 77n },
      { kind: 'cancel', userId: 1n, orderId: 77n },
      { kind: 'close', userId: 1n, orderId: 77n, vip: false },
      { kind: 'close', userId: 1n, orderId: 77n, vip: false },
    ];
    const plan = planBatch(context, commands);
    expect(plan.outcomes.map((outcome) => (outcome.kind === 'refused' ? outcome.error.key : outcome.kind))).toEqual([
      'order_not_found', 'order_not_pending', 'updated', 'order_not_holding',
    ]);
  });

  it('a-margin-call-whose-loss-exceeds-the-account-is-absorbed-by-the-firm-and-still-balances', () => {
    // 5× long bought at ₹3,500, now ₹2,000: the loss is far beyond margin and the ₹100 left in available.
    const context = contextFor({ 1: 100_00n }, [holding({})], { TCS: 200_000 });
    const plan = planBatch(context, [{ kind: 'margin_call', userId: 1n, orderId: 77n, vip: false }]);
    const [transfer] = transfersOf(plan);
    expect(() => assertTransferIsWellFormed(transfer!)).not.toThrow();
    expect(transfer).toMatchObject({
      reasonKind: 'position_closed_by_margin_call',
      reasonParams: { order_no: '77', code: 'TCS', price: { amount: '200000', currency: 'INR' }, absorbed: { currency: 'INR' } },
    });
    expect(context.balances.get(accountsOf(1n).availableAccountId)!.balance).toBe(0n);
    expect(context.balances.get(accountsOf(1n).marginAccountId)!.balance).toBe(0n);
  });

  it('a-new-order-beyond-the-room-in-the-books-is-refused-and-takes-nothing', () => {
    const context = { ...contextFor({ 1: costOfOne * 10n }), openOrderRoom: 2 };
    const plan = planBatch(context, [place(1n, 'room-key-a'), place(1n, 'room-key-b'), place(1n, 'room-key-c'), place(1n, 'room-key-a')]);
    expect(plan.outcomes.map((outcome) => (outcome.kind === 'refused' ? outcome.error.key : outcome.kind))).toEqual(['inserted', 'inserted', 'order_book_full', 'same_as']);
    expect(plan.inserts).toHaveLength(2);
    expect(context.openOrderRoom).toBe(0);
    expect(context.balances.get(accountsOf(1n).availableAccountId)!.balance).toBe(costOfOne * 8n);
  });

  it('a-cancel-or-close-repeated-with-its-key-answers-with-the-order-as-it-was-left', () => {
    const cancelled = holding({ id: 90n, status: 'cancelled', fill_price_paise: null, margin_paise: null, end_idempotency_key: 'cancel-intent-1' });
    const closed = holding({ id: 91n, status: 'closed', close_reason: 'user', end_idempotency_key: 'close-intent-1' });
    const plan = planBatch(contextFor({ 1: 0n }, [cancelled, closed]), [
      { kind: 'cancel', userId: 1n, orderId: 90n, idempotencyKey: 'cancel-intent-1' },
      { kind: 'cancel', userId: 1n, orderId: 90n, idempotencyKey: 'another-intent' },
      { kind: 'cancel', userId: 1n, orderId: 90n },
      { kind: 'close', userId: 1n, orderId: 91n, vip: false, idempotencyKey: 'close-intent-1' },
      { kind: 'close', userId: 1n, orderId: 91n, vip: false },
    ]);
    expect(plan.outcomes.map((outcome) => (outcome.kind === 'refused' ? outcome.error.key : outcome.kind))).toEqual([
      'answered', 'order_not_pending', 'order_not_pending', 'answered', 'order_not_holding',
    ]);
    expect(plan.updates).toHaveLength(0);
  });

  it('every-planned-transfer-balances', () => {
    const context = contextFor({ 1: costOfOne * 10n, 2: costOfOne * 10n }, [holding({ id: 78n, user_id: 2n, idempotency_key: 'held-order-2' })], { TCS: 361_000 });
    const plan = planBatch(context, [
      place(1n, 'market-key-a'), place(1n, 'market-key-b', { side: 'short', leverage: 2 }),
      place(2n, 'limit-key-a', { type: 'limit', limitPaise: 300_000n, pricePaise: 300_000n, fillsNow: false }),
      { kind: 'close', userId: 2n, orderId: 78n, vip: true },
    ]);
    const transfers = transfersOf(plan);
    expect(transfers).toHaveLength(4);
    for (const transfer of transfers) expect(() => assertTransferIsWellFormed(transfer)).not.toThrow();
  });
});
