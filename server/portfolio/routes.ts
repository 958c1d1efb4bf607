import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';
import type { Valuation } from './prices.ts';
import { holdingsOf, pnlCalendar, portfolioHistory, portfolioSummary } from './service.ts';

// The portfolio valued at market (contract/portfolio.ts): each command reads the caller's own
// positions and history only, keyed by the session's user id.
export function registerPortfolioRoutes(app: FastifyInstance, db: Database, authenticate: Authenticate, valuation: Valuation): void {
  registerCommand(app, authenticate, 'user/holdings', ({ body, session }) => holdingsOf(db, session.userId, valuation, body));
  registerCommand(app, authenticate, 'user/portfolioHistory', ({ body, session }) => portfolioHistory(db, session.userId, valuation, body.range));
  registerCommand(app, authenticate, 'user/pnlCalendar', ({ body, session }) => pnlCalendar(db, session.userId, valuation, body.month));
  registerCommand(app, authenticate, 'user/portfolioSummary', ({ session }) => portfolioSummary(db, session.userId, valuation));
}
