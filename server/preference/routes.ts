import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { createPreferenceService, type PreferenceContext } from './service.ts';

// The investment-preference profile: the caller's own radar, or when it becomes available.
export function registerPreferenceRoutes(app: FastifyInstance, authenticators: Authenticators, context: PreferenceContext): void {
  const preferenceOf = createPreferenceService(context);
  registerCommand(app, authenticators, 'profile/preference', ({ session }) => preferenceOf(session.userId));
}
