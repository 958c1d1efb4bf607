import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { setSessionCookies } from '../http/sessionCookies.ts';
import { setStaffSessionsVerified, staffLoginWithSecondFactor } from '../staff/staffSessions.ts';
import { loginWithSecondFactor } from './accounts.ts';
import { disableMfa, enableMfa, mfaEnabled, setUpMfa } from './mfa.ts';
import type { SessionCache } from './sessionCache.ts';
import { endSessionById, listSessions, staffSessions, userSessions } from './sessionList.ts';
import type { SessionPolicy } from './sessions.ts';

// The second factor and the sessions page, for users (user/) and staff (admin/). Every session
// that ends here goes through the session cache (forgetToken), which tells its listeners.

export interface SecurityContext {
  db: Database;
  sessions: Pick<SessionCache, 'forgetToken' | 'forgetUser'>;
  userPolicy: SessionPolicy;
  staffPolicy: SessionPolicy;
}

const maxAgeSeconds = (policy: SessionPolicy) => policy.absoluteHours() * 3600;

export function registerSecurityRoutes(app: FastifyInstance, authenticators: Authenticators, { db, sessions, userPolicy, staffPolicy }: SecurityContext): void {
  const now = () => userPolicy.now();

  registerCommand(app, authenticators, 'user/loginMfa', async ({ body, request, reply }) => {
    const signedIn = await loginWithSecondFactor(db, body, userPolicy);
    setSessionCookies(request, reply, 'user', signedIn, maxAgeSeconds(userPolicy));
    return signedIn;
  });
  registerCommand(app, authenticators, 'user/mfa/status', async ({ session }) => ({ enabled: await mfaEnabled(db, { kind: 'user', id: session.userId }) }));
  registerCommand(app, authenticators, 'user/mfa/setup', ({ session }) => setUpMfa(db, { kind: 'user', id: session.userId, label: session.account }));
  registerCommand(app, authenticators, 'user/mfa/enable', ({ body, session }) => enableMfa(db, { kind: 'user', id: session.userId, label: session.account }, body.code, now()));
  registerCommand(app, authenticators, 'user/mfa/disable', ({ body, session }) => disableMfa(db, { kind: 'user', id: session.userId }, body.code, now()));
  registerCommand(app, authenticators, 'user/sessions', async ({ session }) => ({
    items: await listSessions(db, userSessions, session.userId, session.tokenHash, userPolicy),
  }));
  registerCommand(app, authenticators, 'user/endSession', async ({ body, session }) => {
    sessions.forgetToken(await endSessionById(db, userSessions, session.userId, body.id, now()));
    return null;
  });

  registerCommand(app, authenticators, 'admin/loginMfa', async ({ body, request, reply }) => {
    const signedIn = await staffLoginWithSecondFactor(db, body, staffPolicy);
    setSessionCookies(request, reply, 'staff', { account: signedIn.login, token: signedIn.token }, maxAgeSeconds(staffPolicy));
    return signedIn;
  });
  registerCommand(app, authenticators, 'admin/mfa/status', async ({ session }) => ({ enabled: await mfaEnabled(db, { kind: 'staff', id: session.staffId }) }));
  registerCommand(app, authenticators, 'admin/mfa/setup', ({ session }) => setUpMfa(db, { kind: 'staff', id: session.staffId, label: session.login }));
  registerCommand(app, authenticators, 'admin/mfa/enable', async ({ body, session }) => {
    const enabled = await enableMfa(db, { kind: 'staff', id: session.staffId, label: session.login }, body.code, now());
    await setStaffSessionsVerified(db, session.staffId, session.tokenHash, true);
    return enabled;
  });
  registerCommand(app, authenticators, 'admin/mfa/disable', async ({ body, session }) => {
    await disableMfa(db, { kind: 'staff', id: session.staffId }, body.code, now());
    // Staff must have a second factor: without one, every open session is back to enrolling.
    await setStaffSessionsVerified(db, session.staffId, null, false);
    return null;
  });
  registerCommand(app, authenticators, 'admin/sessions', async ({ session }) => ({
    items: await listSessions(db, staffSessions, session.staffId, session.tokenHash, staffPolicy),
  }));
  registerCommand(app, authenticators, 'admin/endSession', async ({ body, session }) => {
    sessions.forgetToken(await endSessionById(db, staffSessions, session.staffId, body.id, now()));
    return null;
  });
}
