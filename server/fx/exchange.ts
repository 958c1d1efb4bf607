import type { z } from 'zod';
import { formatMinorAmount, type LedgerCurrency, ledgerCurrencies, parseMinorAmount } from '../../contract/currencies.ts';
import type { adminFxPositionResponse, FxConversion, FxPair, FxQuote, fxHistoryRequest, fxHistoryResponse, fxQuoteRequest, fxRatesResponse } from '../../contract/fx.ts';
import { formatRupees } from '../../contract/money.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import type { Database } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { transfer } from '../ledger/ledger.ts';
import { findUserLedgerAccounts, openUserLedgerAccounts, userBalances } from '../ledger/userBalances.ts';
import type { Settings } from '../settings/settings.ts';
import { houseFxBalances, insertQuote, markConverted, type QuoteRow, quoteConvertedWithKey, quoteOf } from './fxStore.ts';
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

/** The firm's FX account per currency, opened once and kept (committed before any transfer uses it). */
const houseAccounts = new WeakMap<Database, Map<LedgerCurrency, Promise<bigint>>>();
function houseFxAccount(db: Database, currency: LedgerCurrency): Promise<bigint> {
  const opened = houseAccounts.get(db) ?? new Map<LedgerCurrency, Promise<bigint>>();
  houseAccounts.set(db, opened);
  let account = opened.get(currency);
  if (!account) {
    account = openHouseAccount(db, 'house_fx', currency);
    account.catch(() => opened.delete(currency));
    opened.set(currency, account);
  }
  return account;
}

const pairView = (pair: PairRate): FxPair => ({
  from: pair.from,
  to: pair.to,
  rate: formatRate(pair.liveScaled),
  reference_rate: formatRate(pair.referenceScaled),
  source: pair.source,
  reference_day: pair.referenceDay,
  updated_at: pair.updatedAt,
  day_change_bps: pair.dayChangeBasisPoints,
});

export function fxRates(context: FxContext, to: LedgerCurrency): z.infer<typeof fxRatesResponse> {
  const now = context.now();
  const pairs = ledgerCurrencies.flatMap((from) => {
    const pair = context.rates.pair(from, to, now);
    return pair ? [pairView(pair)] : [];
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
  const spreadBasisPoints = settings.get('fx.spread_bps');
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

async function conversionView(context: FxContext, row: QuoteRow): Promise<FxConversion> {
  const [fromBalances, toBalances] = await Promise.all([
    userBalances(context.db, row.user_id, row.from_currency),
    userBalances(context.db, row.user_id, row.to_currency),
  ]);
  return {
    quote_id: row.id.toString(),
    from: row.from_currency,
    to: row.to_currency,
    amount: formatMinorAmount(row.amount_minor, row.from_currency),
    rate: formatRate(row.rate_scaled),
    receive: formatMinorAmount(row.receive_minor, row.to_currency),
    converted_at: new Date(row.converted_at!).toISOString(),
    available_from: formatMinorAmount(fromBalances.available, row.from_currency),
    available_to: formatMinorAmount(toBalances.available, row.to_currency),
  };
}

/** A converted quote answers a repeat of the same intent with the conversion, and refuses any other. */
function sameIntentOrRefuse(row: QuoteRow, idempotencyKey: string): void {
  if (row.idempotency_key !== idempotencyKey) refuse('fx_quote_already_used');
}

/** Converts the caller's quote at its rate, once. */
export async function convertQuote(context: FxContext, userId: bigint, form: { quote_id: string; idempotency_key: string }): Promise<FxConversion> {
  const { db } = context;
  const stored = await quoteOf(db, userId, form.quote_id);
  if (!stored) refuse('fx_quote_not_found');
  if (stored.converted_at) {
    sameIntentOrRefuse(stored, form.idempotency_key);
    return conversionView(context, stored);
  }
  const now = context.now();
  if (now > new Date(stored.expires_at).getTime()) refuse('fx_quote_expired');
  const { from_currency: from, to_currency: to } = stored;
  const fromAccounts = await findUserLedgerAccounts(db, userId, from);
  if (!fromAccounts) refuse('insufficient_available_balance');
  // The user's accounts in `to` open on first use; empty accounts left by a refused conversion hold nothing.
  const [toAccounts, houseFrom, houseTo] = await Promise.all([openUserLedgerAccounts(db, userId, to), houseFxAccount(db, from), houseFxAccount(db, to)]);

  await db.transaction(async (tx) => {
    const locked = (await quoteOf(tx, userId, form.quote_id, true))!;
    // A concurrent request converted it first: its outcome decides below.
    if (locked.converted_at) return;
    const earlier = await quoteConvertedWithKey(tx, userId, form.idempotency_key);
    if (earlier !== undefined) refuse('idempotency_key_reused');
    const { transferId } = await transfer(tx, {
      idempotencyKey: `fx-quote:${locked.id}`,
      kind: 'fx_convert',
      reasonKind: 'fx_converted',
      reasonParams: {
        quote_id: locked.id.toString(),
        sold: ledgerMoneyParam(locked.amount_minor, from),
        bought: ledgerMoneyParam(locked.receive_minor, to),
        rate: formatRate(locked.rate_scaled),
      },
      userId,
      postings: [
        { accountId: fromAccounts.availableAccountId, currency: from, amount: -locked.amount_minor },
        { accountId: houseFrom, currency: from, amount: locked.amount_minor },
        { accountId: houseTo, currency: to, amount: -locked.receive_minor },
        { accountId: toAccounts.availableAccountId, currency: to, amount: locked.receive_minor },
      ],
    });
    await markConverted(tx, locked.id, { at: new Date(now), idempotencyKey: form.idempotency_key, transferId });
  });
  const converted = (await quoteOf(db, userId, form.quote_id))!;
  sameIntentOrRefuse(converted, form.idempotency_key);
  return conversionView(context, converted);
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
