import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import { allInstrumentsBoard } from '../../../../contract/constants.ts';
import type { FeedSource, Instrument, SessionPhase, StreamCloseReason } from '../../../../contract/market.ts';
import type { OrderUpdate } from '../../../../contract/trading.ts';
import { decodeQuoteFrame, type MainToWorkerMessage, rankingKinds, type WorkerToMainMessage } from '../../../../workers/quoteStreamProtocol.ts';
import { toLiveQuote } from './liveQuote.ts';
import type { ConnectionState, IndustryAggregate, LiveQuote, RankingKind, VipAnalytics } from './marketStore.ts';

// The main thread's half of the quote stream, as a factory so tests can run it against a
// fake worker. marketStore.ts holds the app's one instance and its public API.
//
// Quotes live in a plain Map with listeners per code, not in valtio: 2,000 rows updating
// several times a second would otherwise proxy and diff every one. Valtio keeps only the
// few UI-level values (connection, rankings, industries, VIP analytics), with the big
// arrays wrapped in ref() so they are swapped whole, never proxied.

/** The part of Worker this module uses; a real Worker satisfies it. */
export type StreamWorker = {
  postMessage(message: MainToWorkerMessage): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerToMainMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
};

export type MarketStreamDependencies = {
  /** Null where workers do not exist (happy-dom tests): the stream then stays offline. */
  createWorker: () => StreamWorker | null;
  loadInstruments: () => Promise<Instrument[]>;
  /** The signed-in session, whose order updates the socket should hear; null for none. */
  /** The session to watch orders with: headers, `{}` for the session cookie (the socket's handshake carries it), or null when signed out. */
  orderWatchCredentials?: () => { token: string; account: string } | Record<string, never> | null;
  now?: () => number;
  instrumentRetryDelaysMs?: readonly number[];
};

/** `closedReason`: why the server last closed or refused the connection, until it is live again. */
export type MarketMeta = { connection: ConnectionState; source: FeedSource | null; phase: SessionPhase | null; closedReason: StreamCloseReason | null };
type BoardState = { rankings: Record<RankingKind, readonly string[]>; industries: readonly IndustryAggregate[]; vip: VipAnalytics | null };

const emptyBoard = (): BoardState => ({
  rankings: { gainers: ref([]), losers: ref([]), active: ref([]), turnover: ref([]) },
  industries: ref([]),
  vip: null,
});

export function createMarketStream(dependencies: MarketStreamDependencies) {
  const { createWorker, loadInstruments, orderWatchCredentials = () => null, now = () => performance.now(), instrumentRetryDelaysMs = [2_000, 5_000, 15_000] } = dependencies;

  const marketState = proxy<MarketMeta>({ connection: 'offline', source: null, phase: null, closedReason: null });
  const boardState = proxy<BoardState>(emptyBoard());

  const quotes = new Map<string, LiveQuote>();
  const quoteListeners = new Map<string, Set<() => void>>();
  let codeTable: string[] = [];

  const instruments = new Map<string, Instrument>();
  const instrumentListeners = new Set<() => void>();
  let instrumentsLoading = false;

  const refCounts = new Map<string, number>();
  const pendingAdd = new Set<string>();
  const pendingRemove = new Set<string>();
  let flushQueued = false;

  let worker: StreamWorker | null = null;
  // Screens showing orders (a handful at a time) reload when one of the user's orders changes.
  const orderUpdateListeners = new Set<(update: OrderUpdate) => void>();

  function notifyQuote(code: string): void {
    const listeners = quoteListeners.get(code);
    if (listeners) for (const listener of listeners) listener();
  }

  function receive(message: WorkerToMainMessage): void {
    switch (message.type) {
      case 'connection':
        marketState.connection = message.state;
        if (message.state === 'live') marketState.closedReason = null;
        return;
      case 'streamClosed':
        marketState.closedReason = message.reason;
        return;
      case 'source':
        marketState.source = message.source;
        return;
      case 'phase':
        marketState.phase = message.phase;
        return;
      case 'quotes': {
        const updatedAt = now();
        const changed: string[] = [];
        decodeQuoteFrame(message, codeTable, (code, fields, offset) => {
          quotes.set(code, toLiveQuote(code, fields, offset, quotes.get(code), updatedAt));
          changed.push(code);
        });
        // Listeners run after the whole frame is stored, so a row reading a neighbour sees this frame too.
        for (const code of changed) notifyQuote(code);
        // A probe for bench/browser: the next animation frame after this one paints these quotes.
        if (message.oldestSentAt !== null) (globalThis as { __ledgerlineQuoteBatch?: unknown }).__ledgerlineQuoteBatch = { sentAt: message.oldestSentAt, appliedAt: updatedAt };
        return;
      }
      case 'rankings':
        for (const kind of rankingKinds) {
          const codes = message.rankings[kind];
          if (codes) boardState.rankings[kind] = ref(codes);
        }
        return;
      case 'industries':
        boardState.industries = ref(message.industries);
        return;
      case 'vip':
        boardState.vip = ref(message.analytics);
        return;
      case 'orderUpdate':
        for (const listener of orderUpdateListeners) listener(message.update);
        return;
      case 'streamError':
        // Unknown codes (say, a delisted one on a watchlist) are not the user's problem to read about.
        if (import.meta.env.DEV) console.warn('quote stream refused a request', message.error);
        return;
    }
  }

  function postInstruments(): void {
    if (!worker || instruments.size === 0) return;
    const slim = [...instruments.values()].map(({ code, kind, currency, industry }) => ({ code, kind, currency, industry }));
    worker.postMessage({ type: 'instruments', instruments: slim });
  }

  async function loadInstrumentsWithRetry(): Promise<void> {
    if (instrumentsLoading || instruments.size > 0) return;
    instrumentsLoading = true;
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const list = await loadInstruments();
          for (const instrument of list) instruments.set(instrument.code, instrument);
          for (const listener of instrumentListeners) listener();
          postInstruments();
          return;
        } catch {
          const delayMs = instrumentRetryDelaysMs[attempt];
          // Names and industries are missing until the next start; quotes still flow.
          if (delayMs === undefined || !worker) return;
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (!worker) return;
        }
      }
    } finally {
      instrumentsLoading = false;
    }
  }

  function start(): void {
    if (worker) return;
    const created = createWorker();
    if (!created) return;
    worker = created;
    codeTable = [];
    marketState.connection = 'connecting';
    // A terminated worker's last messages may still be queued: only the current one speaks.
    created.onmessage = (event) => {
      if (worker === created) receive(event.data);
    };
    created.onerror = () => {
      if (worker === created) marketState.connection = 'offline';
    };
    pendingAdd.clear();
    pendingRemove.clear();
    if (refCounts.size > 0) created.postMessage({ type: 'subscriptions', add: [...refCounts.keys()], remove: [] });
    created.postMessage({ type: 'watchOrders', credentials: orderWatchCredentials() });
    if (instruments.size > 0) postInstruments();
    else void loadInstrumentsWithRetry();
  }

  function stop(): void {
    if (!worker) return;
    worker.terminate();
    worker = null;
    codeTable = [];
    pendingAdd.clear();
    pendingRemove.clear();
    marketState.connection = 'offline';
    marketState.source = null;
    marketState.phase = null;
    marketState.closedReason = null;
    Object.assign(boardState, emptyBoard());
    const codes = [...quotes.keys()];
    quotes.clear();
    for (const code of codes) notifyQuote(code);
  }

  function queueFlush(): void {
    if (flushQueued) return;
    flushQueued = true;
    // One message per React commit: every list that mounts in it lands in the same microtask.
    queueMicrotask(() => {
      flushQueued = false;
      if (pendingAdd.size === 0 && pendingRemove.size === 0) return;
      const message: MainToWorkerMessage = { type: 'subscriptions', add: [...pendingAdd], remove: [...pendingRemove] };
      pendingAdd.clear();
      pendingRemove.clear();
      worker?.postMessage(message);
    });
  }

  /** Counts one more interest in each code; the returned function takes it back (once). */
  function retain(codes: readonly string[]): () => void {
    const unique = [...new Set(codes)];
    for (const code of unique) {
      const count = (refCounts.get(code) ?? 0) + 1;
      refCounts.set(code, count);
      // A release and a retain in the same tick (StrictMode, a re-keyed list) cancel out.
      if (count === 1 && !pendingRemove.delete(code)) pendingAdd.add(code);
    }
    queueFlush();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const code of unique) {
        const count = (refCounts.get(code) ?? 0) - 1;
        if (count > 0) {
          refCounts.set(code, count);
          continue;
        }
        refCounts.delete(code);
        if (!pendingAdd.delete(code)) pendingRemove.add(code);
      }
      queueFlush();
    };
  }

  function subscribeQuote(code: string, listener: () => void): () => void {
    let listeners = quoteListeners.get(code);
    if (!listeners) quoteListeners.set(code, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) quoteListeners.delete(code);
    };
  }

  function subscribeInstruments(listener: () => void): () => void {
    instrumentListeners.add(listener);
    return () => instrumentListeners.delete(listener);
  }

  function subscribeOrderUpdates(listener: (update: OrderUpdate) => void): () => void {
    orderUpdateListeners.add(listener);
    return () => void orderUpdateListeners.delete(listener);
  }

  /** Calls `onUpdate` (the latest one passed) whenever the server commits a change to one of the user's orders. */
  function useOrderUpdates(onUpdate: (update: OrderUpdate) => void): void {
    const latest = useRef(onUpdate);
    latest.current = onUpdate;
    useEffect(() => subscribeOrderUpdates((update) => latest.current(update)), []);
  }

  function useWatch(codes: readonly string[]): void {
    // Keyed by content, so a new array with the same codes on every render does not resubscribe.
    const key = codes.join('\n');
    useEffect(() => retain(key === '' ? [] : key.split('\n')), [key]);
  }

  function useBoard(): void {
    useEffect(() => retain([allInstrumentsBoard]), []);
  }

  function useQuote(code: string): LiveQuote | undefined {
    const subscribe = useCallback((listener: () => void) => subscribeQuote(code, listener), [code]);
    return useSyncExternalStore(subscribe, () => quotes.get(code));
  }

  function useRanking(kind: RankingKind, limit?: number): readonly string[] {
    const codes = useSnapshot(boardState).rankings[kind];
    return useMemo(() => (limit === undefined || limit >= codes.length ? codes : codes.slice(0, limit)), [codes, limit]);
  }

  function useIndustries(): readonly IndustryAggregate[] {
    return useSnapshot(boardState).industries;
  }

  function useVipAnalytics(): VipAnalytics | null {
    // ref() keeps the worker's plain object as is; only the snapshot's type is deeply readonly.
    return useSnapshot(boardState).vip as VipAnalytics | null;
  }

  function useMarketMeta(): MarketMeta {
    return useSnapshot(marketState);
  }

  function useInstrument(code: string): Instrument | undefined {
    return useSyncExternalStore(subscribeInstruments, () => instruments.get(code));
  }

  return {
    marketState,
    start,
    stop,
    retain,
    getQuote: (code: string): LiveQuote | undefined => quotes.get(code),
    subscribeQuote,
    subscribeOrderUpdates,
    useOrderUpdates,
    useWatch,
    useBoard,
    useQuote,
    useRanking,
    useIndustries,
    useVipAnalytics,
    useMarketMeta,
    useInstrument,
  };
}

export type MarketStream = ReturnType<typeof createMarketStream>;
