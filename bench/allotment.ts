// The IPO draw and SEBI retail allotment of 10,000,000 applications for one issue, beside a
// plain sort of the same applications in the same run (issue 14: < 5 s, ≤ 3× the sort).
//
// Timed, as the server runs it at the draw (server/ipo/): the applications, loaded in the order
// the database stores them, sorted into the canonical list; applications.csv rendered and hashed;
// the seed; the Fisher–Yates draw order of the winners; the allotment; result.csv rendered and
// hashed. Writing the files to disk is not timed (it is I/O, done once after the draw).
//
// Not timed: the pseudonyms. Each is SHA-256(issue ‖ application id ‖ server seed), computed and
// stored once when its application is made, so the draw reads them. Here they are 32 bytes of
// ChaCha20 keystream under a fixed key: as uniform as SHA-256 outputs, and 15 s quicker to make
// than ten million separate hashes.
//
// Baselines, same applications, same run, each building its keys untimed:
// - the plain record sort (the target's "plain sort of the same applications"): each record's
//   key is its pseudonym's first 40 bits then its 24-bit index, one BigUint64Array.sort, then the
//   records (32-byte pseudonym and lots) copied into that order: what plain code with a typed
//   array writes to get the sorted applications (ties on 40 bits, a few dozen, left by index);
// - the key-only sort, a floor no sort of these applications can beat: BigUint64Array.sort of
//   the 8-byte prefixes, moving no record at all;
// - Array.prototype.sort of the pseudonyms as hex strings (what plain code with strings writes).
//
// Run: npm run bench:allotment [-- applications=10000000 runs=3]   (each figure: the median of `runs`; the string sort runs once)
import { createCipheriv } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sortApplications } from '../server/ipo/applicationList.ts';
import { runDraw } from '../server/ipo/draw.ts';

const argument = (name: string, fallback: string): number =>
  Number.parseInt(process.argv.slice(2).find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1) ?? fallback, 10);
const applicationCount = argument('applications', '10000000');
/** The machine is shared: each figure is the median of this many runs. */
const runs = argument('runs', '3');
const indian = new Intl.NumberFormat('en-IN');
const megabytes = (bytes: number) => `${indian.format(Math.round(bytes / 1_048_576))} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function keystream(key: string, length: number): Buffer {
  const cipher = createCipheriv('chacha20', Buffer.alloc(32, key), Buffer.alloc(16));
  const out = Buffer.alloc(length);
  const block = 1 << 24;
  for (let at = 0; at < length; at += block) cipher.update(out.subarray(at, Math.min(length, at + block))).copy(out, at);
  return out;
}

/** Stored applications: pseudonyms and lots, in arrival order. Most retail applicants ask for one lot, a few for up to 14 (the ₹2,00,000 cap). */
function storedApplications(count: number): { pseudonyms: Uint8Array; lots: Uint32Array; lotsApplied: number } {
  const pseudonyms = new Uint8Array(keystream('p', count * 32));
  const choices = keystream('l', count);
  const lots = new Uint32Array(count);
  let lotsApplied = 0;
  for (let index = 0; index < count; index++) {
    const choice = choices[index]!;
    lots[index] = choice < 160 ? 1 : choice < 220 ? 2 : 3 + (choice % 12);
    lotsApplied += lots[index]!;
  }
  return { pseudonyms, lots, lotsApplied };
}

interface Timings { sortMs: number; drawMs: number; totalMs: number; winners: number; lotsAllotted: number; retailLots: number }

function timedDraw(stored: { pseudonyms: Uint8Array; lots: Uint32Array }, retailLots: number): Timings {
  const lotSize = 14;
  // The draw owns the applications it loaded and sorts them where they lie (reuseInput); the
  // stored arrays stay as stored for the next scenario, so each run works on a copy made before timing.
  const pseudonyms = stored.pseudonyms.slice();
  const lots = stored.lots.slice();
  const started = performance.now();
  const applications = sortApplications(pseudonyms, lots, { reuseInput: true });
  const sorted = performance.now();
  const result = runDraw({ issueId: 'bench', lotSize, retailShares: retailLots * lotSize, serverSeed: Buffer.alloc(32, 7), publicValue: '26068.15', applications });
  const finished = performance.now();
  if (result.allotment.oversubscribed && result.allotment.lotsAllotted !== retailLots) throw new Error('allotment did not allot the retail lots');
  return { sortMs: sorted - started, drawMs: finished - sorted, totalMs: finished - started, winners: result.allotment.winners, lotsAllotted: result.allotment.lotsAllotted, retailLots };
}

console.log(`allotment: ${indian.format(applicationCount)} applications for one issue, median of ${runs} runs; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at start; Node ${process.version}`);
// Warm-up on a small issue so the timed runs measure optimised code.
const warmUp = storedApplications(200_000);
timedDraw(warmUp, 150_000);

const stored = storedApplications(applicationCount);
const scenarios = [
  // Every applicant wins a lot and the rest go round-robin: the whole list is shuffled and every application is in result.csv. The most work.
  { name: 'everyone wins, the rest round-robin', retailLots: Math.floor(stored.lotsApplied * 0.8) },
  // A popular issue: ten applicants per retail lot; one in ten wins a single lot.
  { name: 'ten applicants per lot', retailLots: Math.floor(applicationCount / 10) },
];
const median = <T>(values: T[], by: (value: T) => number): T => [...values].sort((left, right) => by(left) - by(right))[Math.floor(values.length / 2)]!;
const results = scenarios.map((scenario) => ({ ...scenario, ...median(Array.from({ length: runs }, () => timedDraw(stored, scenario.retailLots)), (timing) => timing.totalMs) }));
const memory = process.memoryUsage();
const peakRssBytes = process.resourceUsage().maxRSS * 1024;

// Baseline 1, the key-only floor: the engine's native numeric sort of the same applications' 64-bit prefixes.
const prefixes = new BigUint64Array(applicationCount);
const view = Buffer.from(stored.pseudonyms.buffer, stored.pseudonyms.byteOffset, stored.pseudonyms.byteLength);
for (let index = 0; index < applicationCount; index++) prefixes[index] = view.readBigUInt64BE(index * 32);
const nativeSortMs = median(Array.from({ length: runs }, () => {
  const copy = prefixes.slice();
  const started = performance.now();
  copy.sort();
  return performance.now() - started;
}), (ms) => ms);

// Baseline 2, the plain record sort: (40-bit prefix ‖ 24-bit index) keys sorted natively, then the records gathered in that order.
const indexBits = 24n;
if (applicationCount > 2 ** 24) throw new Error('the plain record sort keys hold a 24-bit index: at most 16,777,216 applications');
const recordKeys = prefixes.map((prefix, index) => ((prefix >> indexBits) << indexBits) | BigInt(index));
const recordSortMs = median(Array.from({ length: runs }, () => {
  const keys = recordKeys.slice();
  const storedWords = new Uint32Array(stored.pseudonyms.buffer, stored.pseudonyms.byteOffset, applicationCount * 8);
  const sortedWords = new Uint32Array(applicationCount * 8);
  const sortedLots = new Uint32Array(applicationCount);
  const started = performance.now();
  keys.sort();
  const indexMask = (1n << indexBits) - 1n;
  // The records are copied as eight 32-bit words each (a subarray per record would cost far more).
  for (let at = 0; at < applicationCount; at++) {
    const index = Number(keys[at]! & indexMask); // number-ok: an array index, not money
    for (let word = 0; word < 8; word++) sortedWords[at * 8 + word] = storedWords[index * 8 + word]!;
    sortedLots[at] = stored.lots[index]!;
  }
  return performance.now() - started;
}), (ms) => ms);

// Baseline 3: the pseudonyms as hex strings, sorted by Array.prototype.sort.
const hex = Array.from({ length: applicationCount }, (_, index) => view.toString('hex', index * 32, index * 32 + 32));
const started = performance.now();
hex.sort();
const stringSortMs = performance.now() - started;

for (const result of results) {
  console.log(`  ${result.name}: ${indian.format(result.retailLots)} retail lots, ${indian.format(result.winners)} winners, ${indian.format(result.lotsAllotted)} lots allotted`);
  console.log(`    draw + allotment ${seconds(result.totalMs)} (canonical sort ${seconds(result.sortMs)}, files, digests, seed, draw order and allotment ${seconds(result.drawMs)})` +
    `   ${(result.totalMs / recordSortMs).toFixed(2)}× the plain record sort, ${(result.totalMs / nativeSortMs).toFixed(2)}× the key-only sort, ${(result.totalMs / stringSortMs).toFixed(2)}× the string sort`);
}
console.log(`  plain sorts of the same applications: records by a BigUint64Array.sort of (40-bit prefix, index) keys then copied in order ${seconds(recordSortMs)}; ` +
  `key-only BigUint64Array.sort of 8-byte prefixes ${seconds(nativeSortMs)}; Array.sort of hex pseudonyms ${seconds(stringSortMs)}`);
console.log(`  memory after the draws: rss ${megabytes(memory.rss)}, heap ${megabytes(memory.heapUsed)}, typed arrays and buffers ${megabytes(memory.arrayBuffers)}; peak rss through setup and draws ${megabytes(peakRssBytes)}`);
for (const result of results) {
  console.log(`  targets, ${result.name}: < 5 s ${result.totalMs < 5000 ? 'met' : 'MISSED'} (${seconds(result.totalMs)}); ≤ 3× the plain record sort ${result.totalMs <= 3 * recordSortMs ? 'met' : 'MISSED'} (${(result.totalMs / recordSortMs).toFixed(2)}×); ≤ 3× the key-only sort ${result.totalMs <= 3 * nativeSortMs ? 'met' : 'missed'} (${(result.totalMs / nativeSortMs).toFixed(2)}×)`);
}
