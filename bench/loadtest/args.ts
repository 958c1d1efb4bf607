import { parseArgs } from 'node:util';

// The load test's command line, as a pure function so its checks are unit-tested
// (bench/loadtest/loadtest.test.ts). Every figure the run prints depends on these.

export interface LoadTestOptions {
  recording: string;
  clients: number;
  ordersPerSecond: number;
  durationS: number;
  /** REPLAY_SPEED: a multiple of real time (1–1000) or 'max'. */
  speed: number | 'max';
  /** Multi-process phases to run after the single-process one: STREAM_WORKERS of each. Empty: single process only. */
  workers: number[];
  symbols: number;
  clientProcesses: number;
  audiences: number;
  users: number;
  rampPerProcess: number;
  /** Handshakes outstanding per client process: the ramp waits beyond it (a busy server is met at its pace). */
  maxPending: number;
  warmupS: number;
  /** Looped copies of the recording at --speed max (at a fixed speed the loop count follows from the duration). */
  repeat: number;
  redisUrl: string;
}

export const defaultRecording = 'fixtures/recordings/simulated-sample.jsonl.gz';

const usage = `npm run loadtest -- [--recording FILE] [--clients N] [--orders-per-second R] [--duration S]
                    [--speed 1..1000|max] [--workers 2 | 1,2,4 | 0 (single process only)] [--symbols 20]
                    [--client-processes 2] [--audiences 200] [--users 200] [--ramp 500] [--max-pending 200] [--warmup 3] [--repeat 20]`;

export function parseLoadTestArgs(argv: string[], env: NodeJS.ProcessEnv = {}): LoadTestOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      recording: { type: 'string', default: defaultRecording },
      clients: { type: 'string', default: '1000' },
      'orders-per-second': { type: 'string', default: '100' },
      duration: { type: 'string', default: '20' },
      speed: { type: 'string', default: '1' },
      workers: { type: 'string', default: '2' },
      symbols: { type: 'string', default: '20' },
      'client-processes': { type: 'string', default: '2' },
      audiences: { type: 'string', default: '200' },
      users: { type: 'string', default: '200' },
      ramp: { type: 'string', default: '500' },
      'max-pending': { type: 'string', default: '200' },
      warmup: { type: 'string', default: '3' },
      repeat: { type: 'string', default: '20' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) throw new Error(usage);
  const whole = (name: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}, got ${text}\n${usage}`);
    return value;
  };
  const speedText = values.speed.trim().toLowerCase();
  const workers = values.workers.trim() === '0' ? [] : values.workers.split(',').map((part) => whole('workers', part.trim(), 1, 64));
  return {
    recording: values.recording,
    // The stream refuses more than stream.connections_per_ip (at most 10,000) connections from one address.
    clients: whole('clients', values.clients, 1, 10_000),
    ordersPerSecond: whole('orders-per-second', values['orders-per-second'], 0, 100_000),
    durationS: whole('duration', values.duration, 1, 3600),
    speed: speedText === 'max' ? 'max' : whole('speed', speedText, 1, 1000),
    workers: [...new Set(workers)],
    symbols: whole('symbols', values.symbols, 1, 200),
    clientProcesses: whole('client-processes', values['client-processes'], 1, 64),
    audiences: whole('audiences', values.audiences, 1, 100_000),
    users: whole('users', values.users, 1, 100_000),
    rampPerProcess: whole('ramp', values.ramp, 1, 100_000),
    maxPending: whole('max-pending', values['max-pending'], 1, 100_000),
    warmupS: whole('warmup', values.warmup, 0, 600),
    repeat: whole('repeat', values.repeat, 1, 10_000),
    redisUrl: env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379',
  };
}

/**
 * How many times the recording must play back to back to last the warm-up, the window and
 * its grace at `speed`: a short fixture would otherwise end before the measurement does.
 */
export function loopsNeeded(recordingSpanMs: number, speed: number | 'max', coverS: number, repeatAtMax: number): number {
  if (speed === 'max') return repeatAtMax;
  if (recordingSpanMs <= 0) return 1;
  return Math.max(1, Math.ceil((coverS * 1000 * speed) / recordingSpanMs));
}
