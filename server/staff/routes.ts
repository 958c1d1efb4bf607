import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { createStaff, listStaff, setStaffActive } from './staff.ts';
import { endStaffSession, staffLogin } from './staffSessions.ts';

export function registerStaffRoutes(app: FastifyInstance, db: Database, authenticators: Authenticators): void {
  registerCommand(app, authenticators, 'admin/login', ({ body, request }) => staffLogin(db, body, request.ip));
  registerCommand(app, authenticators, 'admin/logout', async ({ session }) => {
    await endStaffSession(db, session.tokenHash);
    return null;
  });
  registerCommand(app, authenticators, 'admin/me', async ({ session }) => ({
    staff_id: session.staffId.toString(),
    login: session.login,
    name: session.name,
    role: session.role,
  }));
  registerCommand(app, authenticators, 'admin/staff/list', ({ body }) => listStaff(db, body.page));
  registerCommand(app, authenticators, 'admin/staff/create', ({ body, session }) => createStaff(db, session.staffId, body));
  registerCommand(app, authenticators, 'admin/staff/setActive', ({ body, session }) => setStaffActive(db, session.staffId, body));
}
