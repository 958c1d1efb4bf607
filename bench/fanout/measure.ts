import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Market } from '../../server/market/marketService.ts';

// Measurement helpers shared by the fan-out bench's processes: the clock, a latency
// histogram that can be merged across processes, and a once-a-second resource sample
// sent to the orchestrator over IPC.

/**
 * Wall clock with sub-millisecond resolution. Every process derives it from its own
 * performance.timeOrigin, so processes can disagree by a fraction of a millisecond; the
 * orchestrator measures that skew and prints it next to the latencies.
 */
export const now = (): number => performance.timeOrigin + performance.now();

/** 0.1 ms buckets up to 10 s: fine enough for p50 and cheap enough to record 200,000 samples/s. */
const bucketMs = 0.1;
const bucketCount = 100_000;

export class LatencyHistogram {
  readonly counts = new Uint32Array(bucketCount + 1);
  total = 0;
  max = 0;
  /** Samples below zero: clock skew between processes, reported rather than hidden. */
  negative = 0;

  record(ms: number): void {
    if (ms < 0) this.negative += 1;
    const index = Math.min(bucketCount, Math.max(0, Math.floor(ms / bucketMs)));
    this.counts[index]! += 1;
    this.total += 1;
    if (ms > this.max) this.max = ms;
  }

  /** Sparse [bucket, count] pairs: a histogram is mostly empty, and it travels over IPC as JSON. */
  toJSON(): SerializedHistogram {
    const buckets: [number, number][] = [];
    this.counts.forEach((count, index) => {
      if (count > 0) buckets.push([index, count]);
    });
    return { buckets, total: this.total, max: this.max, negative: this.negative };
  }

  merge(other: SerializedHistogram): void {
    for (const [index, count] of other.buckets) this.counts[index]! += count;
    this.total += other.total;
    this.max = Math.max(this.max, other.max);
    this.negative += other.negative;
  }

  /** Upper edge of the bucket holding the q-quantile, in ms; NaN when empty. */
  quantile(q: number): number {
    if (this.total === 0) return Number.NaN;
    const rank = Math.ceil(q * this.total);
    let seen = 0;
    for (let index = 0; index <= bucketCount; index++) {
      seen += this.counts[index]!;
      if (seen >= rank) return index === bucketCount ? this.max : Math.min(this.max, (index + 1) * bucketMs);
    }
    return this.max;
  }
}

export interface SerializedHistogram {
  buckets: [number, number][];
  total: number;
  max: number;
  negative: number;
}

/** One process's use of the machine over the last second. */
export interface ResourceSample {
  type: 'sample';
  at: number;
  /** CPU time over wall time, percent of one core (this machine has 2: at most 200). */
  cpuPercent: number;
  rssBytes: number;
  /** Event-loop delay over the last second: how long ready work waited for the loop. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/** Sends a ResourceSample to the parent every second until the process exits. */
export function reportResources(extra: () => Record<string, number> = () => ({})): void {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let lastCpu = process.cpuUsage();
  let lastAt = now();
  const timer = setInterval(() => {
    const at = now();
    const cpu = process.cpuUsage(lastCpu);
    const sample: ResourceSample = {
      type: 'sample',
      at,
      cpuPercent: ((cpu.user + cpu.system) / 1000 / (at - lastAt)) * 100,
      rssBytes: process.memoryUsage.rss(),
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      loopDelayMaxMs: loop.max / 1e6,
    };
    lastCpu = process.cpuUsage();
    lastAt = at;
    loop.reset();
    send({ ...sample, ...extra() });
  }, 1000);
  timer.unref();
}

/** process.send that tolerates a parent that has already gone (the child then exits on 'disconnect'). */
export function send(message: object): void {
  if (process.connected) process.send!(message);
}

/** Children stop when told to, and also when the orchestrator dies without telling them. */
export function exitWithParent(cleanup: () => void | Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(0), 5000);
    force.unref();
    try {
      await cleanup();
    } finally {
      process.exit(0);
    }
  };
  process.on('disconnect', () => void stop());
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'stop') void stop();
  });
  process.on('message', (message: { type?: string; id?: number }) => {
    // Clock probe: the orchestrator compares our clock with its own to bound the skew.
    if (message.type === 'clock') send({ type: 'clock', id: message.id, at: now() });
  });
}

export interface FrameReport {
  /** Frames published with sentAt in the window: each ready connection should receive each of them. */
  frames: number;
  /** sentAt until the last member's send() returned, per frame: the server's share of the latency. */
  fanoutP50Ms: number;
  fanoutMaxMs: number;
}

/** Must be registered after the server's own frame listener: the listeners run in registration order. */
export function recordFrames(market: Market): { report(from: number, to: number): FrameReport } {
  const frames: { sentAt: number; fanoutMs: number }[] = [];
  market.onFrame((frame) => void frames.push({ sentAt: frame.sentAt, fanoutMs: now() - frame.sentAt }));
  return {
    report(from, to) {
      const fanout = frames.filter((f) => f.sentAt >= from && f.sentAt < to).map((f) => f.fanoutMs).sort((a, b) => a - b);
      return { frames: fanout.length, fanoutP50Ms: fanout[Math.floor(fanout.length / 2)] ?? Number.NaN, fanoutMaxMs: fanout.at(-1) ?? Number.NaN };
    },
  };
}
