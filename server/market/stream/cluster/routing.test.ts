import { describe, expect, it } from 'vitest';
import type { StreamQuote } from '../../../../contract/market.ts';
import { smallUniverse } from '../../testing/marketTestKit.ts';
import { createMirrorMarket } from './mirrorMarket.ts';
import type { MarketSnapshot } from './protocol.ts';
import { allowRestart, isStreamUpgrade, nextWorker, rawRequestHead } from './routing.ts';

describe('stream cluster routing', () => {
  it('hands only the quote socket path to a worker', () => {
    expect(isStreamUpgrade('/socket.io/?EIO=4&transport=websocket')).toBe(true);
    expect(isStreamUpgrade('/socket.io?EIO=4')).toBe(true);
    expect(isStreamUpgrade('/socket.iox/')).toBe(false);
    expect(isStreamUpgrade('/api/vue/socket.io/')).toBe(false);
    expect(isStreamUpgrade(undefined)).toBe(false);
  });

  it('takes ready workers in turn and none when none is ready', () => {
    expect(nextWorker([], -1)).toBeNull();
    expect(nextWorker(['a', 'b'], -1)).toEqual({ worker: 'a', index: 0 });
    expect(nextWorker(['a', 'b'], 0)).toEqual({ worker: 'b', index: 1 });
    expect(nextWorker(['a', 'b'], 1)).toEqual({ worker: 'a', index: 0 });
    // A worker left since: the turn wraps over what remains.
    expect(nextWorker(['a'], 1)).toEqual({ worker: 'a', index: 0 });
  });

  it('replays the request line and headers as the client sent them', () => {
    const head = rawRequestHead({ method: 'GET', url: '/socket.io/?EIO=4&transport=websocket', httpVersion: '1.1', rawHeaders: ['Host', 'x', 'Upgrade', 'websocket'] });
    expect(head).toBe('GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n');
  });

  it('replaces dying workers at most max times per window', () => {
    const budget = { max: 2, windowMs: 1000 };
    const first = allowRestart([], 0, budget);
    expect(first).toEqual([0]);
    const second = allowRestart(first ?? [], 10, budget);
    expect(second).toEqual([0, 10]);
    expect(allowRestart(second ?? [], 20, budget)).toBeNull();
    // Once the first restart leaves the window, one more is allowed.
    expect(allowRestart(second ?? [], 1001, budget)).toEqual([10, 1001]);
  });
});

describe('market mirror', () => {
  const instruments = smallUniverse();
  const quote = (code: string, last: number, time: number): StreamQuote => [code, last, 100, 100, last, last, 1, last, time, 0];
  const snapshot = (seq: number, quotes: StreamQuote[]): MarketSnapshot => ({
    seq, source: { kind: 'simulated', date: null, calendar: 'always_open' }, phase: 'open', instruments, quotes,
  });
  const code = (instruments[1] ?? instruments[0])!.code;

  it('applies frames in sequence, republishes them, and tells a stale frame from a missed one', () => {
    const mirror = createMirrorMarket(snapshot(5, [quote(code, 100, 1)]));
    const heard: number[] = [];
    mirror.onFrame((frame) => heard.push(frame.quotes[0]![1]));
    expect(mirror.apply({ seq: 5, phase: 'open', frame: { sentAt: 1, quotes: [quote(code, 90, 2)] }, listed: [] })).toBe('stale');
    expect(mirror.apply({ seq: 6, phase: 'closed', frame: { sentAt: 2, quotes: [quote(code, 110, 3)] }, listed: [] })).toBe('applied');
    expect(mirror.quote(code)?.last).toBe(110);
    expect(mirror.phase()).toBe('closed');
    expect(mirror.apply({ seq: 8, phase: 'open', frame: { sentAt: 3, quotes: [quote(code, 120, 4)] }, listed: [] })).toBe('gap');
    expect(mirror.quote(code)?.last).toBe(110);
    expect(heard).toEqual([110]);
    // A fresh snapshot, then frames go on from its number.
    mirror.load(snapshot(9, [quote(code, 130, 5)]));
    expect(mirror.quote(code)?.last).toBe(130);
    expect(mirror.apply({ seq: 10, phase: 'open', frame: { sentAt: 4, quotes: [quote(code, 131, 6)] }, listed: [] })).toBe('applied');
  });

  it('learns a listed instrument from the frame that first quotes it, and an empty frame only moves the phase', () => {
    const mirror = createMirrorMarket(snapshot(0, []));
    const listed = { ...instruments[1]!, code: 'NEWIPO' };
    let frames = 0;
    mirror.onFrame(() => (frames += 1));
    mirror.apply({ seq: 1, phase: 'open', frame: { sentAt: 1, quotes: [quote('NEWIPO', 50, 1)] }, listed: [listed] });
    expect(mirror.instrument('NEWIPO')).toEqual(listed);
    expect(mirror.instruments.map((spec) => spec.code)).toContain('NEWIPO');
    mirror.apply({ seq: 2, phase: 'closed', frame: { sentAt: 2, quotes: [] }, listed: [] });
    expect(mirror.phase()).toBe('closed');
    expect(frames).toBe(1);
  });
});
