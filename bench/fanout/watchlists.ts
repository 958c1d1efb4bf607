import { loadCatalog } from '../../server/market/instruments/catalog.ts';

// Realistic subscription sets: a few hundred distinct watchlists, drawn deterministically
// from the whole universe with a bias towards large caps and the indices (most users
// watch RELIANCE and NIFTY50, few watch a micro cap). Connections are assigned to them
// round-robin, so each watchlist is one "audience" that shares an encoded frame.

export interface Watchlists {
  lists: string[][];
  /** Distinct codes across all lists. */
  distinctCodes: number;
  /** Instruments in the universe the lists are drawn from. */
  universe: number;
}

/** `universe`: only these codes (a replayed recording's instruments); the whole catalog by default. */
export function buildWatchlists(count: number, size: number, seed = 20260101, universe?: ReadonlySet<string>): Watchlists {
  const catalog = loadCatalog();
  const cap = (code: string) => catalog.marketCapRupees.get(code) ?? 0;
  const instruments = universe ? catalog.instruments.filter((spec) => universe.has(spec.code)) : catalog.instruments;
  const ranked = [...instruments].sort((a, b) => {
    if ((a.kind === 'index') !== (b.kind === 'index')) return a.kind === 'index' ? -1 : 1;
    return cap(b.code) - cap(a.code);
  });
  if (size > ranked.length) throw new Error(`--symbols ${size} exceeds the ${ranked.length} instruments`);
  // Zipf-like weight 1/(rank + 10): the top 50 hold about a third of the draws, the tail still gets picked.
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 0; rank < ranked.length; rank++) cumulative.push((total += 1 / (rank + 10)));
  const random = mulberry32(seed);
  const draw = (): string => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return ranked[low]!.code;
  };

  const seen = new Set<string>();
  const lists: string[][] = [];
  for (let attempts = 0; lists.length < count; attempts++) {
    if (attempts > count * 100) throw new Error(`cannot draw ${count} distinct watchlists of ${size} codes`);
    const codes = new Set<string>();
    while (codes.size < size) codes.add(draw());
    const list = [...codes].sort();
    const key = list.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    lists.push(list);
  }
  return { lists, distinctCodes: new Set(lists.flat()).size, universe: ranked.length };
}

/** Small seeded PRNG: the same watchlists on every run and in every process. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
