import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { allotPlacementNow, placementsForStaff, savePlacement, withdrawPlacement } from './placementAdmin.ts';
import { applicationsOf, applyForPlacement, listPlacements, type PlacementContext, withdrawApplication } from './placements.ts';

// Placements and rights issues: the holder's commands (each passes the caller's own id, so no
// command reaches another user's application) and the back office's.
export function registerPlacementRoutes(app: FastifyInstance, authenticators: Authenticators, context: PlacementContext): void {
  registerCommand(app, authenticators, 'placement/list', ({ session }) => listPlacements(context, session.userId));
  registerCommand(app, authenticators, 'placement/apply', ({ body, session }) => applyForPlacement(context, session.userId, body));
  registerCommand(app, authenticators, 'placement/withdraw', ({ body, session }) => withdrawApplication(context, session.userId, body));
  registerCommand(app, authenticators, 'placement/applications', ({ body, session }) => applicationsOf(context, session.userId, body.page));
  registerCommand(app, authenticators, 'admin/placement/list', ({ body }) => placementsForStaff(context, body.page));
  registerCommand(app, authenticators, 'admin/placement/save', ({ body, session }) => savePlacement(context, session.staffId, body));
  registerCommand(app, authenticators, 'admin/placement/allot', ({ body, session }) => allotPlacementNow(context, session.staffId, body));
  registerCommand(app, authenticators, 'admin/placement/withdraw', ({ body, session }) => withdrawPlacement(context, session.staffId, body));
}
