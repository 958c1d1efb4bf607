// Replays real NSE minute bars: converts any number of 1-minute-bar CSV files (any symbols,
// any span of days) into one recording (docs/recording-format.md) and, with --serve, runs
// the app on it.
//
//   npx tsx scripts/replay-nse.ts [--bars FILE.csv [--bars FILE2.csv …]] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
//                                 [--out OUT.jsonl.gz] [--serve] [--speed 1-1000|max]
//
// Files: `timestamp,symbol,open,high,low,close,volume`, ISO timestamps with +05:30, each file
// in time order (`.csv` or `.csv.gz`). Without --bars, the minute/ folder of the shared market
// data (../shared/data beside the project, or MARKET_DATA_DIR) is used.
//
// The price files have no redistribution licence: they are read where they are and the
// recording goes under data/ (git-ignored) or outside the repository (elsewhere in the
// repository it is written with a warning: it must never be committed).
import { spawn } from 'node:child_process';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseIsoDay } from '../contract/calendar.ts';
import { convertMinuteBars, minuteFilesIn } from '../server/market/recording/convertMinuteBars.ts';
import { sharedDataDir } from '../server/market/sharedData.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

const usage = `usage: npx tsx scripts/replay-nse.ts [--bars FILE.csv ...] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
                                    [--out OUT.jsonl.gz] [--serve] [--speed 1-1000|max]
  --bars FILE   minute bars, columns timestamp,symbol,open,high,low,close,volume (ISO +05:30), in time order;
                repeat for more files. Default: every CSV in minute/ of the shared data folder
                (../shared/data beside the project, or MARKET_DATA_DIR)
  --from, --to  first and last IST day to record (inclusive); default: every day in the files
  --date DAY    one day: the same as --from DAY --to DAY
  --out FILE    recording to write; default data/recordings/nse-minute[-FROM][-TO].jsonl.gz (git-ignored)
  --serve       then start the app on the recording (MARKET_FEED=replay REPLAY_FILE=… REPLAY_SPEED=…)
  --speed N     replay speed for --serve and the printed command: 1 to 1000, or max (default 60)`;

const { values } = parseArgs({
  options: {
    bars: { type: 'string', multiple: true },
    from: { type: 'string' },
    to: { type: 'string' },
    date: { type: 'string' },
    out: { type: 'string' },
    serve: { type: 'boolean', default: false },
    speed: { type: 'string', default: '60' },
    'data-dir': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const from = values.from ?? values.date;
const to = values.to ?? values.date;
for (const [name, day] of [['--from', from], ['--to', to]] as const) {
  if (day !== undefined && parseIsoDay(day) === null) fail(`${name} must be a date YYYY-MM-DD, got ${day}`);
}
if (from && to && from > to) fail(`--from ${from} is after --to ${to}`);
const speed = values.speed.trim().toLowerCase();
if (speed !== 'max' && !(/^\d+$/.test(speed) && +speed >= 1 && +speed <= 1000)) fail(`--speed must be an integer from 1 to 1000 or max, got ${values.speed}`);

let files: string[];
if (values.bars && values.bars.length > 0) {
  files = values.bars.map((file) => resolve(file));
} else {
  const dataDir = values['data-dir'] ? resolve(values['data-dir']) : sharedDataDir();
  if (!dataDir) fail('no --bars given and no shared market data found: put it in ../shared/data beside the project or set MARKET_DATA_DIR');
  files = minuteFilesIn(join(dataDir, 'minute'));
  if (files.length === 0) fail('no minute-bar CSV files in the shared data folder (../shared/data/minute, or MARKET_DATA_DIR/minute)');
}

const span = [from, to && to !== from ? to : undefined].filter(Boolean).join('-');
const outPath = resolve(values.out ?? `${repositoryRoot}data/recordings/nse-minute${span ? `-${span}` : ''}.jsonl.gz`);
const fromRepository = relative(repositoryRoot, outPath);
const outsideRepository = isAbsolute(fromRepository) || fromRepository === '..' || fromRepository.startsWith(`..${sep}`);
if (!outsideRepository && !fromRepository.startsWith(`data${sep}`)) {
  // Written as asked (the documented command takes any --out), but such a file must never be committed.
  console.error(`note: ${fromRepository} is inside the repository and not git-ignored; recordings of NSE prices belong under data/ or outside it, never in a commit`);
}

const started = performance.now();
const recording = await convertMinuteBars({ files, from, to, outPath }).catch((error: Error) => fail(error.message));
const seconds = (performance.now() - started) / 1000;
const { header } = recording;
const unlisted = header.instruments.filter((spec) => /\(unlisted/.test(spec.name)).map((spec) => spec.code);
console.log(
  `recorded ${recording.frameCount.toLocaleString('en-IN')} frames from ${recording.bars.toLocaleString('en-IN')} minute bars: ` +
    `${recording.sessions} session${recording.sessions === 1 ? '' : 's'}, ${header.date} to ${header.lastDate ?? header.date}, ${header.instruments.length} instruments ` +
    `(${Math.round(recording.bars / Math.max(seconds, 0.001)).toLocaleString('en-IN')} bars/s)`,
);
if (unlisted.length > 0) console.log(`not in the catalogue, added as unlisted: ${unlisted.slice(0, 20).join(', ')}${unlisted.length > 20 ? ` and ${unlisted.length - 20} more` : ''}`);
console.log(`recording: ${outPath}`);

if (values.serve) {
  console.log(`starting the app on the replay at ${speed === 'max' ? 'max speed' : `×${speed}`}: MARKET_FEED=replay REPLAY_FILE=${outPath} REPLAY_SPEED=${speed}`);
  const server = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
    env: { ...process.env, MARKET_FEED: 'replay', REPLAY_FILE: outPath, REPLAY_SPEED: speed },
  });
  // Pass Ctrl-C and stop requests on so the server shuts down cleanly.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  console.log(`serve it: MARKET_FEED=replay REPLAY_FILE=${outPath} REPLAY_SPEED=${speed} npx tsx server/main.ts   (or add --serve)`);
}

function fail(message: string): never {
  console.error(message);
  console.error(usage);
  process.exit(2);
}
