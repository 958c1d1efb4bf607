import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamSnapshot, TickFrame } from '../../contract/market.ts';
import { createRankings, searchInstruments } from './marketViews.ts';
import { createMarket, runtimeListingsMax } from './marketService.ts';
import type { InstrumentSpec } from './model.ts';
import { openRecording } from './recording/format.ts';
import { openMarket, testMarketConfig } from './runtime.ts';
import { handDrivenMarket, nextEvent, simulatorFor, startStreamHarness, testEpoch, type StreamHarness } from './testing/marketTestKit.ts';

// Listing while running: a new instrument joins the catalogue, search, rankings and the
// stream at its opening price, the simulator moves it from there, and its candles begin
// at the listing (no invented history).

const newListing: InstrumentSpec = {
  code: 'LEDGERIPO', name: 'Ledgerline Listing Test Limited', isin: 'INE000L01019', exchange: 'NSE', currency: 'INR', kind: 'equity',
  industry: 'Information Technology', lot: 1, tickMinor: 5, bandPercent: 20, shares: null, constituents: null, beta: 1,
};

let harness: StreamHarness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

describe('listing a new instrument while the market runs', () => {
  it('new-listing-trades-from-its-open: appears in instruments, search and rankings and moves from its opening price', () => {
    const { market, step } = handDrivenMarket(3);
    const before = market.instruments.length;
    expect(market.list(newListing, { openMinor: 123_450, listedAt: testEpoch })).toBe('listed');
    expect(market.instruments.length).toBe(before + 1);
    expect(market.instrument('LEDGERIPO')).toEqual(newListing);
    expect(market.quote('LEDGERIPO')).toMatchObject({ last: 123_450, open: 123_450, prevClose: 123_450, volume: 0 });
    expect(searchInstruments(market, 'ledgerline listing').map((row) => row.code)).toEqual(['LEDGERIPO']);
    expect(searchInstruments(market, 'LEDGERI').map((row) => row.code)).toEqual(['LEDGERIPO']);
    let moved = false;
    for (let i = 0; i < 200 && !moved; i += 1) moved = step().some((quote) => quote.code === 'LEDGERIPO' && quote.volume > 0);
    expect(moved).toBe(true);
    const ranked = createRankings(market)('active', 10_000).map((row) => row.code);
    expect(ranked).toContain('LEDGERIPO');
  });

  it('listing-is-idempotent-and-bounded: a second listing of the code changes nothing; the runtime cap refuses loudly', () => {
    const { market } = handDrivenMarket(4);
    market.list(newListing, { openMinor: 10_000, listedAt: testEpoch });
    expect(market.list({ ...newListing, name: 'Other' }, { openMinor: 99_000, listedAt: testEpoch })).toBe('already_listed');
    expect(market.quote('LEDGERIPO')?.last).toBe(10_000);
    expect(market.instrument('LEDGERIPO')?.name).toBe(newListing.name);
    for (let i = 1; i < runtimeListingsMax; i += 1) market.list({ ...newListing, code: `CAPTEST${i}` }, { openMinor: 10_000, listedAt: testEpoch });
    expect(() => market.list({ ...newListing, code: 'ONETOOMANY' }, { openMinor: 10_000, listedAt: testEpoch })).toThrow(/at most/);
  });

  it('new-listing-streams: a board subscriber gets it in the snapshot and a code subscriber gets its ticks', async () => {
    const { market, step } = handDrivenMarket(5);
    harness = await startStreamHarness(market);
    market.list(newListing, { openMinor: 50_000, listedAt: testEpoch });
    const board = harness.client();
    board.emit('subscribe', { codes: ['*'] });
    const snapshot = await nextEvent<StreamSnapshot>(board, 'snapshot');
    expect(snapshot.quotes.map((quote) => quote[0])).toContain('LEDGERIPO');
    const watcher = harness.client();
    watcher.emit('subscribe', { codes: ['LEDGERIPO'] });
    await nextEvent<StreamSnapshot>(watcher, 'snapshot');
    const frames: TickFrame[] = [];
    watcher.on('ticks', (frame: TickFrame) => frames.push(frame));
    for (let i = 0; i < 60; i += 1) step();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(frames.flatMap((frame) => frame.quotes.map((quote) => quote[0]))).toContain('LEDGERIPO');
  });

  it('candles-start-at-listing: the chart of a new listing has only bars since it listed', async () => {
    const listedAt = testEpoch;
    const runtime = await openMarket(testMarketConfig, { now: () => listedAt + 5_000 });
    expect(runtime.market.list(newListing, { openMinor: 20_000, listedAt })).toBe('listed');
    runtime.market.flush();
    const days = runtime.kline.candles('LEDGERIPO', 'day', 'none');
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ o: '200.00', c: '200.00' });
    expect(runtime.kline.candles('LEDGERIPO', 'time_share', 'none').every((bar) => bar.t >= listedAt - 60_000)).toBe(true);
    expect(runtime.kline.realUntil('LEDGERIPO')).toBeNull();
    await runtime.stop();
  });

  it('a-recording-keeps-to-its-header: an instrument listed while recording stays out of it, so the recording replays', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ledgerline-listing-'));
    const path = join(folder, 'ticks.jsonl.gz');
    let time = testEpoch;
    const runtime = await openMarket({ ...testMarketConfig, recordTo: path }, { now: () => time });
    runtime.market.list(newListing, { openMinor: 20_000, listedAt: time });
    time += 1_000;
    runtime.market.flush();
    await runtime.stop();
    const recording = await openRecording(path);
    expect(recording.header.instruments.map((spec) => spec.code)).not.toContain('LEDGERIPO');
    for await (const frame of recording.frames) expect(frame[1].map((quote) => quote[0])).not.toContain('LEDGERIPO');
    await rm(folder, { recursive: true, force: true });
  });

  it('a-replay-ignores-listings: a feed that cannot invent prices (the replay has no list()) leaves the market as it is', () => {
    const { list: _list, ...withoutListing } = simulatorFor(6);
    const replayMarket = createMarket(withoutListing);
    expect(replayMarket.list(newListing, { openMinor: 10_000, listedAt: testEpoch })).toBe('ignored_by_replay');
    expect(replayMarket.instrument('LEDGERIPO')).toBeUndefined();
  });
});
