import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { forgotPassword, type RecoveryContext, resetPassword } from './recovery.ts';

// Public commands (no session: the user cannot sign in). The per-IP and per-account request
// limits on them come from the HTTP layer's table; the domain bounds codes and tries itself.
export function registerRecoveryRoutes(app: FastifyInstance, authenticators: Authenticators, context: RecoveryContext): void {
  registerCommand(app, authenticators, 'user/forgotPassword', ({ body }) => forgotPassword(context, body.account));
  registerCommand(app, authenticators, 'user/resetPassword', ({ body }) => resetPassword(context, body));
}
