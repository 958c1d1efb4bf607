// The SEBI retail allotment rule, as a pure function of the terms, the lots each application
// asked for and the draw order. No I/O and no randomness here: the draw (draw.ts) decides the
// order, this decides the lots, so each can be tested and re-run on its own.
//
// The rule (SEBI ICDR Regulations, minimum application size for retail individual investors):
// - If the retail portion is not oversubscribed (every lot asked for fits in the retail
//   shares), every application gets what it applied for.
// - Otherwise the number of winners is min(applicants, retail shares ÷ lot, rounded down);
//   the first `winners` applications in the draw order get one lot each; the whole lots left
//   after every winner has one go, in the same draw order, one lot at a time to winners who
//   applied for more, round after round, until none is left.
// So nobody gets more than they applied for, every winner has a lot before anyone has a
// second, and an oversubscribed issue allots exactly its retail lots.

import { lotsPerApplicationMax } from './applicationList.ts';

export interface AllotmentTerms {
  /** Shares in one lot (≥ 1). */
  lotSize: number;
  /** Shares reserved for retail applicants (≥ 0). */
  retailShares: number;
}

export interface Allotment {
  /** Whole lots the retail reservation holds: ⌊retailShares ÷ lotSize⌋. */
  retailLots: number;
  /** Lots asked for by all applications together. */
  lotsApplied: number;
  oversubscribed: boolean;
  /** Applications that get at least one lot: the first `winners` of the draw order. */
  winners: number;
  /**
   * Lots allotted, by position in the application list: computed from the ranks (and the draw
   * order given, which must not change afterwards) when first read.
   * The draw itself reads only the ranked arrays; filling this costs a scattered write per winner,
   * seconds for ten million winners on a machine whose memory is far away.
   */
  readonly allotted: Uint32Array;
  /** Lots applied for and allotted by rank (index 0 is rank 1), for the first `winners` of the draw order: result.csv reads these in order. */
  rankedLots: Uint32Array;
  rankedAllotted: Uint32Array;
  lotsAllotted: number;
}

function checkTerms({ lotSize, retailShares }: AllotmentTerms): void {
  if (!Number.isSafeInteger(lotSize) || lotSize < 1) throw new RangeError(`allotment: lot size ${lotSize} is not a whole number ≥ 1`);
  if (!Number.isSafeInteger(retailShares) || retailShares < 0) throw new RangeError(`allotment: retail shares ${retailShares} is not a whole number ≥ 0`);
}

/** ⌊retailShares ÷ lotSize⌋: the whole lots the retail reservation holds. */
export function retailLotsOf(terms: AllotmentTerms): number {
  checkTerms(terms);
  return Math.floor(terms.retailShares / terms.lotSize);
}

/**
 * How many positions of the draw order the allotment reads: min(applicants, retail lots).
 * When the issue is not oversubscribed this is every applicant (Σ lots ≤ retail lots implies
 * applicants ≤ retail lots), so every application gets a rank either way.
 */
export function winnersOf(terms: AllotmentTerms, applicants: number): number {
  return Math.min(applicants, retailLotsOf(terms));
}

/**
 * Allots lots. `lots[i]` is what application i applied for; `drawOrder` lists application
 * positions, best rank first, and must hold at least `winnersOf(terms, lots.length)` distinct
 * positions (later entries are not read).
 */
export function allotLots(terms: AllotmentTerms, lots: Uint32Array, drawOrder: ArrayLike<number>): Allotment {
  const count = lots.length;
  const winners = Math.min(count, retailLotsOf(terms));
  if (drawOrder.length < winners) throw new RangeError(`allotment: the draw order ranks ${drawOrder.length} applications, ${winners} are needed`);
  const seen = new Uint8Array(count);
  for (let rank = 0; rank < winners; rank++) {
    const position = drawOrder[rank]!;
    if (!Number.isInteger(position) || position < 0 || position >= count || seen[position]) throw new RangeError(`allotment: draw order rank ${rank + 1} is not a distinct application`);
    seen[position] = 1;
  }
  // The winners' lots in rank order, read once: the allotment then walks memory in order.
  const rankedLots = new Uint32Array(winners);
  for (let rank = 0; rank < winners; rank++) rankedLots[rank] = lots[drawOrder[rank]!]!;
  return allotRanked(terms, lots, drawOrder, rankedLots);
}

/**
 * The allotment when the caller already holds the winners' lots in rank order
 * (`rankedLots[r] = lots[drawOrder[r]]` for the first `winnersOf(terms, lots.length)` ranks) and
 * the draw order is a shuffle's distinct positions: the draw (draw.ts) gathers them with the
 * winners' pseudonyms, which spares a scattered read per winner and the distinctness check.
 */
export function allotRanked(terms: AllotmentTerms, lots: Uint32Array, drawOrder: ArrayLike<number>, rankedLots: Uint32Array): Allotment {
  const retailLots = retailLotsOf(terms);
  const count = lots.length;
  const winners = Math.min(count, retailLots);
  if (rankedLots.length !== winners) throw new RangeError(`allotment: ${rankedLots.length} ranked lots for ${winners} winners`);
  let lotsApplied = 0;
  for (let position = 0; position < count; position++) {
    if (lots[position]! < 1 || lots[position]! > lotsPerApplicationMax) throw new RangeError(`allotment: application ${position} applies for ${lots[position]} lots, not 1 … ${lotsPerApplicationMax}`);
    lotsApplied += lots[position]!;
  }
  const oversubscribed = lotsApplied > retailLots;
  if (!oversubscribed) return withAllotted({ retailLots, lotsApplied, oversubscribed, winners, rankedLots, rankedAllotted: rankedLots.slice(), lotsAllotted: lotsApplied }, () => lots.slice());

  // One lot to each winner, then the rest round-robin over the winners who want more. Rather
  // than walking the rounds one by one (as many rounds as the largest application), count how
  // many winners want more than r extra lots for each r, find the number of complete rounds
  // `rounds` that the remaining lots pay for, and hand the last, partial round out in draw order.
  let remaining = retailLots - winners;
  let extraMax = 0;
  for (let rank = 0; rank < winners; rank++) extraMax = Math.max(extraMax, rankedLots[rank]! - 1);
  const wantingExactly = new Uint32Array(extraMax + 1);
  for (let rank = 0; rank < winners; rank++) wantingExactly[rankedLots[rank]! - 1]! += 1;
  let rounds = 0;
  let wantingMore = winners - wantingExactly[0]!;
  while (wantingMore > 0 && remaining >= wantingMore) {
    remaining -= wantingMore;
    rounds += 1;
    wantingMore -= wantingExactly[rounds]!;
  }
  const rankedAllotted = new Uint32Array(winners);
  for (let rank = 0; rank < winners; rank++) {
    const extra = rankedLots[rank]! - 1;
    let lotsWon = 1 + Math.min(extra, rounds);
    if (extra > rounds && remaining > 0) {
      lotsWon += 1;
      remaining -= 1;
    }
    rankedAllotted[rank] = lotsWon;
  }
  return withAllotted({ retailLots, lotsApplied, oversubscribed, winners, rankedLots, rankedAllotted, lotsAllotted: retailLots }, () => {
    const allotted = new Uint32Array(count);
    for (let rank = 0; rank < winners; rank++) allotted[drawOrder[rank]!] = rankedAllotted[rank]!;
    return allotted;
  });
}

function withAllotted(ranked: Omit<Allotment, 'allotted'>, byPosition: () => Uint32Array): Allotment {
  let allotted: Uint32Array | undefined;
  return {
    ...ranked,
    get allotted() {
      allotted ??= byPosition();
      return allotted;
    },
  };
}

export interface ApplicationAllotment {
  pseudonym: string;
  lotsApplied: number;
  lotsAllotted: number;
}

/**
 * The same rule over plain objects, for callers holding a handful of applications: the draw
 * order is a list of indexes into `applications`.
 */
export function allot(input: AllotmentTerms & { applications: readonly { pseudonym: string; lots: number }[]; drawOrder: readonly number[] }): {
  applications: ApplicationAllotment[];
  totals: Omit<Allotment, 'allotted' | 'rankedLots' | 'rankedAllotted'>;
} {
  const lots = Uint32Array.from(input.applications, (application) => {
    if (!Number.isInteger(application.lots) || application.lots < 1 || application.lots > lotsPerApplicationMax) throw new RangeError(`allotment: ${application.lots} is not a whole number of lots 1 … ${lotsPerApplicationMax}`);
    return application.lots;
  });
  const { allotted, rankedLots: _rankedLots, rankedAllotted: _rankedAllotted, ...totals } = allotLots(input, lots, input.drawOrder);
  return {
    applications: input.applications.map((application, index) => ({ pseudonym: application.pseudonym, lotsApplied: application.lots, lotsAllotted: allotted[index]! })),
    totals,
  };
}
