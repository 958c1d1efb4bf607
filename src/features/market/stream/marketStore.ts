import type { Instrument } from '../../../../contract/market.ts';
import type { OrderUpdate } from '../../../../contract/trading.ts';
import { subscribeKey } from 'valtio/utils';
import { call } from '../../../api/commandBus.ts';
import { session } from '../../auth/sessionStore.ts';
import { createMarketStream, type MarketMeta, type StreamWorker } from './marketStream.ts';
import type { ConnectionState, IndustryAggregate, RankingKind, VipAnalytics } from '../../../../workers/quoteStreamProtocol.ts';

// Live market data for the pages: quotes per code, rankings, industry aggregates and VIP
// analytics, all fed by the quote-stream worker (workers/quoteStream.worker.ts).
//
// Prices, change and turnover are integers of minor units (paise); rates are integers of
// basis points. Pages declare what they show with useWatch / useBoard and
// read it with useQuote / useRanking / ...; the stream subscribes to the union of what is
// mounted and nothing more.

export type LiveQuote = {
  code: string;
  last: number;
  /** open, high and low read as prevClose before the day's first trade, as over REST. */
  open: number;
  prevClose: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
  /** Epoch ms of the last trade. */
  time: number;
  shortVolume: number;
  /** Minor units. */
  change: number;
  /** Change against the previous close in basis points (contract/market.ts: changeBasisPoints). */
  changeRateBps: number;
  /** Versus prevClose. */
  direction: 'up' | 'down' | 'flat';
  /** Versus the previous update, for the flash. */
  tickDirection: 'up' | 'down' | 'none';
  /** performance.now() when it arrived, for the flash. */
  updatedAt: number;
};
// The worker's message types are the store's types: one definition for both threads.
export type { ConnectionState, IndustryAggregate, RankingKind, VipAnalytics };

function createQuoteStreamWorker(): StreamWorker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('../../../../workers/quoteStream.worker.ts', import.meta.url), { type: 'module' });
}

const stream = createMarketStream({
  createWorker: createQuoteStreamWorker,
  // The worker may not use the command bus (it lives here, with the session), so the list is fetched here and posted.
  loadInstruments: () => call('market/instruments', {}, { silent: true }),
  // The stream starts for a signed-in user and stops at sign-out, so the session at start is the one to watch.
  orderWatchCredentials: () => (session.token && session.account ? { token: session.token, account: session.account } : session.account ? ({} as Record<string, never>) : null),
});

// Sign-out in this tab (clearSession) or in another (reloadSessionFromStorage) ends the
// stream: watching the token here keeps the session store free of market imports. In sync,
// so the socket closes before anything else reacts to the sign-out and no change is merged away.
subscribeKey(
  session,
  'token',
  (token) => {
    if (!token) stopMarketStream();
  },
  true,
);

/** A valtio proxy; read it in components through useMarketMeta(). */
export const marketState: MarketMeta = stream.marketState;

/** Idempotent: spawns the worker and fetches the instrument list for it. */
export function startMarketStream(): void {
  stream.start();
}

/** On sign-out: ends the connection and forgets every quote. */
export function stopMarketStream(): void {
  stream.stop();
}

/** Calls `onUpdate` while the component is mounted whenever the server commits a change to one of the user's orders (a fill, a margin call). */
export function useOrderUpdates(onUpdate: (update: OrderUpdate) => void): void {
  stream.useOrderUpdates(onUpdate);
}

/** Subscribes to these codes while the component is mounted (reference-counted across components). */
export function useWatch(codes: readonly string[]): void {
  stream.useWatch(codes);
}

/** Subscribes to every instrument while mounted; rankings, industries and VIP analytics need it. */
export function useBoard(): void {
  stream.useBoard();
}

/** Re-renders only when this code's quote changes. */
export function useQuote(code: string): LiveQuote | undefined {
  return stream.useQuote(code);
}

export function getQuote(code: string): LiveQuote | undefined {
  return stream.getQuote(code);
}

/** Calls `listener` whenever this code's quote changes; for a hook that follows a changing set of codes (the portfolio's live total). */
export function subscribeQuote(code: string, listener: () => void): () => void {
  return stream.subscribeQuote(code, listener);
}

/** Ordered codes (at most 200) computed by the worker over the board; needs useBoard(). */
export function useRanking(kind: RankingKind, limit?: number): readonly string[] {
  return stream.useRanking(kind, limit);
}

/** Per-industry aggregates, sorted by industry name; needs useBoard(). */
export function useIndustries(): readonly IndustryAggregate[] {
  return stream.useIndustries();
}

/** Needs useBoard(); null until the first computation. */
export function useVipAnalytics(): VipAnalytics | null {
  return stream.useVipAnalytics();
}

export function useMarketMeta(): MarketMeta {
  return stream.useMarketMeta();
}

/** From the instrument list fetched at start; undefined until it arrives. */
export function useInstrument(code: string): Instrument | undefined {
  return stream.useInstrument(code);
}
