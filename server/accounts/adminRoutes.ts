import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Valuation } from '../portfolio/prices.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { issueInvitationAsStaff, listInvitations, setInvitationActive } from './invitations.ts';
import { setRestriction } from './restrictions.ts';
import type { SessionCache } from './sessionCache.ts';
import { listUsers, userDetail } from './userAdmin.ts';

// Back-office commands over users and invitation codes. Roles are in contract/api.ts.
export function registerAccountAdminRoutes(app: FastifyInstance, db: Database, authenticators: Authenticators, sessions: Pick<SessionCache, 'forgetUser'>, valuation: Valuation): void {
  registerCommand(app, authenticators, 'admin/users/list', ({ body }) => listUsers(db, body.page, body.query));
  registerCommand(app, authenticators, 'admin/users/detail', ({ body }) => userDetail(db, BigInt(body.user_id), body.statement_page, valuation));
  registerCommand(app, authenticators, 'admin/users/setRestriction', async ({ body, session }) => {
    const result = await setRestriction(db, session.staffId, body);
    // The user's remembered sessions must see the switch at once.
    sessions.forgetUser(BigInt(body.user_id));
    return result;
  });
  registerCommand(app, authenticators, 'admin/invitations/list', ({ body }) => listInvitations(db, body.page));
  registerCommand(app, authenticators, 'admin/invitations/issue', ({ body, session }) =>
    issueInvitationAsStaff(db, session.staffId, { institutionName: body.institution_name, kind: body.kind, code: body.code, reason: body.reason }),
  );
  registerCommand(app, authenticators, 'admin/invitations/setActive', ({ body, session }) => setInvitationActive(db, session.staffId, body));
}
