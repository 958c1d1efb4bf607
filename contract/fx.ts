import { z } from 'zod';
import { ledgerCurrencies, type LedgerCurrency, parseMinorAmount } from './currencies.ts';
import { withinWholeDigits } from './money.ts';
import { idString } from './paging.ts';
import { idempotencyKey } from './trading.ts';

// Currency exchange: reference rates, quotes and conversions. Rates travel as decimal strings
// of the units of `to` one unit of `from` buys ("16.4008514137"); amounts as decimal strings
// in the major unit of their currency ("1000.00" rupees, "16318" won). A quote is the
// reference rate less a published spread, valid for a published number of seconds; a
// conversion spends one quote once, at its rate, in one ledger transfer.

export const fxCurrency = z.enum(ledgerCurrencies, 'currency_required');
/** Where a rate comes from, shown beside it. */
export const fxRateSources = ['ecb', 'staff_setting', 'simulated_intraday'] as const;
export type FxRateSource = (typeof fxRateSources)[number];

export const fxPair = z.object({
  from: fxCurrency,
  to: fxCurrency,
  /** The rate quotes are made from now (the reference, moved intraday in the demo). */
  rate: z.string(),
  /** The day's reference: the ECB rate of `reference_day`, or the staff setting. */
  reference_rate: z.string(),
  source: z.enum(fxRateSources),
  /** The ECB business day the reference is from; null for a staff-set rate. */
  reference_day: z.string().nullable(),
  /** When `rate` was last set (an intraday tick, staff's change); null for a plain ECB day. */
  updated_at: z.string().nullable(),
  /** The reference's move since the previous ECB day, basis points; null without one. */
  day_change_bps: z.number().int().nullable(),
  /** The pair's published spread: its own setting (fx.spread_bps_…) or fx.spread_bps. */
  spread_bps: z.number().int(),
});
export type FxPair = z.infer<typeof fxPair>;

export const fxRatesRequest = z.object({
  /** The currency every pair is priced in; rupees unless asked. */
  to: fxCurrency.default('INR'),
});
export const fxRatesResponse = z.object({
  /** One pair per other currency that has a rate: 1 `from` = `rate` `to`. */
  pairs: z.array(fxPair),
  /** The spread of every pair without one of its own. */
  spread_bps: z.number().int(),
  quote_seconds: z.number().int(),
  /** Smallest and largest conversion, in rupees' worth at the reference rate. */
  minimum: z.string(),
  maximum: z.string(),
  /** Whether the demo's intraday movement is on (rates then say simulated_intraday). */
  intraday_simulated: z.boolean(),
});

export const fxHistoryRequest = z.object({
  from: fxCurrency,
  to: fxCurrency.default('INR'),
  days: z.number({ error: 'invalid_field' }).int('invalid_field').min(2, 'invalid_field').max(800, 'invalid_field').default(250),
});
export const fxHistoryResponse = z.object({
  source: z.enum(fxRateSources),
  /** Daily reference rates, oldest first; empty where the rate is a staff setting. */
  points: z.array(z.object({ day: z.string(), rate: z.string() })),
});

/** An amount of `from` typed by the user: positive, at most its currency's decimals. */
export const fxQuoteRequest = z
  .object({
    from: fxCurrency,
    to: fxCurrency,
    amount: z
      .string({ error: 'amount_required' })
      .trim()
      .min(1, 'amount_required')
      .max(24, 'amount_invalid')
      .refine((text) => withinWholeDigits(text), { message: 'invalid_field', abort: true }),
  })
  .superRefine((request, context) => {
    const minor = parseMinorAmount(request.amount, request.from as LedgerCurrency);
    if (minor === null || minor <= 0n) context.addIssue({ code: 'custom', message: 'amount_invalid', path: ['amount'] });
  });

export const fxQuote = z.object({
  quote_id: z.string(),
  from: fxCurrency,
  to: fxCurrency,
  amount: z.string(),
  /** The quoted rate: the reference less the spread. */
  rate: z.string(),
  reference_rate: z.string(),
  spread_bps: z.number().int(),
  source: z.enum(fxRateSources),
  /** `amount` × `rate`, rounded down to the minor unit of `to`. */
  receive: z.string(),
  expires_at: z.string(),
});
export type FxQuote = z.infer<typeof fxQuote>;

export const fxConvertRequest = z.object({
  quote_id: idString,
  idempotency_key: idempotencyKey,
});
export const fxConversion = z.object({
  quote_id: z.string(),
  from: fxCurrency,
  to: fxCurrency,
  amount: z.string(),
  rate: z.string(),
  receive: z.string(),
  converted_at: z.string(),
  /** The caller's available money in the two currencies after the conversion. */
  available_from: z.string(),
  available_to: z.string(),
});
export type FxConversion = z.infer<typeof fxConversion>;

/** The firm's FX position: what its house FX account holds in each currency (negative: owed out). */
export const adminFxPositionResponse = z.object({
  rows: z.array(z.object({ currency: fxCurrency, balance: z.string(), inr_equivalent: z.string().nullable() })),
  /** The sum of the rupee equivalents of the rows that have one. */
  inr_total: z.string(),
});
