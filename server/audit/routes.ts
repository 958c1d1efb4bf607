import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { auditLogForStaff, auditLogOfUser } from './audit.ts';

export function registerAuditRoutes(app: FastifyInstance, db: Database, authenticators: Authenticators): void {
  // A user reads only the entries whose target is their own account.
  registerCommand(app, authenticators, 'user/auditLog', ({ body, session }) => auditLogOfUser(db, session.userId, body.page));
  registerCommand(app, authenticators, 'admin/audit/list', ({ body }) =>
    auditLogForStaff(db, { page: body.page, userId: body.user_id === undefined ? undefined : BigInt(body.user_id), action: body.action }),
  );
}
