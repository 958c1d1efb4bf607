import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Valuation } from '../portfolio/prices.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';
import { login, register, userInfo } from './accounts.ts';
import type { SessionCache } from './sessionCache.ts';
import { endSession } from './sessions.ts';

/** `beforeInfo` runs before user/info reads the user: the VIP level is recomputed there, so the `vip` it reports is current. */
export function registerAccountRoutes(
  app: FastifyInstance, db: Database, authenticate: Authenticate, sessions: Pick<SessionCache, 'forgetToken'>, valuation: Valuation,
  beforeInfo: (userId: bigint) => Promise<unknown> = async () => undefined,
): void {
  registerCommand(app, authenticate, 'user/register', ({ body }) => register(db, body));
  registerCommand(app, authenticate, 'user/login', ({ body, request }) => login(db, body, request.ip));
  registerCommand(app, authenticate, 'user/logout', async ({ session }) => {
    await endSession(db, session.tokenHash);
    sessions.forgetToken(session.tokenHash);
    return null;
  });
  registerCommand(app, authenticate, 'user/info', async ({ session }) => {
    await beforeInfo(session.userId);
    return userInfo(db, session, valuation);
  });
}
