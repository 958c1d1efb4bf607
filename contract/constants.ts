// Values of the contract that the phone app's first load needs, kept free of zod: a module
// that builds a zod schema pulls all of zod (about 25 KB gzipped) into whatever imports it,
// and the app's entry must not (tests/checks/bundleBudget.test.ts). The schemas' own modules
// (market.ts, trading.ts, paging.ts …) build on these and re-export them.

/** Instrument codes: NSE symbols (M&M, BAJAJ-AUTO), index names (NIFTY50), Korean and Thai tickers. */
export const instrumentCodePattern = /^[A-Z0-9][A-Z0-9&._-]{0,19}$/;
/** A record id as decimal text: 1 to 18 digits, no leading zero (fits a bigint column). */
export const recordIdPattern = /^[1-9]\d{0,17}$/;
/** An order number or a news article's id as sent: 1 to 18 digits. */
export const digitIdPattern = /^\d{1,18}$/;

export const candlePeriods = ['time_share', '5m', '15m', '30m', 'day', 'week', 'month', 'range_1w', 'range_1m', 'range_3m', 'range_6m', 'range_1y'] as const;
export const adjustments = ['none', 'forward', 'backward'] as const;
export const rankTypes = ['gainers', 'losers', 'active', 'turnover'] as const;
export const orderSides = ['long', 'short'] as const;
export const fundRecordKinds = ['all', 'deposit', 'withdrawal', 'trade', 'exchange'] as const;
/** The course's lessons, in the order they are studied. */
export const courseLessonIds = ['what_is_a_strategy_fund', 'how_our_strategies_trade', 'nav', 'fees', 'risk_and_drawdown', 'past_results'] as const;

/** Holdings per page; Home's portfolio card reads the first page. */
export const holdingsPageSize = 30;

/** Subscribing to this code means: every instrument (rankings, heatmaps). One subscription. */
export const allInstrumentsBoard = '*';
/** The positions of a StreamQuote's fields (contract/market.ts). */
export const streamQuoteField = { code: 0, last: 1, open: 2, prevClose: 3, high: 4, low: 5, volume: 6, turnover: 7, time: 8, shortVolume: 9 } as const;

// Text limits the app's error messages quote (src/i18n/serverMessages.ts).
export const passwordLengthMin = 8;
export const passwordLengthMax = 128;
/** Staff hold more power than users, so their passwords are longer. */
export const staffPasswordLengthMin = 12;
export const reasonLengthMax = 500;
/** SEBI lets a demat account name up to ten nominees; more would be a script, not a family. */
export const nomineesPerUserMax = 10;
export const nomineeNameLengthMax = 100;
