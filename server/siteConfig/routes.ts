import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';

export function registerSiteConfigRoutes(
  app: FastifyInstance,
  db: Database,
  authenticate: Authenticate,
  runtime: { demoMode: boolean },
): void {
  registerCommand(app, authenticate, 'common/config', async () => {
    const rows = await db.query<{ name: string; value: string }>('SELECT name, value FROM site_config ORDER BY name');
    return [...rows, { name: 'demo_mode', value: runtime.demoMode ? '1' : '0' }];
  });
}
