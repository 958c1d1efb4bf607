// The pseudonymised application list of one IPO, in the canonical order the draw starts from:
// ascending by pseudonym (the 32 bytes of a SHA-256, compared as unsigned bytes, which is the
// same order as their lowercase hex). Held in typed arrays, not objects, because a popular
// issue has millions of applications and the draw must stay within a few seconds and a few
// hundred megabytes: 32 bytes + 4 bytes per application.

/** Bytes in one pseudonym (a SHA-256 digest). */
export const pseudonymBytes = 32;
/** A limit on everything: lots one application may ask for (far above any retail cap). */
export const lotsPerApplicationMax = 1_000_000;
/** A limit on everything: applications in one draw (five times the benchmark's ten million). */
export const applicationsMax = 50_000_000;

export interface ApplicationList {
  readonly count: number;
  /** `count` pseudonyms of 32 bytes each, strictly ascending (no two alike). */
  readonly pseudonyms: Uint8Array;
  /** Lots applied for, by position in the list; each 1 … lotsPerApplicationMax. */
  readonly lots: Uint32Array;
}

export class ApplicationListError extends Error {
  override readonly name = 'ApplicationListError';
}

const hexPattern = /^[0-9a-f]{64}$/;
/** The first pass buckets records by their first 10 bits; each bucket then sorts by the next 22, in two radix passes of 11. */
const bucketBits = 10;
const bucketCount = 1 << bucketBits;
const digitBits = 11;
const digitCount = 1 << digitBits;
const digitMask = digitCount - 1;
/** A record's bucket: its first 10 bits. */
const bucketAt = (bytes: Uint8Array, at: number): number => (bytes[at]! << 2) | (bytes[at + 1]! >> 6);
const wordsPerPseudonym = pseudonymBytes / 4;

/**
 * target[i] = source pseudonym order[i], for every i < order.length. Copied as eight 32-bit
 * words when both arrays are 4-byte aligned (always, for arrays this module allocates): a byte
 * loop or a subarray per application costs several times more on ten million.
 */
export function gatherPseudonyms(source: Uint8Array, order: ArrayLike<number>, target: Uint8Array): void {
  if (source.byteOffset % 4 === 0 && target.byteOffset % 4 === 0) {
    const from = new Uint32Array(source.buffer, source.byteOffset, source.byteLength / 4);
    const to = new Uint32Array(target.buffer, target.byteOffset, order.length * wordsPerPseudonym);
    for (let index = 0; index < order.length; index++) {
      const start = order[index]! * wordsPerPseudonym;
      const at = index * wordsPerPseudonym;
      for (let word = 0; word < wordsPerPseudonym; word++) to[at + word] = from[start + word]!;
    }
    return;
  }
  for (let index = 0; index < order.length; index++) {
    const start = order[index]! * pseudonymBytes;
    const at = index * pseudonymBytes;
    for (let byte = 0; byte < pseudonymBytes; byte++) target[at + byte] = source[start + byte]!;
  }
}

/** Positions per bucket in gatherRanked: 8,192 pseudonyms are 256 KB, which stay in the core's cache. */
const gatherBucketBits = 13;

/**
 * The pseudonyms and lots of the applications at `ranked` positions, in rank order: what
 * result.csv prints. Reading each winner's record from its place in a 320 MB list, in rank order,
 * costs a cache and TLB miss per winner (about half a microsecond on this class of machine: five
 * seconds for ten million winners). So the (position, rank) pairs are first put in order of
 * position, in buckets of 8,192 positions (one streaming pass), and the records are then read
 * bucket by bucket, from within 256 KB of the list, and written to their rank; scattered writes
 * do not stall the way scattered reads do. The three-pass version (staging the writes by rank
 * too) measured no faster and takes 400 MB more.
 */
export function gatherRanked(list: ApplicationList, ranked: Uint32Array): { pseudonyms: Uint8Array; lots: Uint32Array } {
  if (list.pseudonyms.byteOffset % 4 !== 0) throw new ApplicationListError('the list\'s pseudonyms are not 4-byte aligned');
  const count = ranked.length;
  const pseudonyms = new Uint8Array(count * pseudonymBytes);
  const lots = new Uint32Array(count);
  const source = new Uint32Array(list.pseudonyms.buffer, list.pseudonyms.byteOffset, list.count * wordsPerPseudonym);
  const target = new Uint32Array(pseudonyms.buffer);
  const buckets = (list.count >>> gatherBucketBits) + 1;
  const bucketStarts = new Uint32Array(buckets + 1);
  for (let rank = 0; rank < count; rank++) {
    const position = ranked[rank]!;
    if (position >= list.count) throw new RangeError(`gather: rank ${rank + 1} names position ${position} of ${list.count}`);
    bucketStarts[(position >>> gatherBucketBits) + 1]! += 1;
  }
  for (let bucket = 0; bucket < buckets; bucket++) bucketStarts[bucket + 1]! += bucketStarts[bucket]!;
  const next = bucketStarts.slice(0, buckets);
  const pairs = new Uint32Array(2 * count);
  for (let rank = 0; rank < count; rank++) {
    const position = ranked[rank]!;
    const at = 2 * next[position >>> gatherBucketBits]!++;
    pairs[at] = position;
    pairs[at + 1] = rank;
  }
  for (let pair = 0; pair < 2 * count; pair += 2) {
    const position = pairs[pair]!;
    const rank = pairs[pair + 1]!;
    const from = position * wordsPerPseudonym;
    const to = rank * wordsPerPseudonym;
    for (let word = 0; word < wordsPerPseudonym; word++) target[to + word] = source[from + word]!;
    lots[rank] = list.lots[position]!;
  }
  return { pseudonyms, lots };
}

/** One application's pseudonym at `position`, as lowercase hex. */
export function pseudonymAt(list: ApplicationList, position: number): string {
  const start = position * pseudonymBytes;
  return Buffer.from(list.pseudonyms.buffer, list.pseudonyms.byteOffset + start, pseudonymBytes).toString('hex');
}

/** Builds the canonical list from objects (tests, small issues, the service reading rows). */
export function applicationListOf(applications: readonly { pseudonym: string; lots: number }[]): ApplicationList {
  const pseudonyms = new Uint8Array(applications.length * pseudonymBytes);
  const lots = new Uint32Array(applications.length);
  applications.forEach((application, index) => {
    if (!hexPattern.test(application.pseudonym)) throw new ApplicationListError(`pseudonym ${index + 1} is not 64 lowercase hex digits`);
    pseudonyms.set(Buffer.from(application.pseudonym, 'hex'), index * pseudonymBytes);
    lots[index] = checkedLots(application.lots, index);
  });
  return sortApplications(pseudonyms, lots);
}

function checkedLots(lots: number, index: number): number {
  if (!Number.isInteger(lots) || lots < 1 || lots > lotsPerApplicationMax) {
    throw new ApplicationListError(`application ${index + 1} applies for ${lots} lots; lots are whole numbers 1 … ${lotsPerApplicationMax}`);
  }
  return lots;
}

/**
 * Sorts applications given in any order (as the database stores them) into the canonical list.
 *
 * Ten million pseudonyms are 320 MB; fetching each from a random place costs a cache miss, and
 * on this class of machine ten million misses take seconds. So the records move in two passes
 * that each read or write memory in order:
 * 1. a bucket pass on the first 10 bits: every record (32 bytes and its lots) is copied, in
 *    reading order, to the end of its bucket (1,024 write streams; 256 leave pass 2 buckets too
 *    big for the cache, 4,096 make the scatter miss the TLB: both measured slower);
 * 2. each bucket (about 10,000 records, 300 KB, in cache) is sorted by the next 22 bits with a
 *    two-pass radix sort of (key, index), ties on the first four bytes (a few thousand pairs
 *    among ten million) by all 32 bytes, and copied out in order.
 * Two equal pseudonyms are refused: the list must identify each application once.
 *
 * With `reuseInput` the sorted list is written over the given arrays (the draw owns the
 * applications it loaded): memory the process has not touched yet costs a page fault every
 * 4 KB, about 0.3 s for 320 MB on this class of machine.
 */
export function sortApplications(pseudonyms: Uint8Array, lots: Uint32Array, options: { reuseInput?: boolean } = {}): ApplicationList {
  const count = lots.length;
  if (pseudonyms.length !== count * pseudonymBytes) throw new ApplicationListError('pseudonyms and lots differ in count');
  if (count > applicationsMax) throw new ApplicationListError(`more than ${applicationsMax} applications`);
  for (let index = 0; index < count; index++) checkedLots(lots[index]!, index);
  const bytes = pseudonyms.byteOffset % 4 === 0 ? pseudonyms : pseudonyms.slice();
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, count * wordsPerPseudonym);

  // Pass 1: into buckets by the first 10 bits, keeping reading order inside each bucket.
  const bucketStarts = new Uint32Array(bucketCount + 1);
  for (let index = 0; index < count; index++) bucketStarts[bucketAt(bytes, index * pseudonymBytes) + 1]! += 1;
  let bucketSizeMax = 0;
  for (let bucket = 0; bucket < bucketCount; bucket++) {
    bucketSizeMax = Math.max(bucketSizeMax, bucketStarts[bucket + 1]!);
    bucketStarts[bucket + 1]! += bucketStarts[bucket]!;
  }
  const next = bucketStarts.slice(0, bucketCount);
  const bucketed = new Uint32Array(count * wordsPerPseudonym);
  const bucketedLots = new Uint32Array(count);
  for (let index = 0; index < count; index++) {
    const target = next[bucketAt(bytes, index * pseudonymBytes)]!++;
    bucketedLots[target] = lots[index]!;
    const from = index * wordsPerPseudonym;
    const to = target * wordsPerPseudonym;
    for (let word = 0; word < wordsPerPseudonym; word++) bucketed[to + word] = words[from + word]!;
  }

  // Pass 2: each bucket sorted near the core, then copied out in order.
  const bucketedBytes = new Uint8Array(bucketed.buffer);
  const sortedPseudonyms = options.reuseInput ? bytes : new Uint8Array(count * pseudonymBytes);
  const sortedWords = options.reuseInput ? words : new Uint32Array(sortedPseudonyms.buffer);
  const sortedLots = options.reuseInput ? lots : new Uint32Array(count);
  const scratch = [0, 1, 2, 3].map(() => new Uint32Array(bucketSizeMax));
  const digitStarts = new Uint32Array(digitCount);
  const compareFull = (left: number, right: number): number => {
    for (let byte = 0; byte < pseudonymBytes; byte++) {
      const difference = bucketedBytes[left * pseudonymBytes + byte]! - bucketedBytes[right * pseudonymBytes + byte]!;
      if (difference !== 0) return difference;
    }
    return 0;
  };
  for (let bucket = 0; bucket < bucketCount; bucket++) {
    const start = bucketStarts[bucket]!;
    const size = bucketStarts[bucket + 1]! - start;
    let keys = scratch[0]!.subarray(0, size);
    let order = scratch[1]!.subarray(0, size);
    let keysOut = scratch[2]!.subarray(0, size);
    let orderOut = scratch[3]!.subarray(0, size);
    for (let index = 0; index < size; index++) {
      const at = (start + index) * pseudonymBytes;
      keys[index] = ((bucketedBytes[at + 1]! & 0x3f) << 16) | (bucketedBytes[at + 2]! << 8) | bucketedBytes[at + 3]!;
      order[index] = start + index;
    }
    for (let shift = 0; shift < 2 * digitBits; shift += digitBits) {
      digitStarts.fill(0);
      for (let index = 0; index < size; index++) digitStarts[(keys[index]! >>> shift) & digitMask]! += 1;
      for (let digit = 0, sum = 0; digit < digitCount; digit++) {
        const digits = digitStarts[digit]!;
        digitStarts[digit] = sum;
        sum += digits;
      }
      for (let index = 0; index < size; index++) {
        const key = keys[index]!;
        const target = digitStarts[(key >>> shift) & digitMask]!++;
        keysOut[target] = key;
        orderOut[target] = order[index]!;
      }
      [keys, keysOut] = [keysOut, keys];
      [order, orderOut] = [orderOut, order];
    }
    // Records sharing their first four bytes: order those runs by all 32 bytes.
    for (let runStart = 0; runStart < size;) {
      let runEnd = runStart + 1;
      while (runEnd < size && keys[runEnd] === keys[runStart]) runEnd += 1;
      if (runEnd - runStart > 1) order.set(Array.from(order.subarray(runStart, runEnd)).sort(compareFull), runStart);
      runStart = runEnd;
    }
    for (let index = 0; index < size; index++) {
      const from = order[index]!;
      if (index > 0 && keys[index] === keys[index - 1] && compareFull(order[index - 1]!, from) === 0) {
        throw new ApplicationListError(`two applications share the pseudonym ${Buffer.from(bucketedBytes.buffer, from * pseudonymBytes, pseudonymBytes).toString('hex')}`);
      }
      const to = (start + index) * wordsPerPseudonym;
      for (let word = 0; word < wordsPerPseudonym; word++) sortedWords[to + word] = bucketed[from * wordsPerPseudonym + word]!;
      sortedLots[start + index] = bucketedLots[from]!;
    }
  }
  return { count, pseudonyms: sortedPseudonyms, lots: sortedLots };
}
