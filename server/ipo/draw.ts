// The IPO draw anyone can re-run: every step is a documented, deterministic function of
// published inputs (docs/ipo-draw.md gives the same steps for reimplementing them elsewhere).
//
//   server_seed          32 random bytes, chosen when the issue opens and kept secret until the draw
//   commitment           SHA-256(server_seed), published when the issue opens
//   pseudonym            SHA-256(UTF-8(issue_id ":" application_id ":" hex(server_seed))), stored
//                        with each application; its applicant can recompute it once the seed is out
//   applications_digest  SHA-256(applications.csv bytes) (drawText.ts: one canonical spelling)
//   seed                 SHA-256(server_seed ‖ applications_digest ‖ UTF-8(public_value)), the public
//                        value (a NIFTY 50 close, say) fixed in advance and unknown at the close
//   random words         the ChaCha20 keystream (RFC 8439) under key = seed, nonce = 12 zero bytes,
//                        block counter from 0, read as 32-bit little-endian words
//   uniform(n)           OpenBSD's arc4random_uniform: skip words below 2^32 mod n, answer word mod n
//   draw order           forward Fisher–Yates over positions 0 … N−1 of the sorted list:
//                        for i = 0 … k−1: j = i + uniform(N − i); swap(a[i], a[j]); rank i+1 is a[i]
//                        (k = winners; positions after k are not computed and carry no rank)
//
// Neither staff nor an applicant can steer the seed: staff committed to server_seed before any
// application, the applications are fixed by the digest, and nobody knows the public value
// before the issue closes.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { allotRanked, type Allotment, type AllotmentTerms, winnersOf } from './allotment.ts';
import { type ApplicationList, gatherRanked } from './applicationList.ts';
import { applicationsFileChunks, resultFileChunks } from './drawText.ts';

export const drawAlgorithm = { name: 'ledgerline-ipo-draw', version: 1 } as const;
export const serverSeedBytes = 32;
/** A limit on everything: the published public value is a short decimal string or the like. */
export const publicValueLengthMax = 100;

export class DrawInputError extends Error {
  override readonly name = 'DrawInputError';
}

export function sha256(...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

function hashChunks(chunks: Iterable<Uint8Array>): Buffer {
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest();
}

export const newServerSeed = (): Buffer => randomBytes(serverSeedBytes);

function checkServerSeed(serverSeed: Uint8Array): void {
  if (serverSeed.length !== serverSeedBytes) throw new DrawInputError(`the server seed is ${serverSeed.length} bytes, not ${serverSeedBytes}`);
}

/** SHA-256(server_seed), lowercase hex: published when the issue opens. */
export function commitmentOf(serverSeed: Uint8Array): string {
  checkServerSeed(serverSeed);
  return sha256(serverSeed).toString('hex');
}

/** Issue and application ids join the pseudonym's input with ':'; they may not contain one. */
const idPattern = /^[0-9A-Za-z_-]{1,64}$/;

/** An application's pseudonym, lowercase hex: computed when it is made, published in applications.csv. */
export function pseudonymOf(issueId: string, applicationId: string, serverSeed: Uint8Array): string {
  checkServerSeed(serverSeed);
  if (!idPattern.test(issueId) || !idPattern.test(applicationId)) throw new DrawInputError('issue and application ids are 1–64 letters, digits, _ or -');
  const input = `${issueId}:${applicationId}:${Buffer.from(serverSeed).toString('hex')}`;
  return sha256(Buffer.from(input, 'utf8')).toString('hex');
}

export function checkPublicValue(publicValue: string): void {
  // Printable ASCII without surrounding spaces, so the value reads the same everywhere it is quoted.
  if (publicValue.length < 1 || publicValue.length > publicValueLengthMax || !/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(publicValue)) {
    throw new DrawInputError(`the public value must be 1–${publicValueLengthMax} printable ASCII characters without surrounding spaces`);
  }
}

/** SHA-256(server_seed ‖ applications_digest ‖ UTF-8(public_value)). */
export function drawSeed(serverSeed: Uint8Array, applicationsDigest: Uint8Array, publicValue: string): Buffer {
  checkServerSeed(serverSeed);
  checkPublicValue(publicValue);
  if (applicationsDigest.length !== 32) throw new DrawInputError('the applications digest is 32 bytes');
  return sha256(serverSeed, applicationsDigest, Buffer.from(publicValue, 'utf8'));
}

const refillBytes = 1 << 16;
const zeros = Buffer.alloc(refillBytes);
const twoTo32 = 4_294_967_296;
const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** The draw's random words: the ChaCha20 keystream under the seed, as uint32 little-endian. */
export class DrawRandom {
  private readonly cipher: ReturnType<typeof createCipheriv>;
  private readonly words = new Uint32Array(refillBytes / 4);
  private at = this.words.length;

  constructor(seed: Uint8Array) {
    if (seed.length !== 32) throw new DrawInputError('the draw seed is 32 bytes');
    // Node's 16-byte ChaCha20 IV is the 32-bit little-endian block counter then the 96-bit nonce: all zero.
    this.cipher = createCipheriv('chacha20', seed, Buffer.alloc(16));
  }

  nextWord(): number {
    if (this.at === this.words.length) this.refill();
    return this.words[this.at++]!;
  }

  /** The next 64 KiB of keystream (1,024 blocks), as words. */
  private refill(): void {
    const stream = this.cipher.update(zeros);
    if (stream.length !== refillBytes) throw new Error('chacha20: the keystream came short');
    if (littleEndian) new Uint8Array(this.words.buffer).set(stream);
    else for (let index = 0; index < this.words.length; index++) this.words[index] = stream.readUInt32LE(index * 4);
    this.at = 0;
  }

  /** A uniform integer in [0, n), n ≤ 2^32, without modulo bias. */
  uniform(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > twoTo32) throw new RangeError(`uniform: ${n} is outside 1 … 2^32`);
    const rejectBelow = twoTo32 % n;
    for (;;) {
      const word = this.nextWord();
      if (word >= rejectBelow) return word % n;
    }
  }
}

/** Swaps drawn per batch of drawOrder: the random words for a batch are drawn first (64K words, 256 KB). */
const orderBatch = 1 << 16;

/**
 * The first `ranked` positions of the forward Fisher–Yates shuffle of 0 … count−1. The swap
 * partners of a batch are drawn before its swaps are made (the same words in the same order):
 * a swap's scattered read then no longer waits behind the keystream and the rejection test, so
 * the processor overlaps several of those cache misses.
 */
export function drawOrder(seed: Uint8Array, count: number, ranked: number): Uint32Array {
  if (!Number.isInteger(ranked) || ranked < 0 || ranked > count) throw new RangeError(`draw order: ${ranked} ranks among ${count} applications`);
  const random = new DrawRandom(seed);
  const positions = new Uint32Array(count);
  for (let index = 0; index < count; index++) positions[index] = index;
  const others = new Uint32Array(Math.min(orderBatch, ranked));
  for (let first = 0; first < ranked; first += orderBatch) {
    const last = Math.min(ranked, first + orderBatch);
    for (let index = first; index < last; index++) others[index - first] = index + random.uniform(count - index);
    for (let index = first; index < last; index++) {
      const other = others[index - first]!;
      const taken = positions[other]!;
      positions[other] = positions[index]!;
      positions[index] = taken;
    }
  }
  // Every position ranked: the array itself, not a 40 MB copy of it.
  return ranked === count ? positions : positions.slice(0, ranked);
}

export interface DrawInput extends AllotmentTerms {
  issueId: string;
  serverSeed: Uint8Array;
  publicValue: string;
  applications: ApplicationList;
}

export interface DrawResult {
  commitment: string;
  applicationsDigest: Buffer;
  seed: Buffer;
  /** Positions in the application list, rank 1 first: the winners. */
  ranked: Uint32Array;
  /** The allotment, with the winners' pseudonyms in rank order (32 bytes each) for result.csv. */
  allotment: Allotment & { rankedPseudonyms: Uint8Array };
  resultDigest: Buffer;
}

/**
 * The whole draw from its inputs: what the server runs at the draw and verify-draw re-runs.
 * `knownApplicationsDigest` spares hashing the list again when the caller has just hashed the
 * very bytes of applications.csv (verify-draw, after checking they are canonical).
 */
export function runDraw(input: DrawInput, knownApplicationsDigest?: Buffer): DrawResult {
  if (!idPattern.test(input.issueId)) throw new DrawInputError('the issue id is 1–64 letters, digits, _ or -');
  const commitment = commitmentOf(input.serverSeed);
  const applicationsDigest = knownApplicationsDigest ?? hashChunks(applicationsFileChunks(input.applications));
  const seed = drawSeed(input.serverSeed, applicationsDigest, input.publicValue);
  const ranked = drawOrder(seed, input.applications.count, winnersOf(input, input.applications.count));
  // The winners' records in rank order, fetched in one cache-aware pass (applicationList.ts):
  // the allotment reads their lots and result.csv their pseudonyms, both in order.
  const winners = gatherRanked(input.applications, ranked);
  // Object.assign, not a spread: a spread would read the allotment's by-position getter now.
  const allotment = Object.assign(allotRanked(input, input.applications.lots, ranked, winners.lots), { rankedPseudonyms: winners.pseudonyms });
  const resultDigest = hashChunks(resultFileChunks(input.applications, ranked, allotment));
  return { commitment, applicationsDigest, seed, ranked, allotment, resultDigest };
}
