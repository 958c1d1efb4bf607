// Minute-bar replay throughput: a synthetic year of minute bars (250 sessions × 375 minutes ×
// 5 symbols by default, four CSV files of stocks and one of an index) converted by the
// documented converter, then replayed at REPLAY_SPEED=max through the server's market
// runtime (quote book, published frames, candle aggregator). Each step is printed beside
// a baseline over the same bytes in the same run: reading and splitting the CSV lines for
// the conversion; gunzip + JSON.parse of every frame line (and `zcat | wc -l`) for the replay.
// Run: npm run bench:replay [-- sessions=250]
import { spawnSync } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { dayMs, isTradingDay, istDayStartOf, istOffsetMs } from '../contract/calendar.ts';
import { convertMinuteBars } from '../server/market/recording/convertMinuteBars.ts';
import { openMarket, testMarketConfig } from '../server/market/runtime.ts';
import { xorshiftRandom } from './streamShape.ts';

const sessionCount = Number(process.argv[2] ?? 250);
const symbols = [
  { code: 'RELIANCE', paise: 137_500, index: false },
  { code: 'TCS', paise: 289_000, index: false },
  { code: 'INFY', paise: 145_000, index: false },
  { code: 'HDFCBANK', paise: 95_000, index: false },
  { code: 'NIFTY50', paise: 2_461_100, index: true },
];
const workDir = mkdtempSync(join(os.tmpdir(), 'ledgerline-bench-replay-'));
const format = (value: number) => Math.round(value).toLocaleString('en-IN');
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** One CSV per symbol (each in time order, as NSE files come), random-walk bars on whole ticks. */
function writeSyntheticYear(): { files: string[]; bars: number; from: string; to: string } {
  const random = xorshiftRandom(20_261_125);
  const days: number[] = [];
  for (let dayStart = istDayStartOf('2024-06-03'); days.length < sessionCount; dayStart += dayMs) {
    if (isTradingDay(new Date(dayStart + istOffsetMs).toISOString().slice(0, 10))) days.push(dayStart);
  }
  const files = symbols.map((symbol) => {
    const path = join(workDir, `${symbol.code}_1min.csv`);
    // Written a session at a time, so the bench's peak memory is the conversion's and the replay's, not the input's.
    const file = openSync(path, 'w');
    writeSync(file, 'timestamp,symbol,open,high,low,close,volume\n');
    const tick = symbol.index ? 1 : 5;
    let price = symbol.paise;
    const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
    for (const dayStart of days) {
      const lines: string[] = [];
      for (let minute = 0; minute < 375; minute++) {
        const time = dayStart + (9 * 60 + 15 + minute) * 60_000;
        const open = price;
        const close = Math.max(tick, open + Math.round((random() - 0.5) * 8) * tick);
        const high = Math.max(open, close) + Math.floor(random() * 3) * tick;
        const low = Math.max(tick, Math.min(open, close) - Math.floor(random() * 3) * tick);
        const volume = symbol.index ? 0 : 1 + Math.floor(random() * 5_000);
        price = close;
        lines.push(`${new Date(time + istOffsetMs).toISOString().slice(0, 19)}+05:30,${symbol.code},${rupees(open)},${rupees(high)},${rupees(low)},${rupees(close)},${volume}\n`);
      }
      writeSync(file, lines.join(''));
    }
    closeSync(file);
    return path;
  });
  const iso = (time: number) => new Date(time + istOffsetMs).toISOString().slice(0, 10);
  return { files, bars: days.length * 375 * symbols.length, from: iso(days[0]!), to: iso(days.at(-1)!) };
}

async function countLines(path: string, gunzip: boolean, parse: (line: string) => void): Promise<number> {
  const file = createReadStream(path);
  const lines = createInterface({ input: gunzip ? file.pipe(createGunzip()) : file, crlfDelay: Infinity });
  let count = 0;
  for await (const line of lines) {
    parse(line);
    count++;
  }
  return count;
}

console.log(`replay: a synthetic year of minute bars, ${sessionCount} sessions × 375 minutes × ${symbols.length} symbols (${symbols.map((s) => s.code).join(', ')})`);
console.log(`  machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at start`);
try {
  let started = performance.now();
  const input = writeSyntheticYear();
  const inputBytes = input.files.reduce((sum, path) => sum + statSync(path).size, 0);
  console.log(`  input: ${format(input.bars)} bars in ${input.files.length} CSV files, ${megabytes(inputBytes)}, ${input.from} to ${input.to} (written in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

  started = performance.now();
  let fields = 0;
  for (const path of input.files) await countLines(path, false, (line) => void (fields += line.split(',').length));
  const readSeconds = (performance.now() - started) / 1000;
  console.log(`  baseline, reading and splitting the CSV lines: ${readSeconds.toFixed(2)} s, ${format(input.bars / readSeconds)} lines/s`);

  const out = join(workDir, 'year.jsonl.gz');
  started = performance.now();
  const conversion = await convertMinuteBars({ files: input.files, outPath: out });
  const convertSeconds = (performance.now() - started) / 1000;
  if (conversion.bars !== input.bars || conversion.sessions !== sessionCount) throw new Error(`converted ${conversion.bars} bars in ${conversion.sessions} sessions`);
  console.log(
    `  conversion (merge by time, 4 updates a bar, gzip): ${convertSeconds.toFixed(2)} s, ${format(input.bars / convertSeconds)} bars/s → ` +
      `${format(conversion.frameCount)} frames, ${megabytes(statSync(out).size)} gzipped; peak RSS so far ${megabytes(process.resourceUsage().maxRSS * 1024)}`,
  );

  started = performance.now();
  const zcat = spawnSync('sh', ['-c', `zcat '${out}' | wc -l`], { encoding: 'utf8' });
  const zcatSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const parsedLines = await countLines(out, true, (line) => void JSON.parse(line));
  const parseSeconds = (performance.now() - started) / 1000;
  console.log(`  baseline, zcat | wc -l: ${zcatSeconds.toFixed(2)} s (${zcat.stdout.trim()} lines); gunzip + readline + JSON.parse: ${parseSeconds.toFixed(2)} s, ${format((parsedLines - 1) / parseSeconds)} frames/s`);

  const rates: number[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const runtime = await openMarket({ ...testMarketConfig, feed: 'replay', replayFile: out, replaySpeed: 'max' });
    let published = 0;
    runtime.market.onFrame(() => void (published += 1));
    // How long HTTP would wait: the event loop's delay while 'max' plays (it yields every 10 ms).
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    started = performance.now();
    runtime.start();
    await runtime.replay!.finished;
    const replaySeconds = (performance.now() - started) / 1000;
    loopDelay.disable();
    await runtime.stop();
    const days = runtime.kline.candles('RELIANCE', 'day', 'none').length;
    if (days !== sessionCount) throw new Error(`replay built ${days} day candles for ${sessionCount} sessions`);
    rates.push(conversion.frameCount / replaySeconds);
    console.log(
      `  replay at max, run ${attempt} (validate, publish, aggregate candles): ${replaySeconds.toFixed(2)} s, ${format(rates.at(-1)!)} frames/s, ` +
        `${format(published)} frames published, ${days} day candles; event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
    );
  }
  const best = Math.max(...rates);
  console.log(`  best: ${format(best)} frames/s ≈ ${(best / 4 / 375).toFixed(1)} sessions/s (4 frames a minute, 375 minutes a session); peak RSS ${megabytes(process.resourceUsage().maxRSS * 1024)}`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
