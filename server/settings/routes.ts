import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import type { Settings } from './settings.ts';

export function registerSettingsRoutes(app: FastifyInstance, db: Database, authenticators: Authenticators, settings: Settings): void {
  registerCommand(app, authenticators, 'admin/settings/list', async () => settings.list());
  registerCommand(app, authenticators, 'admin/settings/update', ({ body, session }) => settings.update(db, session.staffId, body));
}
