import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import type { PromotionContext } from './rebateJob.ts';
import { feeRebateStatus } from './service.ts';

// The fee-rebate promotion: read-only for everyone. Payments are made only by the daily settlement (rebateJob.ts); no command pays one.
export function registerPromotionRoutes(app: FastifyInstance, authenticators: Authenticators, context: PromotionContext): void {
  registerCommand(app, authenticators, 'promotion/feeRebate', ({ session }) => feeRebateStatus(context, session.userId));
}
