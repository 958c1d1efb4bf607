// Load test: a recorded stream replayed into the real server while signed-in stream clients
// watch and funded users place orders, against one process and against the multi-process mode
// (REDIS_URL + STREAM_WORKERS) in the same invocation, printed side by side. Exits non-zero when
// the ledger does not balance after a mode; asserts no timing (the machine is shared).
//
//   npm run loadtest -- --recording FILE --clients N --orders-per-second R --duration S
//                       [--speed 1..1000|max] [--workers 2|1,2,4|0] (see args.ts for the rest)
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openRecording } from '../../server/market/recording/format.ts';
import { buildWatchlists } from '../fanout/watchlists.ts';
import { loopsNeeded, parseLoadTestArgs } from './args.ts';
import { loopRecording, spanOf } from './loopRecording.ts';
import { dropScratchDatabases, runPhase, stopChildren } from './phase.ts';
import { ledgerBalanced, type ModeResult, sideBySide } from './report.ts';

let options;
try {
  options = parseLoadTestArgs(process.argv.slice(2), process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const recordingPath = resolve(options.recording);
if (!existsSync(recordingPath)) {
  console.error(`--recording ${options.recording}: no such file`);
  process.exit(2);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and clients, dropping scratch databases…`);
    void stopChildren().then(dropScratchDatabases).finally(() => process.exit(130));
  });
}

const workDir = await mkdtemp(join(tmpdir(), 'ledgerline-loadtest-replay-'));
let exitCode = 0;
try {
  // The header and one copy's span decide how often the recording must loop to outlast the run.
  const probe = await openRecording(recordingPath);
  const offsets: number[] = [];
  for await (const frame of probe.frames) offsets.push(frame[0]);
  probe.close();
  const { header } = probe;
  const rampS = options.clients / (options.rampPerProcess * options.clientProcesses);
  // Server start, seeding, the ramp, warm-up, window and grace, with room to spare: the replay runs from the server's start,
  // and a replay that ends closes the market (orders refused non_trading_hours). A busy machine ramps 10,000 clients in
  // many minutes, so at least half an hour of replay: a copy of the fixture is 90 KB.
  const coverS = Math.max(1800, 180 + rampS * 10 + options.warmupS + options.durationS);
  const loops = loopsNeeded(spanOf(offsets), options.speed, coverS, options.repeat);
  const replayFile = join(workDir, 'looped.jsonl.gz');
  const looped = await loopRecording(recordingPath, replayFile, loops);
  const stocks = header.instruments.filter((spec) => spec.kind !== 'index' && spec.currency === 'INR').map((spec) => spec.code);
  const symbols = Math.min(options.symbols, header.instruments.length);
  const watchlists = buildWatchlists(options.audiences, symbols, 20260101, new Set(looped.instruments));

  console.log(`load test: ${options.recording} (${header.recordedFrom}, ${header.instruments.length} instruments, ${offsets.length} frames over ${(spanOf(offsets) / 1000).toFixed(0)} s) played ${loops}× back to back at REPLAY_SPEED=${options.speed}`);
  console.log(`  ${options.clients} signed-in stream clients over ${options.clientProcesses} client processes, ${watchlists.lists.length} watchlists of ${symbols} codes (${watchlists.distinctCodes} distinct of ${watchlists.universe}); ${options.ordersPerSecond} orders/s (market and limit, idempotency keys) from ${options.users} funded users for ${options.durationS} s`);
  console.log(`  database: a scratch PostgreSQL database per mode (what a multi-process deployment runs on); modes: 1 process${options.workers.map((n) => `, REDIS_URL + STREAM_WORKERS=${n}`).join('')}`);
  console.log(`  machine: ${cpus().length} cores, node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} (shared with other work: compare modes within this run)`);

  const modes = [{ name: '1 process', workers: 0 }, ...options.workers.map((workers) => ({ name: `${workers} stream worker${workers === 1 ? '' : 's'}`, workers }))];
  const results: ModeResult[] = [];
  for (const mode of modes) {
    try {
      results.push(await runPhase({ ...mode, options, replayFile, lists: watchlists.lists, stocks }));
    } catch (error) {
      if (interrupted) break;
      console.error(`[${mode.name}] failed: ${(error as Error).stack ?? error}`);
      exitCode = 1;
    }
  }
  if (results.length > 0) console.log(`\n${sideBySide(results)}`);
  console.log('\nCPU is percent of one core (this machine has ' + cpus().length + '); tick-to-receive is client receive time minus the frame\'s sentAt (same machine, same clock).');
  for (const result of results) {
    if (result.framesPublishedPerSecond === 0) console.error(`${result.name}: no frame in the window — the replay had ended (raise --repeat at --speed max); its stream figures are void`);
    if (!ledgerBalanced(result)) {
      console.error(`${result.name}: the ledger does not balance`);
      exitCode = 1;
    }
  }
  if (results.length < modes.length) exitCode = 1;
} finally {
  await stopChildren();
  await dropScratchDatabases();
  await rm(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
