import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { borrowCredit, creditOverview } from './credit.ts';
import { loanDetailForStaff, loanDetailOf, loansForStaff, loansOf } from './loanRecords.ts';
import { type LendingContext, paiseOfAmount, repayLoanIn, toLoanView } from './loans.ts';

// Credit score, credit loans and loan records. Each handler passes the caller's own id, so no
// command reaches another user's loan by changing an id. Staff only read (roles in contract/api.ts).
export function registerLendingRoutes(app: FastifyInstance, authenticators: Authenticators, context: LendingContext): void {
  const { db } = context;
  registerCommand(app, authenticators, 'credit/overview', ({ session }) => creditOverview(context, session.userId));
  registerCommand(app, authenticators, 'loan/borrow', async ({ body, session }) => toLoanView(await borrowCredit(context, session.userId, body)));
  registerCommand(app, authenticators, 'loan/repay', async ({ body, session }) => {
    const command = { loanId: BigInt(body.loan_id), amountPaise: paiseOfAmount(body.amount), idempotencyKey: body.idempotency_key };
    return toLoanView(await db.transaction((tx) => repayLoanIn(tx, session.userId, command)));
  });
  registerCommand(app, authenticators, 'loan/list', ({ body, session }) => loansOf(db, session.userId, body.page, body.status));
  registerCommand(app, authenticators, 'loan/detail', ({ body, session }) => loanDetailOf(db, session.userId, BigInt(body.loan_id), body.page));

  registerCommand(app, authenticators, 'admin/loans/list', ({ body }) => loansForStaff(db, body));
  registerCommand(app, authenticators, 'admin/loans/detail', ({ body }) => loanDetailForStaff(db, BigInt(body.loan_id), body.page));
}
