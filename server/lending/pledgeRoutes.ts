import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { listPledges, type PledgeContext, pledgesForReview, releasePledge, requestPledge, reviewPledge } from './pledges.ts';

// Margin loans on pledged stock: the user's commands and the back office's review queue.
// Each user handler passes the caller's own id, so no command reaches another user's pledge.
export function registerPledgeRoutes(app: FastifyInstance, authenticators: Authenticators, context: PledgeContext): void {
  registerCommand(app, authenticators, 'pledge/list', ({ session }) => listPledges(context, session.userId));
  registerCommand(app, authenticators, 'pledge/request', ({ body, session }) => requestPledge(context, session.userId, body));
  registerCommand(app, authenticators, 'pledge/release', ({ body, session }) => releasePledge(context, session.userId, BigInt(body.pledge_id)));
  registerCommand(app, authenticators, 'admin/pledges/list', ({ body }) => pledgesForReview(context, body));
  registerCommand(app, authenticators, 'admin/pledges/review', ({ body, session }) => reviewPledge(context, session.staffId, body));
}
