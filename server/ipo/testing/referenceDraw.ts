// The draw written the slow, obvious way, from docs/ipo-draw.md alone, for tests to hold the
// fast code to: ChaCha20 written out from RFC 8439 (not node:crypto), the application list as
// sorted strings and template text, a plain Fisher–Yates and the allotment walked round by
// round. If the fast code and this ever disagree, one of them no longer does what the
// document says.
import { createHash } from 'node:crypto';

const rotate = (value: number, bits: number): number => ((value << bits) | (value >>> (32 - bits))) >>> 0;

/** One 64-byte ChaCha20 block (RFC 8439 section 2.3). */
export function chachaBlock(key: Uint8Array, counter: number, nonce: Uint8Array): Uint8Array {
  const word = (bytes: Uint8Array, at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
  const state = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];
  for (let index = 0; index < 8; index++) state.push(word(key, index * 4));
  state.push(counter >>> 0, word(nonce, 0), word(nonce, 4), word(nonce, 8));
  const working = [...state];
  const quarter = (a: number, b: number, c: number, d: number) => {
    working[a] = (working[a]! + working[b]!) >>> 0; working[d] = rotate(working[d]! ^ working[a]!, 16);
    working[c] = (working[c]! + working[d]!) >>> 0; working[b] = rotate(working[b]! ^ working[c]!, 12);
    working[a] = (working[a]! + working[b]!) >>> 0; working[d] = rotate(working[d]! ^ working[a]!, 8);
    working[c] = (working[c]! + working[d]!) >>> 0; working[b] = rotate(working[b]! ^ working[c]!, 7);
  };
  for (let round = 0; round < 10; round++) {
    quarter(0, 4, 8, 12); quarter(1, 5, 9, 13); quarter(2, 6, 10, 14); quarter(3, 7, 11, 15);
    quarter(0, 5, 10, 15); quarter(1, 6, 11, 12); quarter(2, 7, 8, 13); quarter(3, 4, 9, 14);
  }
  const out = new Uint8Array(64);
  working.forEach((value, index) => {
    const sum = (value + state[index]!) >>> 0;
    out.set([sum & 0xff, (sum >>> 8) & 0xff, (sum >>> 16) & 0xff, sum >>> 24], index * 4);
  });
  return out;
}

/** The draw's random words: keystream blocks 0, 1, 2 … under the seed with a zero nonce, little-endian words. */
export function referenceWords(seed: Uint8Array): () => number {
  let block: Uint8Array = new Uint8Array(0);
  let counter = 0;
  let at = 0;
  return () => {
    if (at === block.length) {
      block = chachaBlock(seed, counter++, new Uint8Array(12));
      at = 0;
    }
    const value = (block[at]! | (block[at + 1]! << 8) | (block[at + 2]! << 16) | (block[at + 3]! << 24)) >>> 0;
    at += 4;
    return value;
  };
}

const sha256 = (...parts: (Uint8Array | string)[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export interface ReferenceDraw {
  applicationsCsv: string;
  seedHex: string;
  resultCsv: string;
}

export function referenceDraw(input: { lotSize: number; retailShares: number; serverSeedHex: string; publicValue: string; applications: { pseudonym: string; lots: number }[] }): ReferenceDraw {
  const sorted = [...input.applications].sort((left, right) => (left.pseudonym < right.pseudonym ? -1 : left.pseudonym > right.pseudonym ? 1 : 0));
  const applicationsCsv = `pseudonym,lots\n${sorted.map((application) => `${application.pseudonym},${application.lots}\n`).join('')}`;
  const serverSeed = Buffer.from(input.serverSeedHex, 'hex');
  const seed = sha256(serverSeed, sha256(applicationsCsv), input.publicValue);
  const next = referenceWords(seed);
  const uniform = (n: number): number => {
    for (;;) {
      const word = next();
      if (word >= 2 ** 32 % n) return word % n;
    }
  };
  const retailLots = Math.floor(input.retailShares / input.lotSize);
  const winners = Math.min(sorted.length, retailLots);
  const positions = sorted.map((_, index) => index);
  for (let index = 0; index < winners; index++) {
    const other = index + uniform(sorted.length - index);
    [positions[index], positions[other]] = [positions[other]!, positions[index]!];
  }
  const ranked = positions.slice(0, winners);
  const demand = sorted.reduce((sum, application) => sum + application.lots, 0);
  const allotted = sorted.map((application) => (demand <= retailLots ? application.lots : 0));
  if (demand > retailLots) {
    for (const position of ranked) allotted[position] = 1;
    let remaining = retailLots - winners;
    while (remaining > 0) {
      for (const position of ranked) {
        if (remaining > 0 && allotted[position]! < sorted[position]!.lots) {
          allotted[position]! += 1;
          remaining -= 1;
        }
      }
    }
  }
  const resultCsv = `rank,pseudonym,lots_applied,lots_allotted\n${ranked.map((position, index) => `${index + 1},${sorted[position]!.pseudonym},${sorted[position]!.lots},${allotted[position]}\n`).join('')}`;
  return { applicationsCsv, seedHex: seed.toString('hex'), resultCsv };
}
