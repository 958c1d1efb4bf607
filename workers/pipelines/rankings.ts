import { filter, map, type OperatorFunction, scan, type SchedulerLike, throttleTime } from 'rxjs';
import type { StreamQuote } from '../../contract/market.ts';
import { type RankingKind, rankingKinds } from '../quoteStreamProtocol.ts';
import type { QuoteBook } from './latestQuotes.ts';
import { changeBasisPoints, compareCodes, type InstrumentIndex, isListedStock } from './quoteMath.ts';

// Top-N rankings over the "*" board, recomputed at most every `intervalMs` and passed on
// only for the kinds whose order changed.

export type Rankings = Record<RankingKind, string[]>;
export type RankingChanges = Partial<Rankings>;
export type RankingInputs = { book: QuoteBook; instruments: InstrumentIndex };

export const rankingIntervalMs = 250;
/** Codes kept per ranking; the main thread slices shorter lists from these. */
export const rankingSize = 200;

type Ranked = { code: string; basisPoints: number; volume: number; turnover: number };

const rankOrder: Record<RankingKind, (a: Ranked, b: Ranked) => number> = {
  gainers: (a, b) => b.basisPoints - a.basisPoints,
  losers: (a, b) => a.basisPoints - b.basisPoints,
  active: (a, b) => b.volume - a.volume,
  turnover: (a, b) => b.turnover - a.turnover,
};

export function computeRankings(book: QuoteBook, instruments: InstrumentIndex, size: number = rankingSize): Rankings {
  const rows: Ranked[] = [];
  for (const quote of book.values()) {
    if (isListedStock(quote[0], instruments)) rows.push(toRanked(quote));
  }
  const rank = (kind: RankingKind) =>
    [...rows]
      // Ties break by code so equal values do not reshuffle between recomputations.
      .sort((a, b) => rankOrder[kind](a, b) || compareCodes(a.code, b.code))
      .slice(0, size)
      .map((row) => row.code);
  return { gainers: rank('gainers'), losers: rank('losers'), active: rank('active'), turnover: rank('turnover') };
}

function toRanked(quote: StreamQuote): Ranked {
  return { code: quote[0], basisPoints: changeBasisPoints(quote), volume: quote[6], turnover: quote[7] };
}

export function changedRankings(previous: Rankings | null, next: Rankings): RankingChanges {
  const changes: RankingChanges = {};
  for (const kind of rankingKinds) {
    if (previous === null || !sameOrder(previous[kind], next[kind])) changes[kind] = next[kind];
  }
  return changes;
}

function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code, i) => code === b[i]);
}

/**
 * Each input is a signal that the book (or the instrument list) changed; the book itself
 * is read when the throttle lets a recomputation through, so it is always the latest.
 */
export function liveRankings(options: { intervalMs?: number; size?: number; scheduler: SchedulerLike }): OperatorFunction<RankingInputs, RankingChanges> {
  const { intervalMs = rankingIntervalMs, size = rankingSize, scheduler } = options;
  return (inputs) =>
    inputs.pipe(
      throttleTime(intervalMs, scheduler, { leading: true, trailing: true }),
      map(({ book, instruments }) => computeRankings(book, instruments, size)),
      scan(
        (state: { posted: Rankings | null; changes: RankingChanges }, next: Rankings) => ({ posted: next, changes: changedRankings(state.posted, next) }),
        { posted: null, changes: {} },
      ),
      map((state) => state.changes),
      filter((changes) => Object.keys(changes).length > 0),
    );
}
