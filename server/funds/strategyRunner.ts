import type { Logger } from 'pino';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { istDay, istDayStart } from '../../contract/calendarDays.ts';
import { type Session, serverSession } from '../accounts/sessions.ts';
import { Refusal } from '../http/refusal.ts';
import type { KlineSource } from '../market/routes.ts';
import { cancelOrder, closePosition, lotOf, placeOrder, type TradingContext } from '../trading/orders.ts';
import type { FundBook } from './fundBook.ts';
import type { FundRow } from './fundStore.ts';
import { strategies } from './strategies/catalog.ts';
import type { StrategyAction, UniverseMember } from './strategies/strategy.ts';

// Runs a fund's strategy on the live market and places what it decides through the same order
// path as users' orders (placeOrder, closePosition, cancelOrder: the same checks, the same
// per-account rate, the same order writer and ledger). The strategies' universe is the NIFTY 50
// as the market defines it, with each member's daily closes from the market's own candles.

/** The universe every published strategy draws from. */
export const strategyUniverseIndex = 'NIFTY50';
/** Tries of an order the per-account rate refused (submit_too_frequently) before it waits for the next rebalance. */
const rateRetries = 20;
const rateRetryDelayMs = 250;

export interface RunnerContext {
  trading: TradingContext;
  kline: KlineSource;
  logger?: Logger;
}

/** The session a fund's orders are placed with: its own account, never restricted, on the standard fee schedule. */
export const fundSession = (fund: Pick<FundRow, 'account_user_id'>): Session => serverSession(fund.account_user_id, `fund-${fund.account_user_id}`);

/** Daily closes before today, per code, read once per IST day (history does not change during the day). */
export function createUniverseReader(context: RunnerContext) {
  let cachedDay = '';
  let closes = new Map<string, bigint[]>();
  return (now: number): UniverseMember[] => {
    const { market } = context.trading;
    const day = istDay(now);
    if (day !== cachedDay) {
      cachedDay = day;
      closes = new Map();
    }
    const todayStart = istDayStart(now);
    const members = market.instrument(strategyUniverseIndex)?.constituents ?? [];
    const universe: UniverseMember[] = [];
    for (const { code } of members) {
      const spec = market.instrument(code);
      const quote = market.quote(code);
      if (!spec || !quote || quote.last <= 0) continue;
      let memberCloses = closes.get(code);
      if (!memberCloses) {
        memberCloses = context.kline
          .candles(code, 'day', 'none')
          .filter((bar) => (bar.t < 1e12 ? bar.t * 1000 : bar.t) < todayStart)
          .map((bar) => parseRupees(bar.c) ?? 0n);
        closes.set(code, memberCloses);
      }
      const last = BigInt(quote.last);
      universe.push({
        code,
        lot: lotOf(spec, context.trading.currentRules()),
        tickPaise: BigInt(spec.tickMinor),
        lastPaise: last,
        closesPaise: memberCloses,
        marketCapPaise: spec.shares ? BigInt(spec.shares) * last : 0n,
      });
    }
    return universe;
  };
}

export interface RebalanceOutcome {
  actions: StrategyAction[];
  placed: number;
  refused: { action: StrategyAction; key: string }[];
}

/** Decides and places one rebalance of `fund`. An action the order path refuses is logged and left to the next rebalance. */
export async function rebalance(
  context: RunnerContext, fund: FundRow, book: FundBook, netAssetsPaise: bigint, universe: readonly UniverseMember[], now: number,
): Promise<RebalanceOutcome> {
  const actions = strategies[fund.strategy]({
    now,
    parameters: fund.parameters,
    netAssetsPaise,
    availablePaise: book.availablePaise,
    positions: book.positions.map((position) => ({ orderId: position.orderId, code: position.code, quantity: position.quantity, fillPaise: position.fill, filledAt: position.filledAt })),
    pendingOrders: book.pendingOrders,
    universe,
  });
  // Sales first: their cash is what later buys spend.
  const ordered = [...actions.filter((action) => action.kind !== 'buy'), ...actions.filter((action) => action.kind === 'buy')];
  return placeActions(context, fund, ordered, `fund-${fund.id}-${now}`);
}

/** Places actions one after the other through the order path; keys are `${keyPrefix}-${index}`. */
export async function placeActions(context: RunnerContext, fund: Pick<FundRow, 'id' | 'account_user_id'>, actions: readonly StrategyAction[], keyPrefix: string): Promise<RebalanceOutcome> {
  const session = fundSession(fund);
  const outcome: RebalanceOutcome = { actions: [...actions], placed: 0, refused: [] };
  for (const [index, action] of actions.entries()) {
    const key = `${keyPrefix}-${index}`;
    try {
      await withRateRetries(() => placeAction(context.trading, session, action, key));
      outcome.placed += 1;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      outcome.refused.push({ action, key });
      context.logger?.info({ fund: fund.id.toString(), action: action.kind, code: action.code, refusal: error.key }, 'fund order refused');
    }
  }
  return outcome;
}

function placeAction(trading: TradingContext, session: Session, action: StrategyAction, key: string) {
  switch (action.kind) {
    case 'buy':
      return placeOrder(trading, session, {
        code: action.code, side: 'long', type: action.limitPaise === null ? 'market' : 'limit',
        // number-ok: a share count, far below 2^53 (the contract caps an order at 10,000,000 shares)
        quantity: Number(action.quantity),
        ...(action.limitPaise === null ? {} : { price: formatRupees(action.limitPaise) }),
        leverage: 1, idempotency_key: key, product: 'delivery',
      });
    case 'close':
      return closePosition(trading, session, action.orderId, key);
    case 'cancel':
      return cancelOrder(trading, session.userId, action.orderId, key);
  }
}

/** The per-account order rate applies to funds as to users: a refused order waits a moment and goes again with the same key. */
async function withRateRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof Refusal && error.key === 'submit_too_frequently') || tries >= rateRetries) throw error;
      await new Promise((resolve) => setTimeout(resolve, rateRetryDelayMs));
    }
  }
}
