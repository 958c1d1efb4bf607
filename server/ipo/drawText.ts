// The two published CSV files of a draw, byte for byte. Their digests go into the seed and
// into draw.json, so each has exactly one valid spelling: ASCII, LF line endings (the last line
// too), no spaces, lowercase hex, decimal numbers without leading zeros, a fixed header.
//
//   applications.csv   pseudonym,lots                           one line per application, ascending by pseudonym
//   result.csv         rank,pseudonym,lots_applied,lots_allotted one line per winner, rank 1 first
//
// An application missing from result.csv was allotted nothing. Both are rendered in chunks
// (ten million applications make a 700 MB file) and parsed from bytes, never from one string.
import { type ApplicationList, ApplicationListError, applicationsMax, gatherPseudonyms, lotsPerApplicationMax, pseudonymBytes } from './applicationList.ts';

export const applicationsHeader = 'pseudonym,lots\n';
export const resultHeader = 'rank,pseudonym,lots_applied,lots_allotted\n';

const hexBytes = 2 * pseudonymBytes;
/** Lines rendered per chunk: about 1 MB of text. */
const blockLines = 16_384;
/** The longest lines: pseudonym, commas, LF and numbers of at most 10 digits. */
const applicationLineMax = hexBytes + 1 + 10 + 1;
const resultLineMax = 10 + 1 + hexBytes + 1 + 10 + 1 + 10 + 1;
const [comma, lineFeed, zero] = [0x2c, 0x0a, 0x30];

/** Writes a whole number below 2^31 (ranks, lots) in decimal at `at`; answers where it ends. */
function writeDecimal(out: Buffer, at: number, value: number): number {
  const digits = value < 10 ? 1 : value < 100 ? 2 : value < 1_000 ? 3 : value < 10_000 ? 4 : value < 100_000 ? 5 : value < 1_000_000 ? 6 : value < 10_000_000 ? 7 : value < 100_000_000 ? 8 : value < 1_000_000_000 ? 9 : 10;
  let rest = value;
  for (let index = at + digits - 1; index >= at; index--) {
    const tens = (rest / 10) | 0;
    out[index] = zero + rest - tens * 10;
    rest = tens;
  }
  return at + digits;
}

const bufferOf = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * One reusable chunk for `blockLines` lines: the lines at the front, and past the end they can
 * reach, room for their pseudonyms as hex. Node writes the hex in one call; each line then copies
 * its 64 digits forward with copyWithin (a JavaScript loop over the digits costs about twice as
 * much). The chunk is allocated once per file: a fresh buffer per chunk would touch a fresh page
 * of memory every 4 KB, and on ten million lines those page faults alone took over a second.
 */
class HexChunk {
  readonly chunk: Buffer;
  readonly hexAt: number;

  constructor(lineMax: number) {
    this.hexAt = blockLines * lineMax;
    this.chunk = Buffer.alloc(this.hexAt + blockLines * hexBytes);
  }

  /** Writes the hex of `pseudonyms` (32 bytes each, in line order) into the hex area. */
  fillHex(pseudonyms: Uint8Array): void {
    this.chunk.write(bufferOf(pseudonyms).toString('hex'), this.hexAt, 'latin1');
  }
}

/** applications.csv in chunks of about 1 MB. The chunk buffer is reused: use each before asking for the next (joinChunks copies). */
export function* applicationsFileChunks(list: ApplicationList): Generator<Buffer> {
  yield Buffer.from(applicationsHeader, 'latin1');
  const area = new HexChunk(applicationLineMax);
  const { chunk, hexAt } = area;
  for (let first = 0; first < list.count; first += blockLines) {
    const last = Math.min(list.count, first + blockLines);
    area.fillHex(list.pseudonyms.subarray(first * pseudonymBytes, last * pseudonymBytes));
    let used = 0;
    for (let position = first; position < last; position++) {
      const hexStart = hexAt + (position - first) * hexBytes;
      chunk.copyWithin(used, hexStart, hexStart + hexBytes);
      used += hexBytes;
      chunk[used++] = comma;
      used = writeDecimal(chunk, used, list.lots[position]!);
      chunk[used++] = lineFeed;
    }
    yield chunk.subarray(0, used);
  }
}

/**
 * result.csv in chunks (reused, as above): `ranked[rank - 1]` is the position of the application
 * at that rank; `rankedLots` and `rankedAllotted` its lots applied for and allotted, also by
 * rank (allotment.ts). `rankedPseudonyms`, the winners' pseudonyms in rank order (runDraw
 * gathers them in a cache-aware pass), spares fetching each from its scattered place.
 */
export function* resultFileChunks(
  list: ApplicationList,
  ranked: Uint32Array,
  ranks: { rankedLots: Uint32Array; rankedAllotted: Uint32Array; rankedPseudonyms?: Uint8Array },
): Generator<Buffer> {
  const { rankedLots, rankedAllotted, rankedPseudonyms } = ranks;
  if (rankedPseudonyms && rankedPseudonyms.length !== ranked.length * pseudonymBytes) throw new ApplicationListError('result.csv: the ranked pseudonyms differ in count from the ranks');
  yield Buffer.from(resultHeader, 'latin1');
  const area = new HexChunk(resultLineMax);
  const { chunk, hexAt } = area;
  const gathered = new Uint8Array(rankedPseudonyms ? 0 : blockLines * pseudonymBytes);
  const pseudonymsOf = (first: number, block: Uint32Array): Uint8Array => {
    if (rankedPseudonyms) return rankedPseudonyms.subarray(first * pseudonymBytes, (first + block.length) * pseudonymBytes);
    gatherPseudonyms(list.pseudonyms, block, gathered);
    return gathered.subarray(0, block.length * pseudonymBytes);
  };
  for (let first = 0; first < ranked.length; first += blockLines) {
    const last = Math.min(ranked.length, first + blockLines);
    const block = ranked.subarray(first, last);
    area.fillHex(pseudonymsOf(first, block));
    let used = 0;
    for (let index = 0; index < block.length; index++) {
      const rank = first + index;
      used = writeDecimal(chunk, used, rank + 1);
      chunk[used++] = comma;
      const hexStart = hexAt + index * hexBytes;
      chunk.copyWithin(used, hexStart, hexStart + hexBytes);
      used += hexBytes;
      chunk[used++] = comma;
      used = writeDecimal(chunk, used, rankedLots[rank]!);
      chunk[used++] = comma;
      used = writeDecimal(chunk, used, rankedAllotted[rank]!);
      chunk[used++] = lineFeed;
    }
    yield chunk.subarray(0, used);
  }
}

/** The whole file in one buffer (copying each chunk, since the generators reuse theirs). */
export function joinChunks(chunks: Iterable<Buffer>): Buffer {
  const copies: Buffer[] = [];
  for (const chunk of chunks) copies.push(Buffer.from(chunk));
  return Buffer.concat(copies);
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  return -1;
}

/**
 * Reads applications.csv back into a list, refusing anything that is not the canonical
 * spelling (the digest is of the bytes, so two spellings of one list must not both pass).
 */
export function parseApplicationsFile(bytes: Uint8Array): ApplicationList {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fail = (line: number, why: string): never => {
    throw new ApplicationListError(`applications.csv line ${line}: ${why}`);
  };
  if (text.subarray(0, applicationsHeader.length).toString('latin1') !== applicationsHeader) fail(1, `the header must be "${applicationsHeader.trim()}" ending in LF`);
  let lines = 0;
  for (let at = text.indexOf(lineFeed, applicationsHeader.length); at !== -1; at = text.indexOf(lineFeed, at + 1)) lines += 1;
  if (lines > applicationsMax) fail(lines + 1, `more than ${applicationsMax} applications`);
  const pseudonyms = new Uint8Array(lines * pseudonymBytes);
  const lots = new Uint32Array(lines);
  let at = applicationsHeader.length;
  for (let position = 0; position < lines; position++) {
    const line = position + 2;
    for (let byte = 0; byte < pseudonymBytes; byte++) {
      const high = hexValue(text[at + 2 * byte]!);
      const low = hexValue(text[at + 2 * byte + 1]!);
      if (high < 0 || low < 0) fail(line, 'the pseudonym must be 64 lowercase hex digits');
      pseudonyms[position * pseudonymBytes + byte] = (high << 4) | low;
    }
    at += 2 * pseudonymBytes;
    if (text[at++] !== comma) fail(line, 'expected "pseudonym,lots"');
    if (text[at] === zero) fail(line, 'lots must be a whole number from 1, without leading zeros');
    let value = 0;
    let digits = 0;
    while (text[at]! >= zero && text[at]! <= zero + 9 && digits < 8) {
      value = value * 10 + (text[at++]! - zero);
      digits += 1;
    }
    if (digits === 0 || value > lotsPerApplicationMax) fail(line, `lots must be a whole number 1 … ${lotsPerApplicationMax}`);
    if (text[at++] !== lineFeed) fail(line, 'the line must end right after the lots, with LF (no CR, spaces or more columns)');
    lots[position] = value;
    if (position > 0) {
      const previous = (position - 1) * pseudonymBytes;
      const current = position * pseudonymBytes;
      let order = 0;
      for (let byte = 0; byte < pseudonymBytes && order === 0; byte++) order = pseudonyms[current + byte]! - pseudonyms[previous + byte]!;
      if (order <= 0) fail(line, order === 0 ? 'the pseudonym repeats the line before' : 'pseudonyms must be in ascending order');
    }
  }
  if (at !== text.length) fail(lines + 2, 'the file must end with LF after the last line');
  return { count: lines, pseudonyms, lots };
}

export interface LineDifference {
  /** 1-based line number; line 1 is the header, line n + 1 is the n-th row. */
  line: number;
  expected: string | null;
  actual: string | null;
}

/** The first line where two renderings differ, or null when they are the same bytes. */
export function firstDifferentLine(expected: Buffer, actual: Buffer): LineDifference | null {
  if (expected.equals(actual)) return null;
  let index = 0;
  const shorter = Math.min(expected.length, actual.length);
  // Compare in blocks first, bytes only inside the first block that differs.
  const block = 1 << 16;
  while (index + block <= shorter && expected.compare(actual, index, index + block, index, index + block) === 0) index += block;
  while (index < shorter && expected[index] === actual[index]) index += 1;
  const lineStart = expected.lastIndexOf(lineFeed, index - 1) + 1;
  let line = 1;
  for (let at = expected.indexOf(lineFeed); at !== -1 && at < lineStart; at = expected.indexOf(lineFeed, at + 1)) line += 1;
  const lineOf = (bytes: Buffer): string | null => {
    if (lineStart >= bytes.length) return null;
    const end = bytes.indexOf(lineFeed, lineStart);
    return bytes.toString('latin1', lineStart, end === -1 ? bytes.length : end);
  };
  return { line, expected: lineOf(expected), actual: lineOf(actual) };
}
