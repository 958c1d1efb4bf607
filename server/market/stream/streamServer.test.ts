import { afterEach, describe, expect, it } from 'vitest';
import type { StreamError, StreamSnapshot, TickFrame } from '../../../contract/market.ts';
import { loadCatalog } from '../instruments/catalog.ts';
import { handDrivenMarket, nextEvent, startStreamHarness, type StreamHarness } from '../testing/marketTestKit.ts';

let harness: StreamHarness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

async function setUp(universe?: Parameters<typeof handDrivenMarket>[1]) {
  const driven = handDrivenMarket(1, universe);
  harness = await startStreamHarness(driven.market);
  const codes = driven.market.instruments.filter((spec) => spec.kind === 'equity').map((spec) => spec.code);
  return { ...driven, harness, codes };
}

describe('quote stream', () => {
  it('answers a subscription with a snapshot, then sends only the subscribed codes in batched frames', async () => {
    const { harness, codes, step } = await setUp();
    const client = harness.client();
    client.emit('subscribe', { codes: codes.slice(0, 3) });
    const snapshot = await nextEvent<StreamSnapshot>(client, 'snapshot');
    expect(snapshot.quotes.map((q) => q[0]).sort()).toEqual(codes.slice(0, 3).sort());
    expect(snapshot.source.kind).toBe('simulated');
    const frames: TickFrame[] = [];
    client.on('ticks', (frame: TickFrame) => frames.push(frame));
    for (let i = 0; i < 30; i += 1) step();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.length).toBeLessThanOrEqual(30);
    for (const frame of frames) for (const quote of frame.quotes) expect(codes.slice(0, 3)).toContain(quote[0]);
  });

  it('sends every instrument to a board subscriber', async () => {
    const { harness, market, step } = await setUp();
    const client = harness.client();
    client.emit('subscribe', { codes: ['*'] });
    const snapshot = await nextEvent<StreamSnapshot>(client, 'snapshot');
    expect(snapshot.quotes).toHaveLength(market.instruments.length);
    const frame = nextEvent<TickFrame>(client, 'ticks');
    step();
    expect((await frame).quotes.length).toBeGreaterThan(1);
  });

  it('answers malformed messages, unknown codes and unknown events with an error event and keeps the connection', async () => {
    const { harness, codes } = await setUp();
    const client = harness.client();
    client.emit('subscribe', 'garbage');
    expect((await nextEvent<StreamError>(client, 'stream_error')).key).toBe('invalid_message');
    client.emit('subscribe', { codes: [42] });
    expect((await nextEvent<StreamError>(client, 'stream_error')).key).toBe('invalid_message');
    client.emit('launch', { codes: ['X'] });
    expect((await nextEvent<StreamError>(client, 'stream_error')).key).toBe('invalid_message');
    // The error and the snapshot for the known code arrive together: listen for both first.
    const error = nextEvent<StreamError>(client, 'stream_error');
    const snapshotArrives = nextEvent<StreamSnapshot>(client, 'snapshot');
    client.emit('subscribe', { codes: ['NOSUCHCODE', codes[0]] });
    expect(await error).toEqual({ key: 'unknown_instrument', detail: 'NOSUCHCODE' });
    const snapshot = await snapshotArrives;
    expect(snapshot.quotes.map((q) => q[0])).toEqual([codes[0]]);
    expect(harness.stream.stats()).toMatchObject({ invalidMessages: 3, unknownInstruments: 1 });
  });

  it('caps symbols per connection and messages per second', async () => {
    const { harness } = await setUp();
    const client = harness.client();
    client.emit('subscribe', { codes: Array.from({ length: 201 }, (_, i) => `C${i}`) });
    expect((await nextEvent<StreamError>(client, 'stream_error')).key).toBe('invalid_message');
    const errors: StreamError[] = [];
    client.on('stream_error', (error: StreamError) => errors.push(error));
    for (let i = 0; i < 40; i += 1) client.emit('unsubscribe', { codes: ['ABC'] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Refused messages are counted, but told once a second: answering each would queue without bound.
    expect(harness.stream.stats().rateLimited).toBeGreaterThanOrEqual(15);
    expect(errors.filter((e) => e.key === 'rate_limited')).toHaveLength(1);
    expect(client.connected).toBe(true);
  });

  it('after a reconnect, a re-subscription gets a fresh snapshot with the latest prices', async () => {
    const { harness, codes, step, market } = await setUp();
    const client = harness.client();
    const subscribe = () => client.emit('subscribe', { codes: codes.slice(0, 5) });
    client.on('connect', subscribe);
    await nextEvent(client, 'snapshot');
    client.io.engine.close();
    for (let i = 0; i < 20; i += 1) step();
    const snapshot = await nextEvent<StreamSnapshot>(client, 'snapshot');
    for (const quote of snapshot.quotes) expect(quote[1]).toBe(market.quote(quote[0])!.last);
  });
});

describe('quote stream limits under load', () => {
  it('refuses a subscription that would take a connection past 200 symbols, keeping the earlier ones', async () => {
    const { harness, codes } = await setUp(loadCatalog().instruments);
    const client = harness.client();
    client.emit('subscribe', { codes: codes.slice(0, 150) });
    expect((await nextEvent<StreamSnapshot>(client, 'snapshot')).quotes).toHaveLength(150);
    client.emit('subscribe', { codes: codes.slice(150, 210) });
    expect(await nextEvent<StreamError>(client, 'stream_error')).toMatchObject({ key: 'too_many_symbols' });
    client.emit('subscribe', { codes: codes.slice(150, 200) });
    expect((await nextEvent<StreamSnapshot>(client, 'snapshot')).quotes).toHaveLength(50);
  });

  it('conflates a client that stops reading: the server stops queuing for it and sends one fresh snapshot when it drains', async () => {
    const { harness, step, market } = await setUp(loadCatalog().instruments);
    const client = harness.client();
    client.emit('subscribe', { codes: ['*'] });
    await nextEvent(client, 'snapshot');
    const transport = client.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } };
    transport.ws._socket.pause();
    for (let i = 0; i < 400 && harness.stream.stats().conflations === 0; i += 1) {
      step();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(harness.stream.stats().conflations).toBe(1);
    const framesWhileSlow = harness.stream.stats().framesPublished;
    for (let i = 0; i < 50; i += 1) step();
    expect(harness.stream.stats().framesPublished).toBe(framesWhileSlow + 50);
    const snapshot = new Promise<StreamSnapshot>((resolve) => {
      client.on('snapshot', resolve);
    });
    transport.ws._socket.resume();
    const fresh = await snapshot;
    const reliance = fresh.quotes.find((q) => q[0] === 'RELIANCE')!;
    expect(reliance[1]).toBe(market.quote('RELIANCE')!.last);
  });
});
