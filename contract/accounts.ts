import { z } from 'zod';
import { ledgerCurrencies } from './currencies.ts';
import { passwordLengthMax, passwordLengthMin } from './constants.ts';

// Zod-free, for the phone app's first load (constants.ts); re-exported where they always were.
export { passwordLengthMax, passwordLengthMin };

// Each rule carries its own message key as the zod error, so the first failing rule
// becomes the envelope's msg verbatim. Order of fields = order the rules are reported.

export const accountStates = ['active', 'frozen', 'login_banned', 'trade_barred', 'withdraw_barred'] as const;
export type AccountState = (typeof accountStates)[number];

/**
 * Restrictions staff can switch on and off independently, most severe first. A frozen
 * account cannot log in and its sessions stop; login_banned only refuses new logins;
 * trade_barred refuses orders; withdraw_barred refuses withdrawals.
 */
export const restrictionNames = ['frozen', 'login_banned', 'trade_barred', 'withdraw_barred'] as const;
export type RestrictionName = (typeof restrictionNames)[number];
export type Restrictions = Record<RestrictionName, boolean>;

/** The one-word state older screens show: the most severe restriction switched on, else 'active'. */
export function mostSevereState(restrictions: Restrictions): AccountState {
  return restrictionNames.find((name) => restrictions[name]) ?? 'active';
}

export const restrictionsSchema = z.object({
  frozen: z.boolean(),
  login_banned: z.boolean(),
  trade_barred: z.boolean(),
  withdraw_barred: z.boolean(),
});

/** An Indian mobile number: ten digits, starting 6–9. */
export const mobileNumberPattern = /^[6-9]\d{9}$/;

/**
 * A string field the user must fill in: missing or empty is `requiredKey`; any other
 * type is a malformed body and names the field.
 */
export const requiredString = (requiredKey: 'account_required' | 'password_required' | 'password2_required' | 'invite_code_required') =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredKey : 'invalid_field') });

const accountField = requiredString('account_required')
  .trim()
  .min(1, 'account_required')
  .regex(mobileNumberPattern, 'account_must_be_ten_digit_mobile');

export const registerRequest = z
  .object({
    account: accountField,
    password: requiredString('password_required')
      .min(1, 'password_required')
      .min(passwordLengthMin, 'password_too_short')
      .max(passwordLengthMax, 'password_too_long'),
    password2: requiredString('password2_required').min(1, 'password2_required').max(passwordLengthMax, 'password_too_long'),
    invite_code: requiredString('invite_code_required').trim().min(1, 'invite_code_required').max(32, 'invalid_field'),
    agree: z.literal(true, 'agreement_not_accepted'),
  })
  .refine((form) => form.password === form.password2, { message: 'passwords_do_not_match', path: ['password2'] });

export const registerResponse = z.object({ account: z.string() });

export const loginRequest = z.object({
  account: accountField,
  password: requiredString('password_required').min(1, 'password_required').max(passwordLengthMax, 'password_too_long'),
});

export const loginResponse = z.object({ token: z.string(), account: z.string() });

export const emptyRequest = z.object({}).optional().default({});

export const balancesSchema = z.object({
  /** cash = available + frozen; rupee strings. */
  cash: z.string(),
  available: z.string(),
  frozen: z.string(),
  /** cash + market_value: the open positions valued at the last price, not at the margin paid. */
  total_assets: z.string(),
  /** The margin in open positions (what was put in). */
  invested: z.string(),
  /** Σ over open positions of their equity: margin + unrealised P&L at the last price (contract/portfolio.ts). */
  market_value: z.string(),
  /** Σ unrealised P&L of open positions at the last price. */
  unrealised_pnl: z.string(),
  /** Today's change of the open positions: last − previous close (or − fill price for a position filled today), × quantity, signed by side. */
  day_pnl: z.string(),
  /** P&L realised by positions closed today (IST). */
  realised_pnl_today: z.string(),
});

/** A user's money in one currency: decimal strings in its major unit (contract/currencies.ts). */
export const currencyBalanceSchema = z.object({
  currency: z.enum(ledgerCurrencies),
  cash: z.string(),
  available: z.string(),
  frozen: z.string(),
  /** Margin in this currency's open positions, their equity at the last price, and cash + that equity. */
  invested: z.string(),
  market_value: z.string(),
  total_assets: z.string(),
});
export type CurrencyBalance = z.infer<typeof currencyBalanceSchema>;

export const userInfoResponse = z.object({
  user_id: z.string(),
  account: z.string(),
  /** The most severe restriction, or 'active' when none is on. */
  state: z.enum(accountStates),
  restrictions: restrictionsSchema,
  institution: z.string(),
  created_at: z.string(),
  /** VIP users see the real-time analytics on /market/vip. */
  vip: z.boolean(),
  /** Rupees, as before currencies: kept for the screens that only show rupees. */
  balances: balancesSchema,
  /** Every currency the user holds accounts in, rupees first and always there. */
  balances_by_currency: z.array(currencyBalanceSchema),
  /** The caller's avatar (an upload of purpose avatar, served by upload/file), or null for none. */
  avatar_upload_id: z.string().nullable(),
});

export type UserInfo = z.infer<typeof userInfoResponse>;
