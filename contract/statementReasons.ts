import { z } from 'zod';
import { type LedgerCurrency, ledgerCurrencies, minorUnitScale } from './currencies.ts';
import { orderSides } from './trading.ts';

// Why money moved: each ledger transfer stores a reason kind and its typed parameters, never
// a sentence. The app writes the sentence in the reader's language and the CSV statement in
// the language asked for, both from the same Lingui catalog entries (id `statement.<key>`):
// the app declares them (src/i18n/statementReasons.ts), the server reads them from
// locales/<locale>/messages.po. statementSentence() below is the one composition both use.

const orderNo = z.string().regex(/^\d{1,18}$/);
const recordId = z.string().regex(/^\d{1,18}$/);
const quantity = z.string().regex(/^[1-9]\d{0,17}$/);
/** Names as they were when the money moved (a channel renamed later does not rewrite history). */
const name = z.string().min(1).max(100);
/** An IST calendar day, YYYY-MM-DD. */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Free text a person wrote: a reviewer's reason, a staff correction's explanation. */
const note = z.string().min(1).max(500);
/** Fund units and NAVs: non-negative decimals with four places. */
const fundDecimal = z.string().regex(/^\d{1,14}\.\d{4}$/);

/**
 * An amount in hundredths of its currency (paise for INR, 1/100 won for KRW, as prices travel
 * on the stream), as an integer string so no JSON parser makes it a float, with the currency's
 * code: `{ amount: '99976597', currency: 'INR' }`.
 */
export const moneyParam = z.strictObject({ amount: z.string().regex(/^-?\d{1,18}$/), currency: z.enum(ledgerCurrencies) });
export type MoneyParam = z.infer<typeof moneyParam>;

export const rupeesParam = (paise: bigint): MoneyParam => ({ amount: paise.toString(), currency: 'INR' });

/** A ledger amount (minor units of its currency: whole won) as a parameter (hundredths). */
export const ledgerMoneyParam = (minor: bigint, currency: LedgerCurrency): MoneyParam => ({
  amount: (minorUnitScale(currency) === 0 ? minor * 100n : minor).toString(),
  currency,
});

/** A price as the stream sends it (hundredths of its currency) as a parameter. */
export const priceParam = (hundredths: bigint, currency: LedgerCurrency): MoneyParam => ({ amount: hundredths.toString(), currency });

function fixedPriceOpening() {
  return z.strictObject({ order_no: orderNo, origin_id: name, quantity, code: name, price: moneyParam, amount: moneyParam });
}

/** Each kind with the parameters its sentence needs. A domain adding a kind of transfer adds its reason here. */
export const statementReasonParams = {
  demo_funding: z.strictObject({ amount: moneyParam }),
  order_margin_held: z.strictObject({ order_no: orderNo, side: z.enum(orderSides), quantity, code: name, amount: moneyParam }),
  order_filled: z.strictObject({ order_no: orderNo, side: z.enum(orderSides), quantity, code: name, price: moneyParam }),
  order_cancelled: z.strictObject({ order_no: orderNo, amount: moneyParam }),
  /** `absorbed`: the part of a loss beyond the user's money that the firm took (negative balance protection). */
  position_closed: z.strictObject({ order_no: orderNo, code: name, price: moneyParam, absorbed: moneyParam.optional() }),
  position_closed_by_margin_call: z.strictObject({
    order_no: orderNo, code: name, price: moneyParam, maintenance_percent: z.number().int().min(0).max(100), absorbed: moneyParam.optional(),
  }),
  deposit_received: z.strictObject({ deposit_id: recordId, amount: moneyParam, channel: name, reference: name }),
  // The withdrawal's number does not exist yet when its money is held: the row names the hold.
  withdrawal_held: z.strictObject({ amount: moneyParam, bank_name: name, account_masked: name }),
  withdrawal_rejected: z.strictObject({ withdrawal_id: recordId, amount: moneyParam, note }),
  withdrawal_paid: z.strictObject({ withdrawal_id: recordId, amount: moneyParam, bank_name: name, account_masked: name, bank_reference: name }),
  /** Money moved by hand (staff, tests, benchmarks), with the reason the person gave. */
  correction: z.strictObject({ amount: moneyParam, note }),
  /** A currency exchange at its quote's rate (units of `bought` per unit of `sold`, a decimal string). */
  fx_converted: z.strictObject({ quote_id: recordId, sold: moneyParam, bought: moneyParam, rate: z.string().regex(/^\d{1,12}(\.\d{1,10})?$/) }),
  // loans (server/lending/): the money lent, a date's interest, a repayment split interest first
  loan_borrowed: z.strictObject({ loan_id: recordId, amount: moneyParam }),
  loan_interest_accrued: z.strictObject({ loan_id: recordId, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), amount: moneyParam }),
  loan_repaid: z.strictObject({ loan_id: recordId, amount: moneyParam, interest: moneyParam, principal: moneyParam }),
  // Positions bought at a fixed price outside the market (server/trading/fixedPricePositions.ts), one kind per origin so
  // each reads as its own sentence: `origin_id` names the issue, placement, block purchase or allocation; `amount` is
  // everything paid (price × quantity and any opening fees).
  position_opened_from_ipo: fixedPriceOpening(),
  position_opened_from_placement: fixedPriceOpening(),
  position_opened_from_block: fixedPriceOpening(),
  position_opened_from_vip: fixedPriceOpening(),
  /** An intraday position closed at the market price at the configured square-off time (server/trading/intradaySquareOff.ts). */
  position_squared_off: z.strictObject({ order_no: orderNo, code: name, price: moneyParam, absorbed: moneyParam.optional() }),
  /** Pledged stock sold past the loan-to-value sale line, its proceeds repaying the margin loan (server/lending/pledgeMonitor.ts). */
  pledge_sold: z.strictObject({ pledge_id: recordId, order_no: orderNo, code: name, loan_id: recordId, amount: moneyParam, interest: moneyParam, principal: moneyParam }),
  // placements and rights issues (server/placement/): an application's money held, released, and paid for allotted shares
  placement_application_held: z.strictObject({ placement_id: recordId, code: name, quantity, amount: moneyParam }),
  placement_application_released: z.strictObject({ placement_id: recordId, application_id: recordId, code: name, amount: moneyParam }),
  placement_allotted: z.strictObject({ placement_id: recordId, application_id: recordId, code: name, quantity, amount: moneyParam }),
  // IPOs (server/ipo/): an application's money held, released (withdrawn, not allotted, or the rest after allotment), paid for allotted shares
  ipo_application_held: z.strictObject({ ipo_id: recordId, code: name, quantity, amount: moneyParam }),
  ipo_application_released: z.strictObject({ ipo_id: recordId, application_id: recordId, code: name, amount: moneyParam }),
  ipo_allotted: z.strictObject({ ipo_id: recordId, application_id: recordId, code: name, quantity, amount: moneyParam }),
  // strategy funds (server/funds/): `units` and `nav` are decimal strings with four decimals ("500.0000", "10.1234")
  fund_subscription_held: z.strictObject({ fund_id: recordId, holding_id: recordId, fund_name: name, amount: moneyParam }),
  fund_subscription_released: z.strictObject({ fund_id: recordId, holding_id: recordId, fund_name: name, amount: moneyParam }),
  fund_units_bought: z.strictObject({ fund_id: recordId, holding_id: recordId, fund_name: name, units: fundDecimal, nav: fundDecimal, amount: moneyParam }),
  fund_units_redeemed: z.strictObject({ fund_id: recordId, holding_id: recordId, redemption_id: recordId, fund_name: name, units: fundDecimal, nav: fundDecimal, amount: moneyParam }),
  fund_final_payout: z.strictObject({ fund_id: recordId, holding_id: recordId, redemption_id: recordId, fund_name: name, units: fundDecimal, nav: fundDecimal, amount: moneyParam }),
  fund_management_fee: z.strictObject({ fund_id: recordId, fund_name: name, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), amount: moneyParam }),
  // promotions (server/promotion/): the fee rebate for new accounts, paid by its published rule. `fees` is the brokerage the
  // window counted from `from_day` through `through_day`, `percent` the share rebated; `amount` is this payment (what the rule
  // gives up to the cap, less what was paid before).
  promotion_fee_rebate: z.strictObject({ from_day: isoDay, through_day: isoDay, fees: moneyParam, percent: z.number().int().min(0).max(100), amount: moneyParam }),
} as const;

export type StatementReasonKind = keyof typeof statementReasonParams;
export const statementReasonKinds = Object.keys(statementReasonParams) as StatementReasonKind[];
export type StatementReasonParams<Kind extends StatementReasonKind> = z.infer<(typeof statementReasonParams)[Kind]>;
/** A kind with its parameters, as the ledger is given them. */
export type StatementReason = { [Kind in StatementReasonKind]: { kind: Kind; params: StatementReasonParams<Kind> } }[StatementReasonKind];

export const isStatementReasonKind = (kind: string): kind is StatementReasonKind => Object.hasOwn(statementReasonParams, kind);

/** Checks a reason against its kind's schema; throws on a mismatch (a programming error, not a user's). */
export function checkedStatementReason(reason: StatementReason): StatementReason {
  return { kind: reason.kind, params: statementReasonParams[reason.kind].parse(reason.params) } as StatementReason;
}

/** Every catalog entry a statement is written with: a sentence per kind and the words they share. */
export const statementMessageKeys = [
  ...statementReasonKinds,
  'side_long', 'side_short', 'with_loss_absorbed', 'unknown', 'opening_balance', 'closing_balance',
] as const;
export type StatementMessageKey = (typeof statementMessageKeys)[number];
export const statementMessageId = (key: StatementMessageKey) => `statement.${key}` as const;

export interface StatementReader {
  /** The reader's-language text of one catalog entry with its placeholders filled. */
  translate(key: StatementMessageKey, values: Record<string, string>): string;
  /** An amount as the reader sees money. */
  money(value: MoneyParam): string;
}

/**
 * A statement line's sentence in the reader's language. A kind this version does not know,
 * or parameters that do not fit it, read as a general entry rather than as a wrong sentence.
 */
export function statementSentence(kind: string, params: unknown, reader: StatementReader): string {
  const parsed = isStatementReasonKind(kind) ? statementReasonParams[kind].safeParse(params) : null;
  if (!parsed?.success) return reader.translate('unknown', {});
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed.data as Record<string, unknown>)) {
    if (name === 'absorbed') continue;
    if (name === 'side') values[name] = reader.translate(value === 'long' ? 'side_long' : 'side_short', {});
    else values[name] = typeof value === 'object' && value !== null ? reader.money(value as MoneyParam) : String(value);
  }
  const sentence = reader.translate(kind as StatementReasonKind, values);
  const absorbed = (parsed.data as { absorbed?: MoneyParam }).absorbed;
  return absorbed ? reader.translate('with_loss_absorbed', { sentence, absorbed: reader.money(absorbed) }) : sentence;
}
