import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { closeAllocation, grantLevel, saveAllocation, allocationsForStaff } from './admin.ts';
import { allocationsFor, buyAllocation, purchasesOf, type VipContext } from './allocations.ts';
import { levelsForWire, refreshLevel } from './levelService.ts';

// VIP levels and allocations. Each user handler passes the caller's own id; staff roles are in contract/vip.ts.
export function registerVipRoutes(app: FastifyInstance, authenticators: Authenticators, context: VipContext): void {
  registerCommand(app, authenticators, 'vip/levels', async ({ session }) => levelsForWire(context, await refreshLevel(context, session.userId)));
  registerCommand(app, authenticators, 'vip/allocations', ({ session }) => allocationsFor(context, session.userId));
  registerCommand(app, authenticators, 'vip/buy', ({ body, session }) => buyAllocation(context, session.userId, body));
  registerCommand(app, authenticators, 'vip/purchases', ({ body, session }) => purchasesOf(context, session.userId, body.page));

  registerCommand(app, authenticators, 'admin/vip/allocations', ({ body }) => allocationsForStaff(context, body.page));
  registerCommand(app, authenticators, 'admin/vip/allocationSave', ({ body, session }) => saveAllocation(context, session.staffId, body));
  registerCommand(app, authenticators, 'admin/vip/allocationClose', ({ body, session }) => closeAllocation(context, session.staffId, body));
  registerCommand(app, authenticators, 'admin/vip/grant', ({ body, session }) => grantLevel(context, session.staffId, body));
}
