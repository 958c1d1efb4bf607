import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { createStaff, listStaff, setStaffActive } from './staff.ts';
import { originOf } from '../accounts/sessionList.ts';
import type { SessionCache } from '../accounts/sessionCache.ts';
import type { SessionPolicy } from '../accounts/sessions.ts';
import { clearSessionCookie, setSessionCookies } from '../http/sessionCookies.ts';
import { endStaffSession, staffLogin } from './staffSessions.ts';

export function registerStaffRoutes(
  app: FastifyInstance, db: Database, authenticators: Authenticators, sessions: Pick<SessionCache, 'forgetToken'>, policy: SessionPolicy,
): void {
  registerCommand(app, authenticators, 'admin/login', async ({ body, request, reply }) => {
    const outcome = await staffLogin(db, body, originOf(request), policy);
    if ('token' in outcome) setSessionCookies(request, reply, 'staff', { account: outcome.login, token: outcome.token }, policy.absoluteHours() * 3600);
    return outcome;
  });
  registerCommand(app, authenticators, 'admin/logout', async ({ session, request, reply }) => {
    await endStaffSession(db, session.tokenHash);
    sessions.forgetToken(session.tokenHash);
    clearSessionCookie(request, reply, 'staff');
    return null;
  });
  registerCommand(app, authenticators, 'admin/me', async ({ session }) => ({
    staff_id: session.staffId.toString(),
    login: session.login,
    name: session.name,
    role: session.role,
    mfa_verified: session.mfaVerified,
  }));
  registerCommand(app, authenticators, 'admin/staff/list', ({ body }) => listStaff(db, body.page));
  registerCommand(app, authenticators, 'admin/staff/create', ({ body, session }) => createStaff(db, session.staffId, body));
  registerCommand(app, authenticators, 'admin/staff/setActive', ({ body, session }) => setStaffActive(db, session.staffId, body));
}
