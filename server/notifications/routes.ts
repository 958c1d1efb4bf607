import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { markRead, messagesOf } from './notifications.ts';

export function registerNotificationRoutes(app: FastifyInstance, db: Database, authenticators: Authenticators): void {
  registerCommand(app, authenticators, 'user/messages', ({ body, session }) => messagesOf(db, session.userId, body.page));
  registerCommand(app, authenticators, 'user/messageRead', ({ body, session }) => markRead(db, session.userId, body));
}
