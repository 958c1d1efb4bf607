import { z } from 'zod';

// The investment-preference profile (issue 15, /information/pj; docs/preference.md): a radar of
// the caller's own trading behaviour, computed from their orders and their balance history once
// they have at least three calendar months of trading history (the spec's rule), mapped to a
// profile with the spec's allocation tips. General information, not advice.
//
// Every axis is a RISK score from 0 to 100: further out on the radar always means more
// risk-taking. Each axis also carries its raw figure (a decimal string, or null without data)
// so the page can show what the score was made from. The scores come from the published anchor
// tables below by straight-line interpolation between neighbouring anchors (flat beyond the ends).

export const preferenceAxes = ['holding_period', 'turnover', 'leverage', 'concentration', 'losses_cut_early', 'volatility'] as const;
export type PreferenceAxis = (typeof preferenceAxes)[number];

/** [figure, score] points, figures ascending. */
export type ScoreAnchors = readonly (readonly [number, number])[];

/**
 * What each axis's figure is and how it scores:
 * - holding_period: median days a position was held (open ones: held so far); short holding is risky.
 * - turnover: traded value a month (opening and closing legs) ÷ average equity.
 * - leverage: average leverage, weighted by each position's contract amount.
 * - concentration: the effective number of stocks traded (1 ÷ the Herfindahl index of the money
 *   opened in each stock); few stocks is risky.
 * - losses_cut_early: percent of losing closed trades closed within `lossCutDays` days. Cutting
 *   losses is the careful behaviour, so this axis scores 100 − the percent.
 * - volatility: daily volatility (percent, standard deviation of daily log returns over the last
 *   `volatilityCandles` daily candles) of the stocks traded, weighted by the money opened in each.
 */
export const preferenceAnchors: Record<Exclude<PreferenceAxis, 'losses_cut_early'>, ScoreAnchors> = {
  holding_period: [[1, 100], [5, 75], [20, 50], [60, 25], [180, 0]],
  turnover: [[0, 0], [0.5, 25], [1, 45], [3, 70], [10, 100]],
  leverage: [[1, 0], [2, 40], [3, 60], [5, 85], [10, 100]],
  concentration: [[1, 100], [2, 80], [4, 55], [10, 25], [20, 0]],
  volatility: [[0.8, 0], [1.2, 25], [1.8, 55], [2.5, 80], [4, 100]],
};

/** A losing trade closed within this many days of opening counts as a loss cut early. */
export const lossCutDays = 5;
/** Daily candles each stock's volatility is measured over. */
export const volatilityCandles = 60;
/** An axis without data (no losing trade yet, no candles) scores this: neither careful nor risky. */
export const neutralScore = 50;
/** The behaviour measured: trades opened or closed in the last this many days. */
export const preferenceWindowDays = 365;
/** The spec's rule: the radar needs this many calendar months since the first filled order. */
export const preferenceHistoryMonths = 3;

export const preferenceProfiles = ['conservative', 'balanced', 'growth'] as const;
export type PreferenceProfile = (typeof preferenceProfiles)[number];
/** The profile from the average of the six scores: below 40 conservative, below 65 balanced, else growth. */
export const profileThresholds = { balancedFrom: 40, growthFrom: 65 } as const;

export const assetClasses = ['structured_products', 'bonds', 'funds', 'equity', 'alternatives'] as const;
export type AssetClass = (typeof assetClasses)[number];

/**
 * The spec's allocation tips, exactly as published. The balanced tip names 60 % of a portfolio
 * and leaves the rest open; the page says so rather than inventing the missing 40 %.
 */
export const allocationTips: Record<PreferenceProfile, readonly { asset_class: AssetClass; percent: number }[]> = {
  conservative: [
    { asset_class: 'structured_products', percent: 60 },
    { asset_class: 'bonds', percent: 20 },
    { asset_class: 'funds', percent: 20 },
  ],
  balanced: [
    { asset_class: 'equity', percent: 30 },
    { asset_class: 'structured_products', percent: 30 },
  ],
  growth: [
    { asset_class: 'equity', percent: 60 },
    { asset_class: 'structured_products', percent: 20 },
    { asset_class: 'alternatives', percent: 20 },
  ],
};

const instant = z.string();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const preferenceAxisRow = z.object({
  axis: z.enum(preferenceAxes),
  /** Risk score 0–100: higher is more risk-taking on every axis. */
  score: z.number().int().min(0).max(100),
  /** The raw measure as a decimal string in the axis's unit (days, ×, stocks, %, % a day); null without data. */
  figure: z.string().nullable(),
  /** Trades the figure was computed from. */
  trades: z.number().int(),
});
export type PreferenceAxisRow = z.infer<typeof preferenceAxisRow>;

/** Why the radar is not shown yet: too little history, or history but no trade in the measured window. */
export const preferenceUnavailableReasons = ['history_too_short', 'no_trades_in_window'] as const;

export const preferenceUnavailable = z.object({
  available: z.literal(false),
  reason: z.enum(preferenceUnavailableReasons),
  /** The first filled order (real or, for the demo user, simulated); null before any. */
  first_trade_at: instant.nullable(),
  /** The IST day the radar becomes available (first trade's day + 3 calendar months); null before any trade. */
  available_from: isoDay.nullable(),
  /** Whole days from today (IST) to available_from; null before any trade. */
  days_remaining: z.number().int().nullable(),
  /** The months of history the rule asks for (3). */
  months_required: z.number().int(),
});

export const preferenceRadar = z.object({
  available: z.literal(true),
  axes: z.array(preferenceAxisRow),
  /** The mean of the six scores, one decimal. */
  average_score: z.string(),
  profile: z.enum(preferenceProfiles),
  allocation: z.array(z.object({ asset_class: z.enum(assetClasses), percent: z.number().int() })),
  first_trade_at: instant,
  /** The measured window: trades opened or closed from `from` to `to`. */
  window: z.object({ from: instant, to: instant }),
  trades_counted: z.number().int(),
  /** Average equity (rupees) the turnover was divided by, from the daily balance history and today's figure. */
  average_equity: z.string(),
  /** True when simulated demo trades were counted (the demo user only); the page labels it. */
  includes_simulated: z.boolean(),
  simulated_trades: z.number().int(),
  /** The IST sessions whose closing prices priced the simulated trades, and whether those prices are real NSE closes. */
  simulated_prices: z.object({ from: isoDay, to: isoDay, real: z.boolean() }).nullable(),
  computed_at: instant,
});

export const preferenceResponse = z.discriminatedUnion('available', [preferenceUnavailable, preferenceRadar]);
export type PreferenceAnswer = z.infer<typeof preferenceResponse>;
export type PreferenceRadar = z.infer<typeof preferenceRadar>;

export const preferenceCommands = {
  /** The caller's radar and profile, or when it becomes available. */
  'profile/preference': { auth: true, request: z.object({}), response: preferenceResponse },
} as const;
