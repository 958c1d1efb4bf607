import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { type AdminContext, endFundEarly, fundsForStaff, saveFundForStaff, withdrawFund } from './admin.ts';
import { redeem, subscribe, type SubscriptionContext } from './subscriptions.ts';
import { fundDetail, fundList, holdingsForWire, holdingsPage, type ViewContext } from './views.ts';

// Strategy funds and copy trading. Each user handler passes the caller's own id; staff roles are in contract/funds.ts.
export function registerFundRoutes(app: FastifyInstance, authenticators: Authenticators, context: SubscriptionContext & ViewContext & AdminContext): void {
  registerCommand(app, authenticators, 'fund/list', ({ session }) => fundList(context.db, context, session.userId));
  registerCommand(app, authenticators, 'fund/detail', ({ body, session }) => fundDetail(context.db, context, body.fund_id, session.userId));
  registerCommand(app, authenticators, 'fund/subscribe', async ({ body, session }) => (await holdingsForWire(context.db, context, [await subscribe(context, session, body)]))[0]!);
  registerCommand(app, authenticators, 'fund/redeem', async ({ body, session }) => (await holdingsForWire(context.db, context, [await redeem(context, session, body)]))[0]!);
  registerCommand(app, authenticators, 'fund/holdings', ({ body, session }) => holdingsPage(context.db, context, session.userId, body.page));

  registerCommand(app, authenticators, 'admin/fund/list', ({ body }) => fundsForStaff(context, body.page));
  registerCommand(app, authenticators, 'admin/fund/save', ({ body, session }) => saveFundForStaff(context, session.staffId, body));
  registerCommand(app, authenticators, 'admin/fund/withdraw', ({ body, session }) => withdrawFund(context, session.staffId, body));
  registerCommand(app, authenticators, 'admin/fund/end', ({ body, session }) => endFundEarly(context, session.staffId, body));
}
