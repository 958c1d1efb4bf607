import type { FastifyInstance } from 'fastify';
import type { Candle, CandlePeriod, Adjustment } from '../../contract/market.ts';
import type { Database } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { refuseUnknownCode } from '../ipo/notYetListed.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';
import { listNews, newsDetail } from '../news/news.ts';
import { isOnWatchlist } from '../watchlist/watchlist.ts';
import type { Market } from './marketService.ts';
import { createRankings, indexRows, industryStatistics, marketBreadth, rankRefreshSeconds, searchInstruments, shortSales } from './marketViews.ts';
import type { InstrumentSpec } from './model.ts';
import { formatMinor, toQuoteRow } from './quoteRows.ts';
import { clearSearchHistory, recentlyViewed, recordView } from './searchHistory.ts';

export interface KlineSource {
  candles(code: string, period: CandlePeriod, adjust: Adjustment): Candle[];
  /** Last IST day of real daily data for `code`, or null when its history is simulated. */
  realUntil(code: string): string | null;
}

/** Shares per lot as the order writer enforces them (trading/orders.ts lotOf with the rules in force). */
export type LotOf = (spec: InstrumentSpec) => number;

export function registerMarketRoutes(
  app: FastifyInstance, db: Database, authenticate: Authenticate, market: Market, kline: KlineSource, lotOf: LotOf = (spec) => spec.lot,
): void {
  const rank = createRankings(market);
  const known = (code: string): InstrumentSpec => market.instrument(code) ?? refuse('unknown_instrument');
  // A page of a code the market does not trade may be an IPO still to list: it says so.
  const listed = async (code: string): Promise<InstrumentSpec> => market.instrument(code) ?? (await refuseUnknownCode(db, code));
  const rowOf = (spec: InstrumentSpec) => {
    const quote = market.quote(spec.code);
    if (!quote) throw new Error(`market: ${spec.code} has no quote`);
    return toQuoteRow(spec, quote);
  };

  registerCommand(app, authenticate, 'market/status', async () => ({
    source: market.source,
    phase: market.phase(),
    rankRefreshSeconds,
    instrumentCount: market.instruments.length,
  }));
  registerCommand(app, authenticate, 'market/instruments', async () =>
    // The lot every list shows is the one an order is checked against.
    market.instruments.map((spec) => ({
      code: spec.code, name: spec.name, isin: spec.isin, exchange: spec.exchange, currency: spec.currency, kind: spec.kind, industry: spec.industry,
      lot: lotOf(spec), tickSize: formatMinor(spec.tickMinor), tracks: spec.tracks ?? null,
    })),
  );
  registerCommand(app, authenticate, 'market/indices', async () => indexRows(market));
  registerCommand(app, authenticate, 'market/industries', async () => industryStatistics(market));
  registerCommand(app, authenticate, 'market/breadth', async () => marketBreadth(market));
  registerCommand(app, authenticate, 'market/shortSales', async () => shortSales(market));

  registerCommand(app, authenticate, 'stock/detail', async ({ body, session }) => {
    const spec = await listed(body.code);
    await recordView(db, session.userId, spec.code);
    return {
      instrument: { code: spec.code, name: spec.name, isin: spec.isin, exchange: spec.exchange, currency: spec.currency, kind: spec.kind, industry: spec.industry, lot: lotOf(spec), tickSize: formatMinor(spec.tickMinor), tracks: spec.tracks ?? null },
      quote: rowOf(spec),
      source: market.source,
      phase: market.phase(),
      onWatchlist: await isOnWatchlist(db, session.userId, spec.code),
      historyRealUntil: kline.realUntil(spec.code),
    };
  });
  registerCommand(app, authenticate, 'stock/quotes', async ({ body }) => body.codes.map((code) => rowOf(known(code))));
  registerCommand(app, authenticate, 'stock/kline', async ({ body }) => kline.candles((await listed(body.code)).code, body.period, body.adjust));
  registerCommand(app, authenticate, 'stock/rank', async ({ body }) => rank(body.type, body.limit));
  registerCommand(app, authenticate, 'stock/search', async ({ body }) => searchInstruments(market, body.keyword));
  registerCommand(app, authenticate, 'stock/searchHistory', async ({ session }) =>
    (await recentlyViewed(db, session.userId)).flatMap((code) => {
      const spec = market.instrument(code);
      return spec ? [{ code: spec.code, name: spec.name, kind: spec.kind, currency: spec.currency }] : [];
    }),
  );
  registerCommand(app, authenticate, 'stock/clearSearchHistory', async ({ session }) => {
    await clearSearchHistory(db, session.userId);
    return null;
  });
  registerCommand(app, authenticate, 'news/list', async ({ body }) => listNews(db, body.page, body.lang));
  registerCommand(app, authenticate, 'news/detail', async ({ body }) => newsDetail(db, body.id, body.lang));
}
