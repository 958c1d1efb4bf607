import type { FeedSource, Instrument, SessionPhase } from '../../contract/market.ts';

// The server's market model. Prices are integers of minor units (paise for INR) so that
// no price ever passes through a float on its way from the feed to the screen.

/** Everything the server knows about an instrument that does not change during a day. */
export interface InstrumentSpec {
  code: string;
  name: string;
  isin: string | null;
  exchange: Instrument['exchange'];
  currency: Instrument['currency'];
  kind: Instrument['kind'];
  industry: string | null;
  lot: number;
  /** Smallest price step, minor units (NSE equities: 5 paise). */
  tickMinor: number;
  /** Daily price band (circuit limit) as a percent of the previous close; null: no band (indices). */
  bandPercent: number | null;
  /** Shares outstanding, to compute market cap; null when unknown. */
  shares: number | null;
  /** For indices: the constituents and their weights (weights sum to 1). */
  constituents: { code: string; weight: number }[] | null;
  /** Sensitivity to the market factor; 1 for an average stock. */
  beta: number;
  /** For an exchange-traded fund: the index or asset it tracks ("NIFTY 50", "Gold"); absent otherwise. */
  tracks?: string | null;
}

/** The latest state of one instrument during the current trading day. */
export interface QuoteState {
  code: string;
  last: number;
  open: number;
  prevClose: number;
  high: number;
  low: number;
  /** Cumulative shares today. */
  volume: number;
  /** Cumulative short-sale shares today. */
  shortVolume: number;
  /** Cumulative turnover today, minor units. */
  turnover: number;
  time: number;
  /** IST trading day, YYYY-MM-DD, that this state belongs to. */
  day: string;
}

/**
 * A source of quotes. The simulator and the replayer both implement it; the server does
 * not know which one it runs, except for the label it shows next to every price.
 * Feeds emit whole quote states (not trades) so that a replay can restore exactly what
 * was published, high and low included.
 */
export interface MarketFeed {
  readonly source: FeedSource;
  readonly instruments: readonly InstrumentSpec[];
  /** Quotes as they stand before the first trade (previous close etc.). */
  initialQuotes(): QuoteState[];
  phaseAt(time: number): SessionPhase;
  /** Starts delivering quote changes; each call is a batch of instruments that changed at one instant. */
  start(onQuotes: (quotes: QuoteState[]) => void): void;
  stop(): void;
  /**
   * Starts trading a new instrument while running (a listing) and returns its first quote; it joins `instruments`.
   * Absent on a feed that cannot invent prices: a replay plays what was recorded and ignores listings.
   */
  list?(spec: InstrumentSpec, listing: FeedListing): QuoteState;
}

/** How a new instrument starts trading: its opening price (minor units), which is also the listing day's base price, and when. */
export interface FeedListing {
  openMinor: number;
  time: number;
}
