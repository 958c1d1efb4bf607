import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Valuation } from '../portfolio/prices.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';
import { clearSessionCookie, setSessionCookies } from '../http/sessionCookies.ts';
import { login, register, userInfo } from './accounts.ts';
import type { SessionCache } from './sessionCache.ts';
import { originOf } from './sessionList.ts';
import { endSession, type SessionPolicy } from './sessions.ts';

/** `beforeInfo` runs before user/info reads the user: the VIP level is recomputed there, so the `vip` it reports is current. */
export function registerAccountRoutes(
  app: FastifyInstance, db: Database, authenticate: Authenticate, sessions: Pick<SessionCache, 'forgetToken'>, policy: SessionPolicy, valuation: Valuation,
  beforeInfo: (userId: bigint) => Promise<unknown> = async () => undefined,
): void {
  registerCommand(app, authenticate, 'user/register', ({ body }) => register(db, body));
  // The token is in the answer for API clients; the browser keeps only the HttpOnly cookie.
  registerCommand(app, authenticate, 'user/login', async ({ body, request, reply }) => {
    const outcome = await login(db, body, originOf(request), policy);
    if ('token' in outcome) setSessionCookies(request, reply, 'user', outcome, policy.absoluteHours() * 3600);
    return outcome;
  });
  registerCommand(app, authenticate, 'user/logout', async ({ session, request, reply }) => {
    await endSession(db, session.tokenHash);
    sessions.forgetToken(session.tokenHash);
    clearSessionCookie(request, reply, 'user');
    return null;
  });
  registerCommand(app, authenticate, 'user/info', async ({ session }) => {
    await beforeInfo(session.userId);
    return userInfo(db, session, valuation);
  });
}
