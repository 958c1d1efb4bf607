import type { FastifyInstance } from 'fastify';
import type { SessionCache } from '../accounts/sessionCache.ts';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import type { Settings } from '../settings/settings.ts';
import { kycStateOf, listKycSubmissions, reviewKyc, submitKyc } from './kyc.ts';
import { changeFundPassword, changeLoginPassword, securityOf, setFundPassword } from './passwords.ts';

// Identity commands: the caller's KYC and passwords, and the reviewers' KYC queue. Roles
// are in contract/api.ts; every handler acts on the session's own user only.
export function registerIdentityRoutes(
  app: FastifyInstance,
  db: Database,
  authenticators: Authenticators,
  settings: Settings,
  sessions: Pick<SessionCache, 'forgetUser'>,
): void {
  registerCommand(app, authenticators, 'user/kyc', ({ session }) => kycStateOf(db, session.userId));
  registerCommand(app, authenticators, 'user/kycSubmit', ({ body, session }) => submitKyc(db, session.userId, body));
  registerCommand(app, authenticators, 'user/changePassword', async ({ body, session, request }) => {
    await changeLoginPassword(db, session, body, request.ip);
    // The other sessions just ended in the database; remembered copies must not outlive them.
    sessions.forgetUser(session.userId);
    return null;
  });
  registerCommand(app, authenticators, 'user/setFundPassword', async ({ body, session }) => {
    await setFundPassword(db, session.userId, body);
    return null;
  });
  registerCommand(app, authenticators, 'user/changeFundPassword', async ({ body, session }) => {
    await changeFundPassword(db, session.userId, body, settings);
    return null;
  });
  registerCommand(app, authenticators, 'user/security', ({ session }) => securityOf(db, session.userId, settings));
  registerCommand(app, authenticators, 'admin/kyc/list', ({ body }) => listKycSubmissions(db, body));
  registerCommand(app, authenticators, 'admin/kyc/review', ({ body, session }) => reviewKyc(db, session.staffId, body));
}
