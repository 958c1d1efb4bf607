// gatherRanked, the cache-aware fetch of the winners' records, answers exactly what a plain
// fetch of each ranked position answers, across many of its position buckets.
import { describe, expect, it } from 'vitest';
import { gatherPseudonyms, gatherRanked, pseudonymBytes, sortApplications } from './applicationList.ts';
import { drawOrder } from './draw.ts';

describe('gatherRanked', () => {
  it('gathers-the-same-records-as-a-plain-fetch-in-rank-order', () => {
    const count = 50_000;
    const pseudonyms = new Uint8Array(count * pseudonymBytes);
    for (let index = 0; index < pseudonyms.length; index++) pseudonyms[index] = (index * 2_654_435_761) >>> 24;
    for (let index = 0; index < count; index++) pseudonyms.set([index >>> 16, (index >>> 8) & 0xff, index & 0xff], index * pseudonymBytes + 29);
    const lots = Uint32Array.from({ length: count }, (_, index) => 1 + (index % 7));
    const list = sortApplications(pseudonyms, lots);
    for (const ranks of [0, 1, 9_000, count]) {
      const ranked = drawOrder(Buffer.alloc(32, ranks % 251), count, ranks);
      const gathered = gatherRanked(list, ranked);
      const plain = new Uint8Array(ranks * pseudonymBytes);
      gatherPseudonyms(list.pseudonyms, ranked, plain);
      expect(Buffer.from(gathered.pseudonyms).equals(Buffer.from(plain))).toBe(true);
      expect(Array.from(gathered.lots)).toEqual(Array.from(ranked, (position) => list.lots[position]!));
    }
  });

  it('refuses-a-rank-outside-the-list', () => {
    const list = sortApplications(new Uint8Array(2 * pseudonymBytes).fill(1, pseudonymBytes), Uint32Array.of(1, 1));
    expect(() => gatherRanked(list, Uint32Array.of(0, 2))).toThrow(/rank 2 names position 2 of 2/);
  });
});
