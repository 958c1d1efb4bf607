import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRecording } from '../../server/market/recording/format.ts';
import { defaultRecording, loopsNeeded, parseLoadTestArgs } from './args.ts';
import { loopRecording, shiftFrame, spanOf } from './loopRecording.ts';
import { descendantsOf, parseProcStat } from './procTree.ts';
import { ledgerBalanced, type ModeResult, sideBySide } from './report.ts';

// The load test's pure parts: its command line, the looped recording, /proc parsing and the
// side-by-side report. The run itself needs minutes and the whole machine; it prints figures
// and asserts no timing, so CI checks what decides those figures rather than the figures.

describe('load test command line', () => {
  it('defaults to the shipped fixture, one process then two stream workers', () => {
    const options = parseLoadTestArgs([], {});
    expect(options).toMatchObject({ recording: defaultRecording, clients: 1000, ordersPerSecond: 100, durationS: 20, speed: 1, workers: [2], redisUrl: 'redis://127.0.0.1:6379' });
  });

  it('reads the documented flags, a worker series and REDIS_URL', () => {
    const options = parseLoadTestArgs(['--recording', 'a.jsonl.gz', '--clients', '10000', '--orders-per-second', '500', '--duration', '30', '--speed', 'MAX', '--workers', '1,2,4,2'], { REDIS_URL: 'redis://10.0.0.5:6379' });
    expect(options).toMatchObject({ recording: 'a.jsonl.gz', clients: 10_000, ordersPerSecond: 500, durationS: 30, speed: 'max', workers: [1, 2, 4], redisUrl: 'redis://10.0.0.5:6379' });
    expect(parseLoadTestArgs(['--workers', '0']).workers).toEqual([]);
  });

  it('refuses what it cannot run rather than guessing', () => {
    expect(() => parseLoadTestArgs(['--clients', '10001'])).toThrow(/--clients must be a whole number from 1 to 10000/);
    expect(() => parseLoadTestArgs(['--speed', '1001'])).toThrow(/--speed/);
    expect(() => parseLoadTestArgs(['--duration', '1.5'])).toThrow(/--duration/);
    expect(() => parseLoadTestArgs(['--workers', '2,x'])).toThrow(/--workers/);
    expect(() => parseLoadTestArgs(['--unknown'])).toThrow();
  });

  it('loops a recording often enough to outlast the run at a fixed speed', () => {
    expect(loopsNeeded(121_000, 1, 100, 20)).toBe(1);
    expect(loopsNeeded(121_000, 10, 100, 20)).toBe(9);
    expect(loopsNeeded(121_000, 'max', 100, 20)).toBe(20);
  });
});

describe('looped recording', () => {
  it('shifts a copy by whole spans and carries cumulative volume and turnover on', () => {
    const frame: [number, [string, number, number, number, number, number, number, number, number, number][]] = [500, [['TCS', 100, 100, 99, 101, 98, 10, 1000, 1_000_500, 0]]];
    const carried = new Map([['TCS', [5, 500] as [number, number]]]);
    expect(shiftFrame(frame, 0, 2000, carried)).toBe(frame);
    expect(shiftFrame(frame, 2, 2000, carried)).toEqual([4500, [['TCS', 100, 100, 99, 101, 98, 20, 2000, 1_004_500, 0]]]);
    expect(spanOf([0, 1000, 2000])).toBe(3000);
  });

  it('plays the fixture back to back as a valid recording, offsets never going back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadtest-loop-'));
    try {
      const looped = await loopRecording(defaultRecording, join(dir, 'looped.jsonl.gz'), 3);
      const reader = await openRecording(join(dir, 'looped.jsonl.gz'));
      let frames = 0;
      let previous = -1;
      for await (const [offset] of reader.frames) {
        expect(offset).toBeGreaterThan(previous);
        previous = offset;
        frames += 1;
      }
      expect(frames).toBe(looped.frames);
      expect(looped.frames).toBe(360);
      expect(previous).toBeLessThan(3 * looped.spanMs);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('/proc of the server tree', () => {
  it('reads a stat line whose name holds spaces and parentheses', () => {
    const line = '4242 (node (worker) 1) S 4200 4242 4200 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 11 0 1000 123456789 3000 18446744073709551615';
    expect(parseProcStat(line)).toEqual({ pid: 4242, ppid: 4200, name: 'node (worker) 1', cpuTicks: 300, rssPages: 3000 });
    expect(parseProcStat('garbage')).toBeNull();
  });

  it('keeps the root and its descendants only, parents first', () => {
    const stat = (pid: number, ppid: number) => ({ pid, ppid, name: 'node', cpuTicks: 0, rssPages: 0 });
    const tree = descendantsOf(10, [stat(1, 0), stat(12, 10), stat(10, 1), stat(11, 10), stat(13, 12), stat(20, 1)]);
    expect(tree.map((s) => s.pid)).toEqual([10, 11, 12, 13]);
  });
});

describe('side-by-side report', () => {
  const mode = (name: string, workers: number, ledgerSums: Record<string, string>): ModeResult => ({
    name, workers, ready: 1000, clients: 1000, expectedTicksPerSecond: 20_000, deliveredTicksPerSecond: 19_000, framesPublishedPerSecond: 1,
    tickP50Ms: 10, tickP99Ms: 40, ordersSent: 100, ordersOk: 98, ordersShed: 0, orderP50Ms: 5, orderP99Ms: 30, refusals: { insufficient_balance: 2 }, streamErrors: {},
    server: workers === 0 ? [{ pid: 1, role: 'main', cpuPercent: 50, maxRssMb: 300 }] : [{ pid: 2, role: 'main', cpuPercent: 20, maxRssMb: 300 }, { pid: 3, role: 'worker 1', cpuPercent: 30, maxRssMb: 150 }],
    clientCpuPercent: 40, postgresCpuPercent: 10, loadBefore: 1, loadAfter: 2, ledgerSums, ledgerProblems: [],
  });

  it('prints every mode in its own column, each process and the ledger check', () => {
    const text = sideBySide([mode('1 process', 0, { INR: '0' }), mode('2 stream workers', 2, { INR: '0' })]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/\| 1 process\s+\| 2 stream workers$/);
    expect(text).toMatch(/delivered ticks\/s\s+\| 19,000 \(95\.0 %\)/);
    expect(text).toMatch(/worker 1: CPU \/ peak RSS\s+\| -\s+\| 30 % \/ 150 MB/);
    expect(text).toMatch(/refusals\s+\| insufficient_balance ×2/);
    expect(text).toMatch(/ledger check\s+\| balanced\s+\| balanced/);
  });

  it('calls a ledger whose currency does not sum to 0 unbalanced', () => {
    expect(ledgerBalanced({ ledgerSums: { INR: '0', USD: '0' }, ledgerProblems: [] })).toBe(true);
    expect(ledgerBalanced({ ledgerSums: { INR: '-5' }, ledgerProblems: [] })).toBe(false);
    expect(ledgerBalanced({ ledgerSums: { INR: '0' }, ledgerProblems: ['transfers that do not balance'] })).toBe(false);
    expect(sideBySide([mode('1 process', 0, { INR: '-5' })])).toMatch(/FAILED/);
  });
});
