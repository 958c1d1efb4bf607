// Exchange round trip through HTTP: fx/quote then fx/convert for the same user, at a fixed
// rate (open loop: latency counts from each round trip's scheduled start, so a server that
// falls behind shows it), against the real server in a child process on PostgreSQL. The
// baseline, in the same run and at the same rate, is a round trip of two cheap authenticated
// commands (user/checkInState: the session check and one indexed read each). Prints figures
// and the target (p99 < 30 ms at 500/s); asserts nothing.
//
//   npx tsx bench/fx.ts [--rate 500] [--seconds 20] [--users 200] [--profile DIR]
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FxServerMessage } from './fx-server.ts';
import { dropDatabase } from './orders/databases.ts';
import { createClient, percentile, type Session } from './orders/load.ts';

const { values } = parseArgs({ options: { rate: { type: 'string', default: '500' }, seconds: { type: 'string', default: '20' }, users: { type: 'string', default: '200' }, profile: { type: 'string' } } });
const config = { rate: Number(values.rate), seconds: Number(values.seconds), users: Number(values.users) };
for (const [name, value] of Object.entries(config)) if (!Number.isInteger(value) || value < 1) throw new Error(`--${name}: expected a positive integer, got ${value}`);
const target = { rate: 500, p99Ms: 30 };
/** A quarter second of round trips may be outstanding; beyond that a scheduled start is shed and counted. */
const maxInFlight = Math.ceil(config.rate / 4);

type Client = ReturnType<typeof createClient>;
interface PhaseResult { name: string; sent: number; ok: number; shed: number; refusals: Map<string, number>; latenciesMs: number[]; elapsedS: number }

/** Round trips scheduled evenly at `rate`/s for `seconds`; each returns null on success or the refusal it met. */
async function openLoop(name: string, rate: number, seconds: number, roundTrip: (index: number) => Promise<string | null>): Promise<PhaseResult> {
  const result: PhaseResult = { name, sent: 0, ok: 0, shed: 0, refusals: new Map(), latenciesMs: [], elapsedS: 0 };
  const total = rate * seconds;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let index = 0;
  while (index < total) {
    const now = performance.now();
    while (index < total && started + (index * 1000) / rate <= now) {
      const scheduledAt = started + (index * 1000) / rate;
      if (pending.size >= maxInFlight) result.shed++;
      else {
        result.sent++;
        const promise = roundTrip(index)
          .catch((error: Error) => `transport:${error.message}`)
          .then((refusal) => {
            result.latenciesMs.push(performance.now() - scheduledAt);
            if (refusal === null) result.ok++;
            else result.refusals.set(refusal, (result.refusals.get(refusal) ?? 0) + 1);
          })
          .finally(() => pending.delete(promise));
        pending.add(promise);
      }
      index++;
    }
    await new Promise((done) => setTimeout(done, 1));
  }
  await Promise.all(pending);
  result.elapsedS = (performance.now() - started) / 1000;
  return result;
}

const refusalOf = (answer: { status: number; msg: string }) => (answer.status === 1 ? null : answer.msg);

function cheapRoundTrip(client: Client, sessions: Session[]) {
  return async (index: number) => {
    const session = sessions[index % sessions.length]!;
    const first = await client.post('user/checkInState', {}, session);
    if (first.status !== 1) return first.msg;
    return refusalOf(await client.post('user/checkInState', {}, session));
  };
}

function quoteOnly(client: Client, sessions: Session[]) {
  return async (index: number) => refusalOf(await client.post('fx/quote', { from: 'INR', to: 'KRW', amount: '1000.00' }, sessions[index % sessions.length]));
}

function exchangeRoundTrip(client: Client, sessions: Session[], runId: string) {
  return async (index: number) => {
    const session = sessions[index % sessions.length]!;
    const quote = await client.post('fx/quote', { from: 'INR', to: 'KRW', amount: '1000.00' }, session);
    if (quote.status !== 1) return `quote:${quote.msg}`;
    const converted = await client.post('fx/convert', { quote_id: quote.data.quote_id, idempotency_key: `bench-${runId}-${index}` }, session);
    return converted.status === 1 ? null : `convert:${converted.msg}`;
  };
}

function report(result: PhaseResult): string {
  const sorted = [...result.latenciesMs].sort((left, right) => left - right);
  const figure = (p: number) => percentile(sorted, p).toFixed(1).padStart(7);
  const refusals = [...result.refusals].map(([key, count]) => `${key}×${count}`).join(', ') || 'none';
  return `${result.name.padEnd(34)} ${String(result.ok).padStart(6)}/${result.sent} ok  ${(result.ok / result.elapsedS).toFixed(0).padStart(4)}/s  p50 ${figure(50)}  p90 ${figure(90)}  p99 ${figure(99)}  max ${figure(100)} ms  shed ${result.shed}  refused: ${refusals}`;
}

function nextMessage<T extends FxServerMessage['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<FxServerMessage, { type: T }>> {
  return new Promise((resolveMessage, reject) => {
    const timer = setTimeout(() => reject(new Error(`fx server: no '${type}' within ${timeoutMs} ms`)), timeoutMs);
    child.on('message', (message: FxServerMessage) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      resolveMessage(message as Extract<FxServerMessage, { type: T }>);
    });
    child.once('exit', (code) => reject(new Error(`fx server exited (${code}) before '${type}'`)));
  });
}

const databaseName = `ledgerline_bench_fx_${randomBytes(5).toString('hex')}`;
const child = fork(fileURLToPath(new URL('./fx-server.ts', import.meta.url)), [], {
  // --cpu-prof writes the server's .cpuprofile into DIR when it exits.
  execArgv: values.profile ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : process.execArgv,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, BENCH_USERS: String(config.users), BENCH_DATABASE: databaseName },
});
const stopChild = async () => {
  if (child.exitCode !== null) return;
  child.send({ type: 'stop' });
  await nextMessage(child, 'stopped', 30_000).catch(() => child.kill('SIGKILL'));
};
process.on('SIGINT', () => void stopChild().finally(() => dropDatabase(databaseName).finally(() => process.exit(130))));

try {
  console.log(`bench:fx — ${cpus().length} CPUs, load ${loadavg().map((value) => value.toFixed(2)).join(' ')}; ${config.rate} round trips/s for ${config.seconds} s, ${config.users} users, PostgreSQL`);
  const { port, sessions } = await nextMessage(child, 'ready', 180_000);
  const client = createClient(port, maxInFlight * 2);
  const runId = randomBytes(4).toString('hex');
  // Warm-up: JIT, the pool's connections, the session cache and the house FX accounts.
  await openLoop('warm-up', Math.min(config.rate, 200), 2, exchangeRoundTrip(client, sessions, `${runId}w`));
  const baseline = await openLoop('baseline: 2 × user/checkInState', config.rate, config.seconds, cheapRoundTrip(client, sessions));
  const quotes = await openLoop('part: fx/quote alone', config.rate, config.seconds, quoteOnly(client, sessions));
  const exchange = await openLoop('exchange: fx/quote → fx/convert', config.rate, config.seconds, exchangeRoundTrip(client, sessions, runId));
  console.log(report(baseline));
  console.log(report(quotes));
  console.log(report(exchange));
  const p99 = percentile([...exchange.latenciesMs].sort((left, right) => left - right), 99);
  const met = p99 < target.p99Ms && exchange.ok / exchange.elapsedS >= target.rate * 0.98 && exchange.shed === 0;
  console.log(`target: p99 < ${target.p99Ms} ms at ${target.rate}/s — ${met ? 'met' : 'NOT met'} (p99 ${p99.toFixed(1)} ms)`);
  client.close();
} finally {
  await stopChild();
  await dropDatabase(databaseName).catch(() => undefined);
}
