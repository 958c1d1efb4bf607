import {
  calendarDateOfDayNumber, dayMs, dayNumberOfCalendarDate, isoDayOfDayNumber, istDayNumber,
} from '../../contract/calendarDays.ts';
import {
  lossCutDays, neutralScore, type PreferenceAxis, type PreferenceAxisRow, type PreferenceProfile, preferenceAnchors,
  preferenceHistoryMonths, preferenceWindowDays, profileThresholds, type ScoreAnchors,
} from '../../contract/preference.ts';

// The investment-preference radar as pure arithmetic (no I/O): from a user's trades, their
// equity samples and the daily volatility of the stocks they traded, six risk scores (0–100,
// higher = more risk-taking on every axis), the profile they add up to, and when a user with
// too little history gets the radar. Money stays bigint paise until it becomes a ratio;
// ratios are floats because they are not money (docs/preference.md gives every rule).

export interface TradeRecord {
  code: string;
  side: 'long' | 'short';
  quantity: bigint;
  leverage: number;
  openedAt: number;
  /** null while the position is open. */
  closedAt: number | null;
  /** Hundredths of a rupee per share. */
  openPricePaise: bigint;
  closePricePaise: bigint | null;
  /** The price move's result (fees not included), null while open. */
  realisedPnlPaise: bigint | null;
  simulated: boolean;
}

export interface ScoreInput {
  /** Every trade of the user, any age: the function picks the window's. */
  trades: readonly TradeRecord[];
  /** Equity figures (paise) over the window: the daily balance history and today's. */
  equitySamplesPaise: readonly bigint[];
  /** Each traded stock's daily volatility in percent (dailyVolatilityPercent), null when unknown. */
  volatilityPercent: ReadonlyMap<string, number | null>;
  now: number;
}

export interface PreferenceScores {
  axes: PreferenceAxisRow[];
  /** Sum of the six scores: the profile compares the mean, this keeps it exact. */
  scoreSum: number;
  profile: PreferenceProfile;
  tradesCounted: number;
  windowFrom: number;
  averageEquityPaise: bigint;
}

/** Average days in a month (365.25 / 12): turnover is per month of the window the user traded in. */
const monthMs = 30.4375 * dayMs;
/** Fewer closes than this tell nothing about a stock's volatility. */
const volatilityClosesMin = 10;

/** The score of `figure` on an anchor table: straight lines between anchors, flat beyond the ends, rounded to a whole number. */
export function scoreFromAnchors(figure: number, anchors: ScoreAnchors): number {
  const first = anchors[0]!;
  const last = anchors[anchors.length - 1]!;
  if (figure <= first[0]) return Math.round(first[1]);
  if (figure >= last[0]) return Math.round(last[1]);
  for (let index = 1; index < anchors.length; index++) {
    const [toFigure, toScore] = anchors[index]!;
    if (figure > toFigure) continue;
    const [fromFigure, fromScore] = anchors[index - 1]!;
    return Math.round(fromScore + ((figure - fromFigure) / (toFigure - fromFigure)) * (toScore - fromScore));
  }
  return Math.round(last[1]);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The money a position opened with: price × shares, paise. */
const openValueOf = (trade: TradeRecord): bigint => trade.openPricePaise * trade.quantity;

/** A ratio of two bigints as a float, computed to six decimals in integers first. */
function ratio(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  return Number((numerator * 1_000_000n) / denominator) / 1_000_000;
}

/**
 * Daily volatility in percent: the standard deviation (n − 1) of the daily log returns of
 * consecutive closes, times 100; null with fewer than ten closes.
 */
export function dailyVolatilityPercent(closes: readonly bigint[]): number | null {
  if (closes.length < volatilityClosesMin) return null;
  const returns: number[] = [];
  for (let index = 1; index < closes.length; index++) {
    const before = closes[index - 1]!;
    const after = closes[index]!;
    if (before <= 0n || after <= 0n) return null;
    returns.push(Math.log(ratio(after, before)));
  }
  const mean = returns.reduce((sum, value) => sum + value, 0) / returns.length;
  const variance = returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * 100;
}

/**
 * The spec's rule: the radar needs at least three calendar months since the first filled order,
 * on the IST calendar (a first trade on 30 November is enough from 28 February, the month's
 * last day when the date does not exist).
 */
export function availability(firstTradeAt: number, now: number): { availableFrom: string; daysRemaining: number; available: boolean } {
  const first = calendarDateOfDayNumber(istDayNumber(firstTradeAt));
  const monthIndex = first.month - 1 + preferenceHistoryMonths;
  const year = first.year + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const day = Math.min(first.day, daysInMonth(year, month));
  const fromDayNumber = dayNumberOfCalendarDate(year, month, day);
  const daysRemaining = Math.max(0, fromDayNumber - istDayNumber(now));
  return { availableFrom: isoDayOfDayNumber(fromDayNumber), daysRemaining, available: daysRemaining === 0 };
}

/** Days in a calendar month (month 1–12). */
function daysInMonth(year: number, month: number): number {
  return dayNumberOfCalendarDate(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - dayNumberOfCalendarDate(year, month, 1);
}

/** The profile of six scores by their mean: below 40 conservative, below 65 balanced, else growth. */
export function profileOf(scoreSum: number, axisCount: number): PreferenceProfile {
  if (scoreSum < profileThresholds.balancedFrom * axisCount) return 'conservative';
  if (scoreSum < profileThresholds.growthFrom * axisCount) return 'balanced';
  return 'growth';
}

const activeIn = (trade: TradeRecord, from: number): boolean => trade.openedAt >= from || trade.closedAt === null || trade.closedAt >= from;

type AxisResult = { figure: number | null; score: number; trades: number };

function holdingPeriod(trades: readonly TradeRecord[], now: number): AxisResult {
  const days = trades.map((trade) => ((trade.closedAt ?? now) - trade.openedAt) / dayMs);
  const figure = median(days);
  return { figure, score: scoreFromAnchors(figure, preferenceAnchors.holding_period), trades: trades.length };
}

function turnover(all: readonly TradeRecord[], from: number, now: number, firstTradeAt: number, averageEquity: bigint): AxisResult {
  let traded = 0n;
  let legs = 0;
  for (const trade of all) {
    if (trade.openedAt >= from) {
      traded += openValueOf(trade);
      legs += 1;
    }
    if (trade.closedAt !== null && trade.closedAt >= from && trade.closePricePaise !== null) {
      traded += trade.closePricePaise * trade.quantity;
      legs += 1;
    }
  }
  if (averageEquity <= 0n) return { figure: null, score: neutralScore, trades: legs };
  // Per month of the window the user has been trading in: a newer user is not diluted by months before their first trade.
  const months = Math.max(1, (now - Math.max(from, firstTradeAt)) / monthMs);
  const figure = ratio(traded, averageEquity) / months;
  return { figure, score: scoreFromAnchors(figure, preferenceAnchors.turnover), trades: legs };
}

function leverage(trades: readonly TradeRecord[]): AxisResult {
  let weighted = 0n;
  let total = 0n;
  for (const trade of trades) {
    weighted += openValueOf(trade) * BigInt(trade.leverage);
    total += openValueOf(trade);
  }
  const figure = total === 0n ? 1 : ratio(weighted, total);
  return { figure, score: scoreFromAnchors(figure, preferenceAnchors.leverage), trades: trades.length };
}

/** Money opened per stock, paise. */
function openedByCode(trades: readonly TradeRecord[]): Map<string, bigint> {
  const byCode = new Map<string, bigint>();
  for (const trade of trades) byCode.set(trade.code, (byCode.get(trade.code) ?? 0n) + openValueOf(trade));
  return byCode;
}

function concentration(trades: readonly TradeRecord[]): AxisResult {
  const values = [...openedByCode(trades).values()];
  const total = values.reduce((sum, value) => sum + value, 0n);
  const herfindahl = ratio(values.reduce((sum, value) => sum + value * value, 0n), total * total);
  const figure = herfindahl > 0 ? 1 / herfindahl : values.length;
  return { figure, score: scoreFromAnchors(figure, preferenceAnchors.concentration), trades: trades.length };
}

function lossesCutEarly(trades: readonly TradeRecord[], from: number): AxisResult {
  const losing = trades.filter((trade) => trade.closedAt !== null && trade.closedAt >= from && (trade.realisedPnlPaise ?? 0n) < 0n);
  if (losing.length === 0) return { figure: null, score: neutralScore, trades: 0 };
  const cut = losing.filter((trade) => trade.closedAt! - trade.openedAt <= lossCutDays * dayMs).length;
  const figure = (cut / losing.length) * 100;
  return { figure, score: Math.round(100 - figure), trades: losing.length };
}

function volatility(trades: readonly TradeRecord[], volatilityPercent: ReadonlyMap<string, number | null>): AxisResult {
  let weighted = 0;
  let weights = 0;
  let counted = 0;
  for (const [code, opened] of openedByCode(trades)) {
    const percent = volatilityPercent.get(code);
    if (percent === null || percent === undefined) continue;
    // number-ok: a weight (share of the money opened), not an amount shown or booked
    const weight = Number(opened);
    weighted += percent * weight;
    weights += weight;
    counted += trades.filter((trade) => trade.code === code).length;
  }
  if (weights === 0) return { figure: null, score: neutralScore, trades: 0 };
  const figure = weighted / weights;
  return { figure, score: scoreFromAnchors(figure, preferenceAnchors.volatility), trades: counted };
}

const figureDecimals: Record<PreferenceAxis, number> = {
  holding_period: 1, turnover: 2, leverage: 2, concentration: 1, losses_cut_early: 1, volatility: 2,
};

/** The radar of the window ending `now`, or null when no trade was opened or closed in it (or is still open). */
export function preferenceScores(input: ScoreInput): PreferenceScores | null {
  const from = input.now - preferenceWindowDays * dayMs;
  const trades = input.trades.filter((trade) => trade.openedAt <= input.now && activeIn(trade, from));
  if (trades.length === 0) return null;
  const samples = input.equitySamplesPaise;
  const averageEquityPaise = samples.length === 0 ? 0n : samples.reduce((sum, value) => sum + value, 0n) / BigInt(samples.length);
  const results: Record<PreferenceAxis, AxisResult> = {
    holding_period: holdingPeriod(trades, input.now),
    turnover: turnover(trades, from, input.now, input.trades.reduce((earliest, trade) => Math.min(earliest, trade.openedAt), input.now), averageEquityPaise),
    leverage: leverage(trades),
    concentration: concentration(trades),
    losses_cut_early: lossesCutEarly(trades, from),
    volatility: volatility(trades, input.volatilityPercent),
  };
  const axes = (Object.keys(results) as PreferenceAxis[]).map((axis): PreferenceAxisRow => {
    const result = results[axis];
    return { axis, score: result.score, figure: result.figure === null ? null : result.figure.toFixed(figureDecimals[axis]), trades: result.trades };
  });
  const scoreSum = axes.reduce((sum, axis) => sum + axis.score, 0);
  return { axes, scoreSum, profile: profileOf(scoreSum, axes.length), tradesCounted: trades.length, windowFrom: from, averageEquityPaise };
}
