import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';
import type { Market } from '../market/marketService.ts';
import type { Execution } from './execution.ts';
import { cancelOrder, closePosition, placeOrder, type TradingContext } from './orders.ts';
import { orderById, type OrderRow, toOrder } from './orderStore.ts';
import { statementOf } from './statement.ts';

export const orderPageSize = 30;

export function registerTradingRoutes(app: FastifyInstance, db: Database, authenticate: Authenticate, context: TradingContext, execution: Execution): void {
  const named = (market: Market, row: OrderRow) => toOrder(row, market.instrument(row.code)?.name ?? row.code);
  const { rules, market } = context;

  registerCommand(app, authenticate, 'trade/rules', async () => ({
    leverages: [...rules.leverages],
    defaultLot: rules.defaultLot,
    serviceFeeBps: rules.fees.serviceFeeBps,
    stampDutyBps: rules.fees.stampDutyBps,
    sellingFeeBps: rules.fees.sellingFeeBps,
    feeRounding: 'half_up_paise' as const,
    sellAfterMinutes: rules.sellAfterMinutes,
    lockDays: rules.lockDays,
    maintenanceMarginPercent: rules.maintenanceMarginPercent,
  }));
  registerCommand(app, authenticate, 'order/place', async ({ body, session }) => {
    const row = await placeOrder(context, session, body);
    execution.track(row, session.vip);
    return named(market, row);
  });
  registerCommand(app, authenticate, 'order/cancel', async ({ body, session }) => {
    const row = await cancelOrder(context, session.userId, BigInt(body.order_no));
    execution.forget(row.id);
    return named(market, row);
  });
  registerCommand(app, authenticate, 'order/close', async ({ body, session }) => {
    const row = (await closePosition(context, session.userId, BigInt(body.order_no), 'user', session.vip))!;
    execution.forget(row.id);
    return named(market, row);
  });
  registerCommand(app, authenticate, 'order/detail', async ({ body, session }) => {
    const row = await orderById(db, BigInt(body.order_no));
    if (!row || row.user_id !== session.userId) refuse('order_not_found');
    return named(market, row);
  });
  registerCommand(app, authenticate, 'order/list', async ({ body, session }) => {
    const rows = await db.query<OrderRow>(
      'SELECT * FROM orders WHERE user_id = $1 AND status = $2 ORDER BY id DESC LIMIT $3 OFFSET $4',
      [session.userId.toString(), body.status, orderPageSize, (body.page - 1) * orderPageSize],
    );
    return rows.map((row) => named(market, row));
  });
  registerCommand(app, authenticate, 'user/statement', async ({ body, session }) => statementOf(db, session.userId, body.page));
}
