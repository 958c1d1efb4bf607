import { z } from 'zod';
import { adjustments, allInstrumentsBoard, candlePeriods, digitIdPattern, instrumentCodePattern, rankTypes, streamQuoteField } from './constants.ts';
import { readerLanguageField, readerLanguages } from './language.ts';

// Kept in zod-free modules so the phone app's first load can use them without zod; re-exported here.
export { averageBasisPoints, basisPointsOf, changeBasisPoints } from './basisPoints.ts';
export { adjustments, allInstrumentsBoard, candlePeriods, instrumentCodePattern, rankTypes, streamQuoteField };

// Market data contract: instruments, quotes, candles, rankings and the stream.
//
// Prices are integers of minor units (1/100 of the currency: paise for INR) inside the
// server and on the stream, where they travel as plain integers in a compact tuple.
// Over REST they travel as decimal strings ("2456.35"), never as JSON floats.

export const exchanges = ['NSE', 'BSE', 'KRX', 'SET'] as const;
export const currencies = ['INR', 'KRW', 'THB'] as const;
export const instrumentKinds = ['equity', 'index', 'etf'] as const;
export type InstrumentKind = (typeof instrumentKinds)[number];

export const instrumentCode = z
  .string({ error: 'invalid_field' })
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(instrumentCodePattern, 'unknown_instrument'));

/** A ratio in whole basis points, named with its unit on the wire (`changeRateBps`: -3 = -0.03 %). */
const basisPoints = z.number().int();

/** A price as a decimal string with up to two decimals. */
export const decimalString = z.string();

/** Where prices come from. Every screen that shows a price shows `label` next to it. */
export const feedSource = z.object({
  kind: z.enum(['simulated', 'replay']),
  /** Recorded date (YYYY-MM-DD) for a replay; null for the simulator. */
  date: z.string().nullable(),
  /** A replay of several sessions: its last recorded date (absent or null for one day and for the simulator). */
  lastDate: z.string().nullable().optional(),
  /** Whether the feed follows the IST session calendar or trades around the clock. */
  calendar: z.enum(['always_open', 'ist']),
});
export type FeedSource = z.infer<typeof feedSource>;

export const sessionPhases = ['pre_open', 'open', 'closing', 'closed'] as const;
export type SessionPhase = (typeof sessionPhases)[number];

export const instrument = z.object({
  code: z.string(),
  name: z.string(),
  isin: z.string().nullable(),
  exchange: z.enum(exchanges),
  currency: z.enum(currencies),
  kind: z.enum(instrumentKinds),
  industry: z.string().nullable(),
  lot: z.number().int(),
  tickSize: decimalString,
  /** An exchange-traded fund's index or asset ("NIFTY 50", "NIFTY Bank", "Gold"); null for everything else. Optional: older servers and recordings omit it. */
  tracks: z.string().nullable().optional(),
});
export type Instrument = z.infer<typeof instrument>;

/** An instrument with its latest quote, as REST returns it. */
export const quoteRow = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(instrumentKinds),
  currency: z.enum(currencies),
  industry: z.string().nullable(),
  last: decimalString,
  open: decimalString,
  prevClose: decimalString,
  high: decimalString,
  low: decimalString,
  change: decimalString,
  /** Change against the previous close in basis points (see basisPointsOf). */
  changeRateBps: basisPoints,
  volume: z.number().int(),
  turnover: decimalString,
  /** Null when the instrument has no share count (indices, foreign listings). */
  marketCap: decimalString.nullable(),
  upperBand: decimalString.nullable(),
  lowerBand: decimalString.nullable(),
  /** Epoch milliseconds of the last trade. */
  time: z.number(),
});
export type QuoteRow = z.infer<typeof quoteRow>;

export const codeRequest = z.object({ code: instrumentCode });
export const codesRequest = z.object({ codes: z.array(instrumentCode).max(200, 'too_many_symbols') });

export const stockDetailResponse = z.object({
  instrument,
  quote: quoteRow,
  source: feedSource,
  phase: z.enum(sessionPhases),
  onWatchlist: z.boolean(),
  /** Daily bars up to this IST day are real NSE data (forward-adjusted); later bars are simulated. Null: all simulated. */
  historyRealUntil: z.string().nullable(),
});

export type CandlePeriod = (typeof candlePeriods)[number];
export type Adjustment = (typeof adjustments)[number];

export const klineRequest = z.object({
  code: instrumentCode,
  period: z.enum(candlePeriods, 'invalid_field'),
  adjust: z.enum(adjustments, 'invalid_field').default('forward'),
});
/** t: epoch ms of the bar's start; prices decimal strings; v: shares (or index points traded = 0). */
export const candle = z.object({ t: z.number(), o: decimalString, h: decimalString, l: decimalString, c: decimalString, v: z.number() });
export type Candle = z.infer<typeof candle>;
export const klineResponse = z.array(candle);

export type RankType = (typeof rankTypes)[number];
export const rankRequest = z.object({
  type: z.enum(rankTypes, 'invalid_field'),
  limit: z.number().int().min(1).max(5000).default(100),
});
export const quoteRows = z.array(quoteRow);

export const searchRequest = z.object({ keyword: z.string({ error: 'invalid_field' }).trim().max(40, 'invalid_field') });
export const searchHit = z.object({ code: z.string(), name: z.string(), kind: z.enum(instrumentKinds), currency: z.enum(currencies) });
export const searchHits = z.array(searchHit);

/**
 * The industry key under which sector statistics and heatmaps group the Indian equities no
 * NIFTY list gives an industry (they are counted, not dropped); the app translates it.
 * An equity's own industry field stays null: "Other" is a group, not what the company does.
 */
export const otherIndustry = 'Other';

/** The group an instrument counts in for sector statistics: its industry, "Other" for an equity without one, none for ETFs and indices. */
export function industryGroupOf(instrument: { kind: string; industry: string | null }): string | null {
  if (instrument.industry) return instrument.industry;
  return instrument.kind === 'equity' ? otherIndustry : null;
}

export const industryStat = z.object({
  industry: z.string(),
  /** Mean of the members' change rates, basis points. */
  changeRateBps: basisPoints,
  advancers: z.number().int(),
  decliners: z.number().int(),
  unchanged: z.number().int(),
  turnover: decimalString,
  leader: z.object({ code: z.string(), name: z.string(), changeRateBps: basisPoints }),
});
export const industryStats = z.array(industryStat);

export const breadthResponse = z.object({
  advancers: z.number().int(),
  decliners: z.number().int(),
  unchanged: z.number().int(),
  atUpperBand: z.number().int(),
  atLowerBand: z.number().int(),
  total: z.number().int(),
});

export const shortSaleRow = z.object({
  code: z.string(),
  name: z.string(),
  shortVolume: z.number().int(),
  volume: z.number().int(),
  /** Short volume as a share of volume, basis points. */
  shortRatioBps: basisPoints,
});
export const shortSaleRows = z.array(shortSaleRow);

export const marketStatusResponse = z.object({
  source: feedSource,
  phase: z.enum(sessionPhases),
  /** Seconds between REST ranking snapshots; the live lists update from the stream. */
  rankRefreshSeconds: z.number().int(),
  instrumentCount: z.number().int(),
});

/** News in the reader's language (`lang`), in English where an item has no translation into it. */
export const newsListRequest = z.object({ page: z.number().int().min(1).max(1000).default(1), lang: readerLanguageField });
export const newsItem = z.object({
  id: z.string(),
  /** The language the title, summary and body are written in: the reader's, or English when the item has no translation. */
  lang: z.enum(readerLanguages),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  published_at: z.string(),
  codes: z.array(z.string()),
});
export const newsListResponse = z.array(newsItem);
export const newsDetailRequest = z.object({ id: z.string({ error: 'invalid_field' }).regex(digitIdPattern, 'invalid_field'), lang: readerLanguageField });
export const newsDetailResponse = newsItem.extend({ body: z.string() });

export const instrumentListResponse = z.array(instrument);

// ---------------------------------------------------------------------------------
// Stream (socket.io, msgpack parser)
//
// client -> server  'subscribe'   { codes: string[] }   codes or the board name "*"
//                   'unsubscribe' { codes: string[] }
// server -> client  'snapshot'    StreamSnapshot        answer to subscribe, and after reconnect
//                   'ticks'       TickFrame             batched changes since the last frame
//                   'source'      FeedSource            when the feed changes
//                   'stream_error' { key, detail }       bad input; the connection stays up
//                   'vip'         VipAnalytics          once a second, to VIP sessions on the board only
//                   'stream_closed' { reason }           just before the server disconnects on purpose
//
// The handshake carries the session: `auth: { token, account }` (API clients) or the browser's
// HttpOnly session cookie (envelope.ts sessionCookies.user). Without one a connection sees only
// what the public pages show (index quotes, delayed if the server is configured so) or is
// refused, as the server's settings say. A refused handshake's connect_error carries
// `data: { reason }` with a StreamCloseReason.

export const streamLimits = {
  maxSymbolsPerConnection: 200,
  maxMessagesPerSecond: 20,
  frameIntervalMs: 50,
  /** Snapshots per connection: a burst of this many, then one per `snapshotIntervalMs`; later ones wait and merge. */
  snapshotBurst: 3,
  snapshotIntervalMs: 1000,
  /** Bytes the server holds unsent for one connection before it drops the connection (buffer_overflow). */
  maxBufferedBytes: 1024 * 1024,
} as const;

export const streamHandshakeAuth = z.object({ token: z.string().min(1).max(256), account: z.string().min(1).max(64) });

/** Why the server refused a handshake or closed a connection on purpose. */
export const streamCloseReasons = ['session_ended', 'buffer_overflow', 'too_many_connections', 'sign_in_required'] as const;
export type StreamCloseReason = (typeof streamCloseReasons)[number];
export interface StreamClosed {
  reason: StreamCloseReason;
}

export const streamSubscription = z.object({ codes: z.array(z.string().max(20)).min(1).max(streamLimits.maxSymbolsPerConnection) });

/**
 * One quote on the stream, as a positional tuple to keep frames small:
 * [code, last, open, prevClose, high, low, volume, turnover, time, shortVolume]; prices and
 * turnover in minor units (integers), volumes in shares, time in epoch ms.
 */
export type StreamQuote = [string, number, number, number, number, number, number, number, number, number];

export interface StreamSnapshot {
  source: FeedSource;
  phase: SessionPhase;
  quotes: StreamQuote[];
}

/** `sentAt`: server clock when the frame was flushed, for latency measurement. */
export interface TickFrame {
  sentAt: number;
  quotes: StreamQuote[];
}

/** `sign_in_required`: a connection without a session asked for more than the public pages show. */
export const streamErrorKeys = ['invalid_message', 'unknown_instrument', 'too_many_symbols', 'rate_limited', 'sign_in_required'] as const;
export type StreamErrorKey = (typeof streamErrorKeys)[number];
export interface StreamError {
  key: StreamErrorKey;
  detail: string;
}

export type IndustryAggregate = {
  industry: string;
  /** Mean of the members' change rates in basis points, by the contract's rule (averageBasisPoints). */
  changeRateBps: number;
  advancers: number;
  decliners: number;
  unchanged: number;
  /** Minor units. */
  turnover: number;
  leader: { code: string; changeRateBps: number } | null;
};

/** Computed by the server over the whole board and sent to VIP sessions only ('vip' event). */
export type VipAnalytics = {
  heatmap: IndustryAggregate[];
  /** Change over the last 60 s of stream time, basis points. Empty until a full minute has been observed. */
  topMovers: { code: string; changeRate1mBps: number }[];
  /** Shares traded in the last minute against the day's average shares per minute. */
  volumeSpikes: { code: string; ratio: number; volume1m: number }[];
  breadth: { advancers: number; decliners: number; unchanged: number };
};
