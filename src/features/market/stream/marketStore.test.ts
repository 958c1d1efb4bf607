import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument, StreamQuote } from '../../../../contract/market.ts';
import { CodeTable, encodeQuoteFrame, type MainToWorkerMessage, type WorkerToMainMessage } from '../../../../workers/quoteStreamProtocol.ts';
import { server, answerOk } from '../../../test/mswServer.ts';
import { clearSession, startSession } from '../../auth/sessionStore.ts';
import { getQuote, marketState, startMarketStream, stopMarketStream } from './marketStore.ts';
import { createMarketStream, type StreamWorker } from './marketStream.ts';

// The main thread's store against a fake worker: what it tells the worker, and what it
// makes of what the worker says.

class FakeWorker implements StreamWorker {
  readonly received: MainToWorkerMessage[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<WorkerToMainMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private readonly codeTable = new CodeTable();

  postMessage(message: MainToWorkerMessage): void {
    this.received.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(message: WorkerToMainMessage): void {
    act(() => this.onmessage?.({ data: message } as MessageEvent<WorkerToMainMessage>));
  }
  sendQuotes(...quotes: StreamQuote[]): void {
    this.say(encodeQuoteFrame(quotes, this.codeTable));
  }
  subscriptionMessages() {
    return this.received.filter((message) => message.type === 'subscriptions');
  }
}

const instrument = (code: string): Instrument => ({ code, name: `${code} Ltd`, isin: null, exchange: 'NSE', currency: 'INR', kind: 'equity', industry: 'IT', lot: 1, tickSize: '0.05' });
const quote = (code: string, last: number, prevClose = 100_000): StreamQuote => [code, last, prevClose, prevClose, last, last, 10, 1_000, 1_736_140_000_000, 0];

function setUp(options: { instruments?: Instrument[] } = {}) {
  const workers: FakeWorker[] = [];
  let clock = 0;
  const stream = createMarketStream({
    createWorker: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    loadInstruments: async () => options.instruments ?? [],
    now: () => (clock += 1),
  });
  return { stream, workers, worker: () => workers[workers.length - 1] as FakeWorker };
}

/** Subscription changes go out in a microtask, one message per batch of mounts and unmounts. */
const flushMicrotasks = () => act(async () => {});

describe('market stream store', () => {
  it('ref-counted-watch: two lists on one code subscribe once and unsubscribe when the last one unmounts', async () => {
    const { stream, worker } = setUp();
    stream.start();
    const first = renderHook(() => stream.useWatch(['INFY', 'TCS']));
    const second = renderHook(() => stream.useWatch(['INFY']));
    await flushMicrotasks();
    expect(worker().subscriptionMessages()).toEqual([{ type: 'subscriptions', add: ['INFY', 'TCS'], remove: [] }]);

    first.unmount();
    await flushMicrotasks();
    expect(worker().subscriptionMessages().at(-1)).toEqual({ type: 'subscriptions', add: [], remove: ['TCS'] });

    second.unmount();
    await flushMicrotasks();
    expect(worker().subscriptionMessages().at(-1)).toEqual({ type: 'subscriptions', add: [], remove: ['INFY'] });
    expect(worker().subscriptionMessages()).toHaveLength(3);
  });

  it('rerender-with-equal-codes: a new array with the same codes neither unsubscribes nor resubscribes', async () => {
    const { stream, worker } = setUp();
    stream.start();
    const watch = renderHook(({ codes }) => stream.useWatch(codes), { initialProps: { codes: ['INFY'] } });
    watch.rerender({ codes: ['INFY'] });
    await flushMicrotasks();
    expect(worker().subscriptionMessages()).toEqual([{ type: 'subscriptions', add: ['INFY'], remove: [] }]);
  });

  it('mounted-before-start: the worker hears the whole current set, including the board, when it starts', async () => {
    const { stream, worker } = setUp();
    renderHook(() => stream.useWatch(['INFY']));
    renderHook(() => stream.useBoard());
    await flushMicrotasks();
    stream.start();
    expect(worker().subscriptionMessages()).toEqual([{ type: 'subscriptions', add: ['INFY', '*'], remove: [] }]);
  });

  it('row-listeners: a quote frame re-renders only the rows of the codes it carries', () => {
    const { stream, worker } = setUp();
    stream.start();
    const renders = { INFY: 0, TCS: 0 };
    const infy = renderHook(() => {
      renders.INFY += 1;
      return stream.useQuote('INFY');
    });
    const tcs = renderHook(() => {
      renders.TCS += 1;
      return stream.useQuote('TCS');
    });
    worker().sendQuotes(quote('INFY', 150_000));
    expect(infy.result.current?.last).toBe(150_000);
    expect(tcs.result.current).toBeUndefined();
    expect(renders).toEqual({ INFY: 2, TCS: 1 });

    worker().sendQuotes(quote('TCS', 99_000));
    expect(renders).toEqual({ INFY: 2, TCS: 2 });
  });

  it('struct-of-arrays-frame: decodes every field, derives change and both directions, reuses the code table', () => {
    const { stream, worker } = setUp();
    stream.start();
    worker().sendQuotes(quote('INFY', 101_250), quote('TCS', 100_000));
    expect(stream.getQuote('INFY')).toEqual({
      code: 'INFY',
      last: 101_250,
      open: 100_000,
      prevClose: 100_000,
      high: 101_250,
      low: 101_250,
      volume: 10,
      turnover: 1_000,
      time: 1_736_140_000_000,
      shortVolume: 0,
      change: 1_250,
      changeRateBps: 125,
      direction: 'up',
      tickDirection: 'none',
      updatedAt: 1,
    });
    expect(stream.getQuote('TCS')).toMatchObject({ change: 0, changeRateBps: 0, direction: 'flat' });

    // The second frame names INFY by index only.
    worker().sendQuotes(quote('INFY', 98_750));
    expect(stream.getQuote('INFY')).toMatchObject({ last: 98_750, change: -1_250, changeRateBps: -125, direction: 'down', tickDirection: 'down', updatedAt: 2 });
  });

  it('untraded-day: open, high and low read as the previous close before the first trade', () => {
    const { stream, worker } = setUp();
    stream.start();
    worker().sendQuotes(['INFY', 100_000, 0, 100_000, 0, 0, 0, 0, 0, 0]);
    expect(stream.getQuote('INFY')).toMatchObject({ open: 100_000, high: 100_000, low: 100_000, direction: 'flat' });
  });

  it('rankings-and-meta: rankings are sliced to the limit; connection, source and phase reach the proxy', async () => {
    const { stream, worker } = setUp();
    stream.start();
    const ranking = renderHook(() => stream.useRanking('gainers', 2));
    const losers = renderHook(() => stream.useRanking('losers'));
    const meta = renderHook(() => stream.useMarketMeta());
    expect(meta.result.current.connection).toBe('connecting');
    worker().say({ type: 'connection', state: 'live' });
    worker().say({ type: 'source', source: { kind: 'replay', date: '2025-01-06', calendar: 'ist' } });
    worker().say({ type: 'phase', phase: 'open' });
    worker().say({ type: 'rankings', rankings: { gainers: ['A', 'B', 'C'] } });
    // Valtio tells its subscribers in a microtask.
    await flushMicrotasks();
    expect(ranking.result.current).toEqual(['A', 'B']);
    expect(losers.result.current).toEqual([]);
    expect(meta.result.current).toEqual({ connection: 'live', source: { kind: 'replay', date: '2025-01-06', calendar: 'ist' }, phase: 'open', closedReason: null });
    // The server's reason for closing stays until the stream is live again.
    worker().say({ type: 'streamClosed', reason: 'session_ended' });
    worker().say({ type: 'connection', state: 'offline' });
    await flushMicrotasks();
    expect(meta.result.current).toMatchObject({ connection: 'offline', closedReason: 'session_ended' });
    worker().say({ type: 'connection', state: 'live' });
    await flushMicrotasks();
    expect(meta.result.current.closedReason).toBeNull();
  });

  it('instruments: fetched on start, handed to the worker in slim form and readable by code', async () => {
    const { stream, worker } = setUp({ instruments: [instrument('INFY')] });
    const infy = renderHook(() => stream.useInstrument('INFY'));
    stream.start();
    await flushMicrotasks();
    expect(infy.result.current?.name).toBe('INFY Ltd');
    expect(worker().received).toContainEqual({ type: 'instruments', instruments: [{ code: 'INFY', kind: 'equity', currency: 'INR', industry: 'IT' }] });
  });

  it('sign-out: stop terminates the worker, forgets quotes and reads offline; start is idempotent', () => {
    const { stream, workers, worker } = setUp();
    stream.start();
    stream.start();
    expect(workers).toHaveLength(1);
    const infy = renderHook(() => stream.useQuote('INFY'));
    worker().sendQuotes(quote('INFY', 150_000));
    const stopped = worker();
    act(() => stream.stop());
    expect(stopped.terminated).toBe(true);
    expect(infy.result.current).toBeUndefined();
    expect(stream.marketState.connection).toBe('offline');
    // A late message from the terminated worker is ignored.
    stopped.sendQuotes(quote('INFY', 160_000));
    expect(stream.getQuote('INFY')).toBeUndefined();

    stream.start();
    expect(workers).toHaveLength(2);
  });

  it('order-updates: the worker is asked to watch the session at start, and a committed change reaches every mounted listener until it unmounts', () => {
    const workers: FakeWorker[] = [];
    const stream = createMarketStream({
      createWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
      loadInstruments: async () => [],
      orderWatchCredentials: () => ({ token: 'token-9', account: '9876500000' }),
    });
    stream.start();
    expect(workers[0]!.received).toContainEqual({ type: 'watchOrders', credentials: { token: 'token-9', account: '9876500000' } });
    const heard: string[] = [];
    const { unmount } = renderHook(() => stream.useOrderUpdates((update) => heard.push(`${update.kind}:${update.order_no}`)));
    workers[0]!.say({ type: 'orderUpdate', update: { kind: 'order_filled', order_no: '42', code: 'INFY', status: 'holding' } });
    unmount();
    workers[0]!.say({ type: 'orderUpdate', update: { kind: 'margin_called', order_no: '42', code: 'INFY', status: 'closed' } });
    expect(heard).toEqual(['order_filled:42']);
    stream.stop();
  });

  it('rankings-neighbours: industries and VIP analytics land in their hooks', async () => {
    const { stream, worker } = setUp();
    stream.start();
    const industries = renderHook(() => stream.useIndustries());
    const vip = renderHook(() => stream.useVipAnalytics());
    const heatmap = [{ industry: 'IT', changeRateBps: 50, advancers: 1, decliners: 0, unchanged: 0, turnover: 10, leader: { code: 'INFY', changeRateBps: 50 } }];
    worker().say({ type: 'industries', industries: heatmap });
    worker().say({ type: 'vip', analytics: { heatmap, topMovers: [], volumeSpikes: [], breadth: { advancers: 1, decliners: 0, unchanged: 0 } } });
    await flushMicrotasks();
    expect(industries.result.current).toEqual(heatmap);
    expect(vip.result.current?.breadth).toEqual({ advancers: 1, decliners: 0, unchanged: 0 });
  });
});

describe('the app instance', () => {
  afterEach(() => {
    stopMarketStream();
    vi.unstubAllGlobals();
  });

  it('signed-in-then-signed-out: a real Worker constructor is used, and clearing the session ends the stream', async () => {
    const spawned: FakeWorker[] = [];
    vi.stubGlobal(
      'Worker',
      class extends FakeWorker {
        constructor(readonly url: URL | string, readonly options: WorkerOptions) {
          super();
          spawned.push(this);
        }
      },
    );
    server.use(answerOk('market/instruments', [instrument('INFY')]));
    startSession('token-1', '9876543210');
    startMarketStream();
    expect(spawned).toHaveLength(1);
    expect(String((spawned[0] as unknown as { url: URL }).url)).toContain('quoteStream.worker');
    expect(marketState.connection).toBe('connecting');
    spawned[0]?.sendQuotes(quote('INFY', 150_000));
    expect(getQuote('INFY')?.last).toBe(150_000);

    act(() => clearSession());
    expect(spawned[0]?.terminated).toBe(true);
    expect(marketState.connection).toBe('offline');
    expect(getQuote('INFY')).toBeUndefined();
  });
});
