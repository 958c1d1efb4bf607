import { averageBasisPoints, basisPointsOf, industryGroupOf, type QuoteRow, type RankType } from '../../contract/market.ts';
import type { Market } from './marketService.ts';
import type { InstrumentSpec, QuoteState } from './model.ts';
import { formatMinor, quoteChangeBasisPoints as changeBasisPoints, toQuoteRow } from './quoteRows.ts';
import { priceBand } from './priceBand.ts';

// Rankings, industry statistics, breadth and short sales, computed from the latest
// quotes. Rankings are a snapshot taken at most every `rankRefreshSeconds`; the app's
// live lists come from the stream.

export const rankRefreshSeconds = 10;

interface Listed {
  spec: InstrumentSpec;
  quote: QuoteState;
}

function listedStocks(market: Market): Listed[] {
  const rows: Listed[] = [];
  for (const quote of market.quotes()) {
    const spec = market.instrument(quote.code);
    if (spec && spec.kind !== 'index') rows.push({ spec, quote });
  }
  return rows;
}

const rankOrder: Record<RankType, (a: Listed, b: Listed) => number> = {
  gainers: (a, b) => changeBasisPoints(b.quote) - changeBasisPoints(a.quote),
  losers: (a, b) => changeBasisPoints(a.quote) - changeBasisPoints(b.quote),
  active: (a, b) => b.quote.volume - a.quote.volume,
  turnover: (a, b) => b.quote.turnover - a.quote.turnover,
};

export function createRankings(market: Market, now: () => number = Date.now) {
  const cache = new Map<RankType, { at: number; rows: Listed[] }>();
  return (type: RankType, limit: number): QuoteRow[] => {
    let entry = cache.get(type);
    if (!entry || now() - entry.at >= rankRefreshSeconds * 1000) {
      // Stable tie-break by code so equal values do not reshuffle between snapshots.
      const rows = listedStocks(market).sort((a, b) => rankOrder[type](a, b) || a.spec.code.localeCompare(b.spec.code));
      entry = { at: now(), rows: rows.map(({ spec, quote }) => ({ spec, quote: { ...quote } })) };
      cache.set(type, entry);
    }
    return entry.rows.slice(0, limit).map(({ spec, quote }) => toQuoteRow(spec, quote));
  };
}

/** Sectors of the Indian market: foreign listings stay out, so turnover never mixes currencies; equities without an industry count under "Other". */
export function industryStatistics(market: Market) {
  const groups = new Map<string, Listed[]>();
  for (const row of listedStocks(market)) {
    const industry = industryGroupOf(row.spec);
    if (!industry || row.spec.currency !== 'INR') continue;
    const group = groups.get(industry) ?? [];
    group.push(row);
    groups.set(industry, group);
  }
  return [...groups.entries()]
    .map(([industry, members]) => {
      const changes = members.map((m) => changeBasisPoints(m.quote));
      const leader = members.reduce((best, m) => (changeBasisPoints(m.quote) > changeBasisPoints(best.quote) ? m : best));
      return {
        industry,
        changeRateBps: averageBasisPoints(changes.reduce((a, b) => a + b, 0), members.length),
        advancers: changes.filter((c) => c > 0).length,
        decliners: changes.filter((c) => c < 0).length,
        unchanged: changes.filter((c) => c === 0).length,
        turnover: formatMinor(members.reduce((sum, m) => sum + m.quote.turnover, 0)),
        leader: { code: leader.spec.code, name: leader.spec.name, changeRateBps: changeBasisPoints(leader.quote) },
      };
    })
    .sort((a, b) => a.industry.localeCompare(b.industry));
}

export function marketBreadth(market: Market) {
  let advancers = 0;
  let decliners = 0;
  let unchanged = 0;
  let atUpperBand = 0;
  let atLowerBand = 0;
  const stocks = listedStocks(market).filter((row) => row.spec.currency === 'INR');
  for (const { spec, quote } of stocks) {
    if (quote.last > quote.prevClose) advancers += 1;
    else if (quote.last < quote.prevClose) decliners += 1;
    else unchanged += 1;
    const band = priceBand(spec, quote.prevClose);
    if (band && quote.last >= band.upper) atUpperBand += 1;
    if (band && quote.last <= band.lower) atLowerBand += 1;
  }
  return { advancers, decliners, unchanged, atUpperBand, atLowerBand, total: stocks.length };
}

export function shortSales(market: Market, limit = 100) {
  return listedStocks(market)
    .filter((row) => row.quote.shortVolume > 0)
    .sort((a, b) => b.quote.shortVolume - a.quote.shortVolume)
    .slice(0, limit)
    .map(({ spec, quote }) => ({
      code: spec.code,
      name: spec.name,
      shortVolume: quote.shortVolume,
      volume: quote.volume,
      shortRatioBps: basisPointsOf(quote.shortVolume, quote.volume),
    }));
}

export function indexRows(market: Market): QuoteRow[] {
  const rows: QuoteRow[] = [];
  for (const spec of market.instruments) {
    const quote = spec.kind === 'index' ? market.quote(spec.code) : undefined;
    if (quote) rows.push(toQuoteRow(spec, quote));
  }
  return rows;
}

/** Code prefix matches first, then name matches; at most `limit`. */
export function searchInstruments(market: Market, keyword: string, limit = 30) {
  const needle = keyword.trim().toUpperCase();
  if (needle.length === 0) return [];
  const byCode: InstrumentSpec[] = [];
  const byName: InstrumentSpec[] = [];
  for (const spec of market.instruments) {
    if (spec.code.startsWith(needle)) byCode.push(spec);
    else if (spec.name.toUpperCase().includes(needle)) byName.push(spec);
  }
  byCode.sort((a, b) => a.code.length - b.code.length || a.code.localeCompare(b.code));
  return [...byCode, ...byName].slice(0, limit).map(({ code, name, kind, currency }) => ({ code, name, kind, currency }));
}
