// The draw is the documented function and nothing else: node's ChaCha20 is RFC 8439's, the
// fast draw equals a slow one written from docs/ipo-draw.md on random issues, the same files
// give the same result, and a fixed seed gives fixed winners (so the algorithm cannot drift
// without this test failing and the version in draw.json changing).
import { createCipheriv } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicationListOf, sortApplications } from './applicationList.ts';
import { commitmentOf, drawOrder, DrawRandom, pseudonymOf, runDraw } from './draw.ts';
import { applicationsFileChunks, joinChunks, parseApplicationsFile, resultFileChunks } from './drawText.ts';
import { chachaBlock, referenceDraw } from './testing/referenceDraw.ts';

const bytes = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex');
const serverSeed = Buffer.from(Array.from({ length: 32 }, (_, index) => index));

describe('the random words', () => {
  it('chacha20-matches-rfc-8439-block-test-vector', () => {
    // RFC 8439 section 2.3.2: key 00…1f, nonce 00000009 0000004a 00000000, block counter 1.
    const nonce = bytes('000000090000004a00000000');
    const expected = bytes(`10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e
      d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e`);
    expect(Buffer.from(chachaBlock(serverSeed, 1, nonce))).toEqual(expected);
    // Node's 16-byte IV is the little-endian block counter, then the nonce.
    const cipher = createCipheriv('chacha20', serverSeed, Buffer.concat([bytes('01000000'), nonce]));
    expect(cipher.update(Buffer.alloc(64))).toEqual(expected);
  });

  it('draw-random-reads-the-keystream-from-block-0-as-little-endian-words', () => {
    const seed = bytes('930cff8773daebad17dbd0cc35520ab705d9e2c86e667ef92d8090c1bd59e97e');
    const random = new DrawRandom(seed);
    // Past the first 64 KiB refill too.
    const words = Array.from({ length: 16_400 + 16 }, () => random.nextWord());
    for (const block of [0, 1, 1025]) {
      const reference = Buffer.from(chachaBlock(seed, block, new Uint8Array(12)));
      const expected = Array.from({ length: 16 }, (_, index) => reference.readUInt32LE(index * 4));
      expect(words.slice(block * 16, block * 16 + 16)).toEqual(expected);
    }
  });

  it('uniform-rejects-words-below-2^32-mod-n', () => {
    const random = new DrawRandom(serverSeed);
    const again = new DrawRandom(serverSeed);
    const n = 3_000_000_000; // 2^32 mod n = 1,294,967,296: about 30 % of words are skipped
    for (let draw = 0; draw < 200; draw++) {
      let word = again.nextWord();
      while (word < 2 ** 32 % n) word = again.nextWord();
      expect(random.uniform(n)).toBe(word % n);
    }
    expect(() => random.uniform(0)).toThrow(RangeError);
  });
});

describe('the draw', () => {
  const application = fc.record({ pseudonym: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((value) => Buffer.from(value).toString('hex')), lots: fc.integer({ min: 1, max: 9 }) });
  const issue = fc.record({
    lotSize: fc.integer({ min: 1, max: 100 }),
    retailLots: fc.integer({ min: 0, max: 120 }),
    serverSeedHex: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((value) => Buffer.from(value).toString('hex')),
    publicValue: fc.stringMatching(/^[0-9]{1,6}\.[0-9]{2}$/),
    applications: fc.uniqueArray(application, { selector: (value) => value.pseudonym, maxLength: 60 }),
  });

  it('equals-the-draw-written-from-the-document', () => {
    fc.assert(fc.property(issue, ({ lotSize, retailLots, serverSeedHex, publicValue, applications }) => {
      const retailShares = retailLots * lotSize;
      const reference = referenceDraw({ lotSize, retailShares, serverSeedHex, publicValue, applications });
      const list = applicationListOf(applications);
      const result = runDraw({ issueId: 'ipo1', lotSize, retailShares, serverSeed: Buffer.from(serverSeedHex, 'hex'), publicValue, applications: list });
      expect(joinChunks(applicationsFileChunks(list)).toString('latin1')).toBe(reference.applicationsCsv);
      expect(result.seed.toString('hex')).toBe(reference.seedHex);
      expect(joinChunks(resultFileChunks(list, result.ranked, result.allotment)).toString('latin1')).toBe(reference.resultCsv);
    }), { numRuns: 200 });
  });

  it('same-files-give-the-same-result', () => {
    const applications = Array.from({ length: 500 }, (_, index) => ({ pseudonym: pseudonymOf('ipo9', String(index + 1), serverSeed), lots: 1 + (index % 7) }));
    const input = { issueId: 'ipo9', lotSize: 14, retailShares: 14 * 300, serverSeed, publicValue: '24350.15' };
    const first = runDraw({ ...input, applications: applicationListOf(applications) });
    // The same applications handed over in another order, and read back from the published file.
    const shuffled = applicationListOf([...applications].reverse());
    const reread = parseApplicationsFile(joinChunks(applicationsFileChunks(shuffled)));
    for (const list of [shuffled, reread]) {
      const again = runDraw({ ...input, applications: list });
      expect(again.resultDigest).toEqual(first.resultDigest);
      expect(Array.from(again.ranked)).toEqual(Array.from(first.ranked));
    }
    // Another public value gives another draw.
    expect(runDraw({ ...input, publicValue: '24350.16', applications: shuffled }).resultDigest).not.toEqual(first.resultDigest);
  });

  it('ipo-draw-known-answer: fixed server seed, twelve applications, fixed winners', () => {
    expect(commitmentOf(serverSeed)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    // SHA-256 of the text "ipo7:1:000102…1f" (as `printf … | sha256sum` gives it).
    expect(pseudonymOf('ipo7', '1', serverSeed)).toBe('762e86357837e322ab478a83cd0ae346b8aec5a9c7a5c1d357660edb9769f589');
    const applications = Array.from({ length: 12 }, (_, index) => ({ pseudonym: pseudonymOf('ipo7', String(index + 1), serverSeed), lots: 1 + (index % 4) }));
    const list = applicationListOf(applications);
    const result = runDraw({ issueId: 'ipo7', lotSize: 50, retailShares: 1000, serverSeed, publicValue: '24350.15', applications: list });
    expect(result.applicationsDigest.toString('hex')).toBe('2a990915612a5e13983dcb31ea04d5b04bd12efac0a73c228472355a044e2104');
    expect(result.seed.toString('hex')).toBe('930cff8773daebad17dbd0cc35520ab705d9e2c86e667ef92d8090c1bd59e97e');
    expect(result.resultDigest.toString('hex')).toBe('82fe8fa9f7e0e61f75b402f9c485e854fd70ac32595c71d4d7d6fa9aa4de29d4');
    const winners = Array.from(result.ranked, (position) => `${applications.findIndex((row) => row.pseudonym === Buffer.from(list.pseudonyms.subarray(position * 32, position * 32 + 32)).toString('hex')) + 1}:${result.allotment.allotted[position]}`);
    // Application id : lots allotted, rank 1 first (20 lots among 12 applicants asking for 30).
    expect(winners).toEqual(['2:2', '4:2', '11:2', '12:2', '1:1', '7:2', '5:1', '3:2', '10:2', '8:2', '6:1', '9:1']);
  });

  it('draw-order-ranks-only-what-it-is-asked-for', () => {
    const seed = bytes('930cff8773daebad17dbd0cc35520ab705d9e2c86e667ef92d8090c1bd59e97e');
    const full = drawOrder(seed, 1000, 1000);
    expect(new Set(full).size).toBe(1000);
    expect(Array.from(drawOrder(seed, 1000, 10))).toEqual(Array.from(full.subarray(0, 10)));
  });

  it('the-list-sorts-like-the-hex-strings-and-refuses-duplicates', () => {
    const random = new DrawRandom(serverSeed);
    // Many pseudonyms sharing their first four bytes, so the full-length tie-break runs.
    const pseudonyms = new Uint8Array(2000 * 32);
    for (let index = 0; index < pseudonyms.length; index++) pseudonyms[index] = random.nextWord() & 0xff;
    for (let index = 0; index < 2000; index += 2) pseudonyms.copyWithin(index * 32, (index + 1) * 32, (index + 1) * 32 + 4);
    const lots = Uint32Array.from({ length: 2000 }, (_, index) => 1 + (index % 5));
    const list = sortApplications(pseudonyms, lots);
    const hex = Array.from({ length: 2000 }, (_, index) => Buffer.from(pseudonyms.subarray(index * 32, index * 32 + 32)).toString('hex'));
    const expected = hex.map((pseudonym, index) => ({ pseudonym, lots: lots[index]! })).sort((left, right) => (left.pseudonym < right.pseudonym ? -1 : 1));
    expect(Array.from({ length: 2000 }, (_, index) => Buffer.from(list.pseudonyms.subarray(index * 32, index * 32 + 32)).toString('hex'))).toEqual(expected.map((row) => row.pseudonym));
    expect(Array.from(list.lots)).toEqual(expected.map((row) => row.lots));
    expect(() => applicationListOf([{ pseudonym: hex[0]!, lots: 1 }, { pseudonym: hex[0]!, lots: 2 }])).toThrow(/share the pseudonym/);
    expect(() => applicationListOf([{ pseudonym: hex[0]!.toUpperCase(), lots: 1 }])).toThrow(/lowercase hex/);
  });
});
