import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';

export function registerWatchlistRoutes(app: FastifyInstance, db: Database, authenticate: Authenticate): void {
  registerCommand(app, authenticate, 'user/Optionallist', async ({ session }) =>
    db.query<{ symbol: string }>('SELECT symbol FROM watchlist_items WHERE user_id = $1 ORDER BY added_at, symbol', [
      session.userId.toString(),
    ]),
  );
}
