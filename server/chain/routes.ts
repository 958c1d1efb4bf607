import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { latestChainRoots } from './publishJob.ts';

export function registerChainRoutes(app: FastifyInstance, db: Database, authenticators: Authenticators): void {
  // Public: a copy of the roots kept anywhere else is what makes rewriting history detectable.
  registerCommand(app, authenticators, 'chain/roots', ({ body }) => latestChainRoots(db, body.days));
}
