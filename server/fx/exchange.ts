import type { z } from 'zod';
import { formatMinorAmount, type LedgerCurrency, ledgerCurrencies, parseMinorAmount } from '../../contract/currencies.ts';
import type { adminFxPositionResponse, FxConversion, FxPair, FxQuote, fxHistoryRequest, fxHistoryResponse, fxQuoteRequest, fxRatesResponse } from '../../contract/fx.ts';
import { formatRupees } from '../../contract/money.ts';
import type { Database } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { userBalancesByCurrency } from '../ledger/userBalances.ts';
import type { Settings } from '../settings/settings.ts';
import type { ConversionWriter } from './conversionWriter.ts';
import { houseFxBalances, insertQuote, type QuoteRow } from './fxStore.ts';
import type { PairRate, RateBook } from './rateBook.ts';
import { formatRate, quotedRate, receiveMinor, valueAt } from './rateMath.ts';

// Currency exchange: rates, quotes and conversions. A quote fixes the rate (the live rate less
// the published spread) and what the amount buys (rounded down to the minor unit) for the
// quote's life; converting it moves both legs in ONE ledger transfer through the firm's FX
// account in each currency:
//   user available[from] −amount → house_fx[from] +amount
//   house_fx[to] −receive        → user available[to] +receive
// so the transfer balances in each currency and the firm's FX position is the house_fx
// balances. The ledger key is the quote's: a quote can move money once, whatever the client sends.

export interface FxContext {
  db: Database;
  settings: Settings;
  rates: RateBook;
  now: () => number;
}

/**
 * The firm's FX accounts: several lanes per currency, a user always on the same one. Every
 * conversion locks the FX account of both its currencies until it commits; with one account
 * per currency all conversions would queue on it. The position is the lanes' sum. A lane's
 * accounts are opened (and committed) on its first conversion, then kept.
 */
const houseFxLanes = 16;
const houseAccounts = new WeakMap<Database, Map<number, Promise<Map<LedgerCurrency, bigint>>>>();
function houseFxAccounts(db: Database, userId: bigint): Promise<Map<LedgerCurrency, bigint>> {
  const lane = Number(userId % BigInt(houseFxLanes));
  const lanes = houseAccounts.get(db) ?? new Map<number, Promise<Map<LedgerCurrency, bigint>>>();
  houseAccounts.set(db, lanes);
  let accounts = lanes.get(lane);
  if (!accounts) {
    accounts = (async () => {
      const opened = new Map<LedgerCurrency, bigint>();
      for (const currency of ledgerCurrencies) opened.set(currency, await openHouseAccount(db, 'house_fx', currency, lane));
      return opened;
    })();
    accounts.catch(() => lanes.delete(lane));
    lanes.set(lane, accounts);
  }
  return accounts;
}

const pairView = (pair: PairRate, spreadBasisPoints: number): FxPair => ({
  from: pair.from,
  to: pair.to,
  rate: formatRate(pair.liveScaled),
  reference_rate: formatRate(pair.referenceScaled),
  source: pair.source,
  reference_day: pair.referenceDay,
  updated_at: pair.updatedAt,
  day_change_bps: pair.dayChangeBasisPoints,
  spread_bps: spreadBasisPoints,
});

/** The pairs of the three markets' currencies, each with its published spread (either direction); any other pair pays fx.spread_bps. */
const pairSpreadSettings: Partial<Record<string, 'fx.spread_bps_inr_krw' | 'fx.spread_bps_inr_thb' | 'fx.spread_bps_krw_thb'>> = {
  'INR|KRW': 'fx.spread_bps_inr_krw',
  'INR|THB': 'fx.spread_bps_inr_thb',
  'KRW|THB': 'fx.spread_bps_krw_thb',
};

export function spreadOf(settings: FxContext['settings'], from: LedgerCurrency, to: LedgerCurrency): number {
  return settings.get(pairSpreadSettings[[from, to].sort().join('|')] ?? 'fx.spread_bps');
}

export function fxRates(context: FxContext, to: LedgerCurrency): z.infer<typeof fxRatesResponse> {
  const now = context.now();
  const pairs = ledgerCurrencies.flatMap((from) => {
    const pair = context.rates.pair(from, to, now);
    return pair ? [pairView(pair, spreadOf(context.settings, from, to))] : [];
  });
  return {
    pairs,
    spread_bps: context.settings.get('fx.spread_bps'),
    quote_seconds: context.settings.get('fx.quote_seconds'),
    minimum: formatRupees(context.settings.paise('fx.minimum')),
    maximum: formatRupees(context.settings.paise('fx.maximum')),
    intraday_simulated: context.rates.intradaySimulated,
  };
}

export function fxHistory(context: FxContext, request: z.output<typeof fxHistoryRequest>): z.infer<typeof fxHistoryResponse> {
  if (request.from === request.to) refuse('currencies_must_differ');
  const now = context.now();
  const pair = context.rates.pair(request.from, request.to, now);
  if (!pair) refuse('fx_rate_unavailable');
  const points = context.rates.history(request.from, request.to, request.days, now).map((point) => ({ day: point.day, rate: formatRate(point.rateScaled) }));
  return { source: pair.source === 'simulated_intraday' ? 'ecb' : pair.source, points };
}

const quoteView = (row: QuoteRow): FxQuote => ({
  quote_id: row.id.toString(),
  from: row.from_currency,
  to: row.to_currency,
  amount: formatMinorAmount(row.amount_minor, row.from_currency),
  rate: formatRate(row.rate_scaled),
  reference_rate: formatRate(row.reference_scaled),
  spread_bps: row.spread_bps,
  source: row.source,
  receive: formatMinorAmount(row.receive_minor, row.to_currency),
  expires_at: new Date(row.expires_at).toISOString(),
});

/** A quote for the caller, after its checks in the order their messages are listed. */
export async function requestQuote(context: FxContext, userId: bigint, form: z.output<typeof fxQuoteRequest>): Promise<FxQuote> {
  const { settings, rates } = context;
  const { from, to } = form;
  if (from === to) refuse('currencies_must_differ');
  const now = context.now();
  const pair = rates.pair(from, to, now);
  const rupeeValue = from === 'INR' ? null : rates.pair(from, 'INR', now);
  if (!pair || (from !== 'INR' && !rupeeValue)) refuse('fx_rate_unavailable');
  const amountMinor = parseMinorAmount(form.amount, from)!;
  // Limits are in rupees' worth at the reference rate, one pair of numbers for every currency.
  const rupeesWorth = rupeeValue ? valueAt(amountMinor, from, 'INR', rupeeValue.reference) : amountMinor;
  const minimum = settings.paise('fx.minimum');
  const maximum = settings.paise('fx.maximum');
  if (rupeesWorth < minimum) refuse('fx_amount_below_minimum', formatRupees(minimum));
  if (rupeesWorth > maximum) refuse('fx_amount_above_maximum', formatRupees(maximum));
  const spreadBasisPoints = spreadOf(settings, from, to);
  const rateScaled = quotedRate(pair.liveScaled, spreadBasisPoints);
  const receive = receiveMinor(amountMinor, from, to, rateScaled);
  if (receive <= 0n) refuse('fx_amount_too_small');
  const row = await insertQuote(context.db, {
    user_id: userId, from_currency: from, to_currency: to, amount_minor: amountMinor, receive_minor: receive, rate_scaled: rateScaled,
    reference_scaled: pair.liveScaled, spread_bps: spreadBasisPoints, source: pair.source,
    created_at: new Date(now), expires_at: new Date(now + settings.get('fx.quote_seconds') * 1000),
  });
  return quoteView(row);
}

/** The conversion as the user sees it; the balances after it are read unless the conversion just gave them. */
async function conversionView(context: FxContext, row: QuoteRow, balancesAfter: { from: bigint; to: bigint } | null): Promise<FxConversion> {
  let available = balancesAfter;
  if (!available) {
    const balances = await userBalancesByCurrency(context.db, row.user_id);
    const availableIn = (currency: LedgerCurrency) => balances.find((line) => line.currency === currency)?.available ?? 0n;
    available = { from: availableIn(row.from_currency), to: availableIn(row.to_currency) };
  }
  return {
    quote_id: row.id.toString(),
    from: row.from_currency,
    to: row.to_currency,
    amount: formatMinorAmount(row.amount_minor, row.from_currency),
    rate: formatRate(row.rate_scaled),
    receive: formatMinorAmount(row.receive_minor, row.to_currency),
    converted_at: new Date(row.converted_at!).toISOString(),
    available_from: formatMinorAmount(available.from, row.from_currency),
    available_to: formatMinorAmount(available.to, row.to_currency),
  };
}

/**
 * Converts the caller's quote at its rate, once: decided under the quote's row lock by the
 * conversion writer (conversionWriter.ts), so a double tap, a retry and a race all see the
 * first outcome.
 */
export async function convertQuote(context: FxContext, writer: ConversionWriter, userId: bigint, form: { quote_id: string; idempotency_key: string }): Promise<FxConversion> {
  const house = await houseFxAccounts(context.db, userId);
  const outcome = await writer.convert({ userId, quoteId: form.quote_id, idempotencyKey: form.idempotency_key, now: context.now(), house });
  return conversionView(context, outcome.converted, outcome.balancesAfter);
}

/** The firm's FX position: each house FX balance with its rupee worth at today's reference rate. */
export async function fxPosition(context: FxContext): Promise<z.infer<typeof adminFxPositionResponse>> {
  const now = context.now();
  let rupeesTotal = 0n;
  const rows = (await houseFxBalances(context.db)).map(({ currency, balance }) => {
    const pair = currency === 'INR' ? null : context.rates.pair(currency, 'INR', now);
    const rupees = currency === 'INR' ? balance : pair ? valueAt(balance, currency, 'INR', pair.reference) : null;
    if (rupees !== null) rupeesTotal += rupees;
    return { currency, balance: formatMinorAmount(balance, currency), inr_equivalent: rupees === null ? null : formatRupees(rupees) };
  });
  return { rows, inr_total: formatRupees(rupeesTotal) };
}
