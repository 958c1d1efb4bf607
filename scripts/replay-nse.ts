// Replays a real NSE session: converts the shared 1-minute bars of one IST day into a
// recording (docs/recording-format.md) and, with --serve, runs the app on it.
//
//   npx tsx scripts/replay-nse.ts [--date 2019-01-02] [--out data/recordings/nse-2019-01-02.jsonl.gz]
//                                 [--serve] [--speed 60] [--data-dir /work/shared/data]
//
// The price files have no redistribution licence: they are read from the shared data
// folder and the recording goes under data/ (git-ignored) or outside the repository.
import { spawn } from 'node:child_process';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { convertMinuteBars, defaultReplayDate } from '../server/market/recording/convertMinuteBars.ts';
import { sharedDataDir } from '../server/market/sharedData.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: {
    date: { type: 'string', default: defaultReplayDate },
    out: { type: 'string' },
    serve: { type: 'boolean', default: false },
    speed: { type: 'string', default: '60' },
    'data-dir': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const usage = 'usage: replay-nse [--date YYYY-MM-DD] [--out FILE.jsonl.gz] [--serve] [--speed 1-1000] [--data-dir DIR]';
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) fail(`--date must be YYYY-MM-DD, got ${values.date}`);
const speed = Number(values.speed);
if (!Number.isInteger(speed) || speed < 1 || speed > 1000) fail(`--speed must be an integer from 1 to 1000, got ${values.speed}`);

const dataDir = values['data-dir'] ? resolve(values['data-dir']) : sharedDataDir();
if (!dataDir) fail('no shared market data found: pass --data-dir or set MARKET_DATA_DIR (see /work/shared/data/README.md)');

const outPath = resolve(values.out ?? `${repositoryRoot}data/recordings/nse-minute-${values.date}.jsonl.gz`);
const fromRepository = relative(repositoryRoot, outPath);
const outsideRepository = isAbsolute(fromRepository) || fromRepository === '..' || fromRepository.startsWith(`..${sep}`);
if (!outsideRepository && !fromRepository.startsWith(`data${sep}`)) {
  fail(`refusing to write ${outPath}: inside the repository, recordings of NSE data belong under data/ (git-ignored)`);
}

const recording = await convertMinuteBars({ minuteDir: resolve(dataDir, 'minute'), date: values.date, outPath }).catch((error: Error) =>
  fail(error.message),
);
const bars = [...recording.barCounts].map(([code, count]) => `${code} ${count}`).join(', ');
console.log(`recorded ${recording.frames.length} frames from minute bars of ${values.date} (${bars})`);
console.log(`recording: ${outPath}`);

if (values.serve) {
  console.log(`starting the app on the replay at ×${speed}: MARKET_FEED=replay REPLAY_FILE=${outPath} REPLAY_SPEED=${speed}`);
  const server = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
    env: { ...process.env, MARKET_FEED: 'replay', REPLAY_FILE: outPath, REPLAY_SPEED: String(speed) },
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
