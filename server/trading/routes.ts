import type { FastifyInstance } from 'fastify';
import { formatMinorAmount, type LedgerCurrency, ledgerCurrencies } from '../../contract/currencies.ts';
import { formatRupees } from '../../contract/money.ts';
import { orderPageSize } from '../../contract/trading.ts';
import type { Database } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';
import type { Market } from '../market/marketService.ts';
import { cancelOrder, closePosition, placeOrder, type TradingContext } from './orders.ts';
import { orderById, type OrderRow, toOrder } from './orderStore.ts';
import { statementOf } from './statement.ts';

export function registerTradingRoutes(app: FastifyInstance, db: Database, authenticate: Authenticate, context: TradingContext): void {
  const named = (market: Market, row: OrderRow) => toOrder(row, market.instrument(row.code)?.name ?? row.code);
  const { market } = context;

  registerCommand(app, authenticate, 'trade/rules', async ({ session }) => {
    const rules = context.currentRules();
    const own = session.vip ? rules.vipFees : rules.fees;
    return {
      leverages: [...rules.leverages],
      defaultLot: rules.defaultLot,
      ...own,
      vip: session.vip,
      blockTrade: { minimum: formatRupees(rules.blockMinimumPaise), ...rules.blockFees },
      feeRounding: 'half_up_paise' as const,
      sellAfterMinutes: rules.sellAfterMinutes,
      lockDays: rules.lockDays,
      maintenanceMarginPercent: rules.maintenanceMarginPercent,
    };
  });
  registerCommand(app, authenticate, 'intraday/status', async () => {
    const rules = context.intraday.rules();
    const now = context.now();
    return {
      leverage: rules.leverage,
      minimum_shares: Number(rules.minimumShares),
      square_off_at: new Date(context.intraday.nextSquareOffAfter(now)).toISOString(),
      closed_for_the_day: context.intraday.closedForTheDay(now),
    };
  });
  // Routes validate, submit and answer: the books and messages follow the writer's events.
  registerCommand(app, authenticate, 'order/place', async ({ body, session }) => named(market, await placeOrder(context, session, body)));
  registerCommand(app, authenticate, 'order/cancel', async ({ body, session }) =>
    named(market, await cancelOrder(context, session.userId, BigInt(body.order_no), body.idempotency_key)));
  registerCommand(app, authenticate, 'order/close', async ({ body, session }) =>
    named(market, await closePosition(context, session, BigInt(body.order_no), body.idempotency_key)));
  registerCommand(app, authenticate, 'order/detail', async ({ body, session }) => {
    const row = await orderById(db, BigInt(body.order_no));
    if (!row || row.user_id !== session.userId) refuse('order_not_found');
    return named(market, row);
  });
  registerCommand(app, authenticate, 'order/list', async ({ body, session }) => {
    const rows = await db.query<OrderRow>(
      body.status === 'ended'
        ? "SELECT * FROM orders WHERE user_id = $1 AND status IN ('closed', 'cancelled') ORDER BY closed_at DESC, id DESC LIMIT $2 OFFSET $3"
        : 'SELECT * FROM orders WHERE user_id = $1 AND status = $4 ORDER BY id DESC LIMIT $2 OFFSET $3',
      [session.userId.toString(), orderPageSize, (body.page - 1) * orderPageSize, ...(body.status === 'ended' ? [] : [body.status])],
    );
    return rows.map((row) => named(market, row));
  });
  registerCommand(app, authenticate, 'order/historySummary', async ({ session }) => {
    const rows = await db.query<{ currency: LedgerCurrency; revenue: bigint; margins: bigint; positions: bigint }>(
      `SELECT currency, coalesce(sum(realised_pnl_paise), 0)::bigint AS revenue, coalesce(sum(margin_paise), 0)::bigint AS margins, count(*) AS positions
         FROM orders WHERE user_id = $1 AND status = 'closed' GROUP BY currency`,
      [session.userId.toString()],
    );
    const byCurrency = new Map(rows.map((row) => [row.currency, row]));
    return ledgerCurrencies.filter((currency) => currency === 'INR' || byCurrency.has(currency)).map((currency) => {
      const row = byCurrency.get(currency) ?? { revenue: 0n, margins: 0n, positions: 0n };
      return { currency, revenue: formatMinorAmount(row.revenue, currency), margins: formatMinorAmount(row.margins, currency), positions: Number(row.positions) };
    });
  });
  registerCommand(app, authenticate, 'user/statement', async ({ body, session }) => statementOf(db, session.userId, body.page));
}
