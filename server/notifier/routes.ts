import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { listOutbox } from './outbox.ts';

export function registerNotifierRoutes(app: FastifyInstance, db: Database, authenticators: Authenticators): void {
  registerCommand(app, authenticators, 'admin/outbox/list', ({ body }) => listOutbox(db, body));
}
