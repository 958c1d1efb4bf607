import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { createConversionWriter } from './conversionWriter.ts';
import { convertQuote, type FxContext, fxHistory, fxPosition, fxRates, requestQuote } from './exchange.ts';

// Currency exchange commands. Each passes the caller's own id: a quote id of another user finds nothing.
export function registerFxRoutes(app: FastifyInstance, authenticators: Authenticators, context: FxContext): void {
  const conversions = createConversionWriter(context.db);
  registerCommand(app, authenticators, 'fx/rates', async ({ body }) => fxRates(context, body.to));
  registerCommand(app, authenticators, 'fx/history', async ({ body }) => fxHistory(context, body));
  registerCommand(app, authenticators, 'fx/quote', ({ body, session }) => requestQuote(context, session.userId, body));
  registerCommand(app, authenticators, 'fx/convert', ({ body, session }) => convertQuote(context, conversions, session.userId, body));
  registerCommand(app, authenticators, 'admin/fx/position', () => fxPosition(context));
}
