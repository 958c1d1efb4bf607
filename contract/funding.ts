import { z } from 'zod';
import { readerLanguageField } from './language.ts';
import { parseRupees, withinWholeDigits } from './money.ts';
import { idString, pageField, pageOf, optionalReasonField, reasonField } from './paging.ts';
import { hoursRange, timeWindow } from './settings.ts';
import { idempotencyKey, statementLine } from './trading.ts';
import { fundRecordKinds } from './constants.ts';

// Zod-free, for the phone app's first load (constants.ts); re-exported where they always were.
export { fundRecordKinds };

// Money in and out: bank cards, the wallet address, the firm's deposit channels, deposits
// with receipts, withdrawals and fund records. Amounts travel as rupee strings with at most
// two decimals ("5000.00") and are read straight to paise, never through a float.

/** A positive amount typed by the user: rupees with at most two decimals. */
export const amountField = z
  .string({ error: 'amount_required' })
  .trim()
  .min(1, 'amount_required')
  // Too many digits is a malformed field, refused before any arithmetic (contract/money.ts).
  .refine((text) => withinWholeDigits(text), { message: 'invalid_field', abort: true })
  .refine((text) => {
    const paise = parseRupees(text);
    return paise !== null && paise > 0n;
  }, 'amount_invalid');

// ---- bank cards ------------------------------------------------------------------------
export const ifscPattern = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers run from 9 to 18 digits. */
export const bankAccountNumberPattern = /^\d{9,18}$/;

const cardText = (requiredKey: 'card_field_required', max: number) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, 'invalid_field');

export const addBankCardRequest = z.object({
  /** Must equal the verified KYC name ("card_not_holders_own" otherwise). */
  holder_name: cardText('card_field_required', 100),
  account_no: z.string({ error: 'card_field_required' }).trim().min(1, 'card_field_required').regex(bankAccountNumberPattern, 'card_account_number_invalid'),
  bank_name: cardText('card_field_required', 100),
  branch: cardText('card_field_required', 100),
  bank_code: cardText('card_field_required', 32),
  ifsc: z.string({ error: 'card_field_required' }).trim().toUpperCase().min(1, 'card_field_required').regex(ifscPattern, 'ifsc_invalid'),
});

export const bankCard = z.object({
  id: z.string(),
  holder_name: z.string(),
  /** Only the last four digits are ever sent back: "•••• 4821". */
  account_no_masked: z.string(),
  bank_name: z.string(),
  branch: z.string(),
  bank_code: z.string(),
  ifsc: z.string(),
  created_at: z.string(),
});
export const bankCardList = z.array(bankCard);
export const cardIdRequest = z.object({ id: idString });

// ---- wallet address --------------------------------------------------------------------
export const walletTypes = ['USDT-TRC20', 'USDT-ERC20'] as const;
export const walletAddressRequest = z.object({
  type: z.enum(walletTypes, 'wallet_type_required'),
  address: z.string({ error: 'wallet_address_required' }).trim().min(1, 'wallet_address_required').max(100, 'wallet_address_invalid'),
});
export const walletAddressResponse = z.object({ type: z.enum(walletTypes), address: z.string(), updated_at: z.string() }).nullable();

// ---- deposit channels (the firm's own collection accounts) ------------------------------
export const depositChannel = z.object({
  id: z.string(),
  name: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_no: z.string(),
  ifsc: z.string(),
  branch: z.string(),
  upi_id: z.string().nullable(),
  note: z.string(),
  active: z.boolean(),
});
export const depositChannelList = z.array(depositChannel);

export const channelSaveRequest = z.object({
  /** Absent: a new channel. */
  id: idString.optional(),
  name: z.string({ error: 'channel_field_required' }).trim().min(1, 'channel_field_required').max(100, 'invalid_field'),
  bank_name: z.string({ error: 'channel_field_required' }).trim().min(1, 'channel_field_required').max(100, 'invalid_field'),
  account_name: z.string({ error: 'channel_field_required' }).trim().min(1, 'channel_field_required').max(100, 'invalid_field'),
  account_no: z.string({ error: 'channel_field_required' }).trim().regex(bankAccountNumberPattern, 'card_account_number_invalid'),
  ifsc: z.string({ error: 'channel_field_required' }).trim().toUpperCase().regex(ifscPattern, 'ifsc_invalid'),
  branch: z.string({ error: 'channel_field_required' }).trim().min(1, 'channel_field_required').max(100, 'invalid_field'),
  upi_id: z.string().trim().max(100, 'invalid_field').nullable().default(null),
  note: z.string().trim().max(500, 'invalid_field').default(''),
  active: z.boolean({ error: 'invalid_field' }),
  reason: optionalReasonField,
});

// ---- deposits ------------------------------------------------------------------------
export const depositStatuses = ['pending', 'approved', 'rejected'] as const;
/** Staff also see a deposit above the four-eyes amount with its first approval given; for the user it is still pending. */
export const adminDepositStatuses = ['pending', 'first_approved', 'approved', 'rejected'] as const;

export const depositRequest = z.object({
  channel_id: z.string({ error: 'channel_required' }).regex(/^[1-9]\d{0,17}$/, 'channel_required'),
  amount: amountField,
  /** The bank transfer's reference (UTR) as the user's bank shows it. */
  reference: z.string({ error: 'deposit_reference_required' }).trim().min(1, 'deposit_reference_required').max(64, 'invalid_field'),
  receipt_upload_id: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'upload_deposit_receipt_first' : 'invalid_field') })
    .regex(/^[1-9]\d{0,17}$/, 'invalid_field'),
  idempotency_key: idempotencyKey,
});

export const deposit = z.object({
  id: z.string(),
  amount: z.string(),
  channel_name: z.string(),
  reference: z.string(),
  receipt_upload_id: z.string(),
  status: z.enum(depositStatuses),
  /** The reviewer's reason when rejected. */
  reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export const depositListResponse = pageOf(deposit);

/** What the deposit screen needs before the user types anything. */
export const depositInfoResponse = z.object({
  minimum: z.string(),
  window: timeWindow,
  open_now: z.boolean(),
  /** A pending deposit blocks another one ("deposit_pending"). */
  pending: deposit.nullable(),
  channels: depositChannelList,
});

// ---- withdrawals ---------------------------------------------------------------------
/** pending → paid | rejected; above the four-eyes amount, pending → first_approved → paid | rejected. */
export const withdrawalStatuses = ['pending', 'first_approved', 'paid', 'rejected'] as const;

export const withdrawRequest = z.object({
  amount: amountField,
  card_id: z.string({ error: 'card_required' }).regex(/^[1-9]\d{0,17}$/, 'card_required'),
  fund_password: z.string({ error: 'fund_password_required' }).min(1, 'fund_password_required').max(32, 'wrong_fund_password'),
  idempotency_key: idempotencyKey,
  /** The second factor's code: needed only for a card added within `security.new_card_hours` by a user who has it on. */
  mfa_code: z.string({ error: 'invalid_field' }).trim().max(32, 'mfa_code_incorrect').optional(),
});

export const withdrawal = z.object({
  id: z.string(),
  amount: z.string(),
  card: bankCard.pick({ bank_name: true, account_no_masked: true, ifsc: true }),
  status: z.enum(withdrawalStatuses),
  reason: z.string().nullable(),
  /** The payout's bank reference once paid. */
  bank_reference: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export const withdrawListRequest = z.object({ page: pageField });
export const withdrawListResponse = pageOf(withdrawal);

/** Every published rule with whether it holds now, so the screen can say what is missing. */
export const withdrawInfoResponse = z.object({
  withdrawable: z.string(),
  minimum: z.string(),
  window: timeWindow,
  arrival_hours: hoursRange,
  rules: z.object({
    kyc_verified: z.boolean(),
    card_bound: z.boolean(),
    fund_password_set: z.boolean(),
    within_window: z.boolean(),
    not_barred: z.boolean(),
    no_operation_in_progress: z.boolean(),
  }),
});

// ---- fund records ------------------------------------------------------------------------
export const fundRecordsRequest = z.object({ page: pageField, kind: z.enum(fundRecordKinds, 'invalid_field').default('all') });
export const fundRecordsResponse = pageOf(statementLine);

/**
 * `GET /api/vue/user/statement.csv?from=YYYY-MM-DD&to=YYYY-MM-DD&lang=en|tw|ko` (session
 * headers): every posting to the user's cash between the two IST dates, with the opening and
 * closing balance; opening + sum of changes = closing. Each line's reason is written in
 * `lang` (the app's stored language codes; anything else reads English).
 */
export const statementCsvPath = 'user/statement.csv';
/**
 * The same statement as a PDF, same query (written in English: docs/statements.md). Both files end
 * with an Ed25519 signature line; the public key is statement/publicKey.
 */
export const statementPdfPath = 'user/statement.pdf';
export const statementCsvQuery = z.object({
  from: z.string({ error: 'invalid_field' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_field'),
  to: z.string({ error: 'invalid_field' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_field'),
  lang: readerLanguageField,
});

// ---- back office: review queues ---------------------------------------------------------
export const adminDepositRow = deposit.extend({
  status: z.enum(adminDepositStatuses),
  user_id: z.string(),
  account: z.string(),
  /** Whether this one needs a second approver (amount above the deposit four-eyes setting). */
  needs_second_approver: z.boolean(),
  first_approver: z.string().nullable(),
  reviewer: z.string().nullable(),
});
export const adminDepositsListRequest = z.object({ page: pageField, status: z.enum(adminDepositStatuses, 'invalid_field').optional() });
export const adminDepositsListResponse = pageOf(adminDepositRow);

export const adminWithdrawalRow = withdrawal.extend({
  user_id: z.string(),
  account: z.string(),
  card: bankCard.pick({ holder_name: true, bank_name: true, account_no_masked: true, ifsc: true, branch: true }),
  /** Whether this one needs a second approver (amount above the four-eyes setting). */
  needs_second_approver: z.boolean(),
  first_approver: z.string().nullable(),
  reviewer: z.string().nullable(),
});
export const adminWithdrawalsListRequest = z.object({ page: pageField, status: z.enum(withdrawalStatuses, 'invalid_field').optional() });
export const adminWithdrawalsListResponse = pageOf(adminWithdrawalRow);

/** Approving pays out: the bank reference of the payout is required then. */
export const withdrawalReviewRequest = z.object({
  id: idString,
  decision: z.enum(['approve', 'reject'], 'invalid_field'),
  reason: reasonField,
  bank_reference: z.string().trim().max(64, 'invalid_field').optional(),
});
