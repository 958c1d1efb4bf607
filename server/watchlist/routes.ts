import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';
import { addToWatchlist, removeFromWatchlist, watchlistOf } from './watchlist.ts';

export function registerWatchlistRoutes(app: FastifyInstance, db: Database, authenticate: Authenticate, isKnownCode: (code: string) => boolean): void {
  registerCommand(app, authenticate, 'user/Optionallist', async ({ session }) => watchlistOf(db, session.userId));
  registerCommand(app, authenticate, 'user/addOptional', async ({ body, session }) => {
    if (!isKnownCode(body.code)) refuse('unknown_instrument');
    return addToWatchlist(db, session.userId, body.code);
  });
  // Removing is allowed for any code, so a delisted instrument can still leave the list.
  registerCommand(app, authenticate, 'user/delOptional', async ({ body, session }) => removeFromWatchlist(db, session.userId, body.code));
}
