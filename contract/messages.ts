// The closed list of message keys the server may put in an envelope's `msg`.
// The server sends the key, the app translates it (src/i18n/serverMessages.ts maps
// every key to a translated text; the compiler refuses a missing one).
// A key may carry one parameter after a colon: "invalid_field:account".

export const messageKeys = [
  // generic
  'ok',
  'invalid_body',
  'invalid_field',
  'not_logged_in',
  'system_busy',
  'submit_too_frequently',
  'not_found',
  // registration and login, in the order the rules are checked
  'account_required',
  'account_must_be_ten_digit_mobile',
  'password_required',
  'password_too_short',
  'password_too_long',
  'password2_required',
  'passwords_do_not_match',
  'invite_code_required',
  'agreement_not_accepted',
  'account_already_exists',
  'inviter_does_not_exist',
  'registration_failed',
  'account_or_password_incorrect',
  // a password found in lists of common passwords, or too easy to guess (server/accounts/passwordPolicy.ts)
  'password_too_common',
  // rate limits (server/http/rateLimits.ts), each with the minutes until the window ends: "too_many_uploads:12"
  'too_many_sign_in_attempts',
  'too_many_registrations',
  'too_many_password_resets',
  'too_many_fund_password_attempts',
  'too_many_uploads',
  // every image decoder is busy and the queue for one is full
  'upload_busy',
  // account states
  'account_frozen',
  'account_login_banned',
  'account_cannot_trade',
  'account_cannot_withdraw',
  // ledger
  'insufficient_balance',
  'insufficient_available_balance',
  'no_balance_in_currency',
  'idempotency_key_reused',
  // market data
  'unknown_instrument',
  'too_many_symbols',
  // trading, in the order the rules are checked
  'quantity_not_whole_lots',
  'leverage_not_allowed',
  'price_required',
  'price_must_be_above_zero',
  'price_not_on_tick',
  'exceeded_price_limit',
  'non_trading_hours',
  'stock_price_not_available',
  'order_not_found',
  'order_not_pending',
  'order_not_holding',
  'position_locked',
  // the books that watch open orders against the stream are full: refused before anything is written
  'order_book_full',
  // staff (back office)
  'staff_role_not_allowed',
  'login_required',
  'staff_login_invalid',
  'staff_name_required',
  'staff_password_too_short',
  'staff_login_already_exists',
  'staff_disabled',
  'staff_not_found',
  'staff_cannot_change_self',
  'reason_required',
  'reason_too_long',
  'already_in_that_state',
  'user_not_found',
  'setting_unknown',
  'setting_value_invalid',
  'institution_name_required',
  'invite_code_invalid',
  'invite_code_already_exists',
  'invitation_not_found',
  // uploads, in the order the rules are checked
  'upload_purpose_invalid',
  'upload_file_required',
  'upload_too_large',
  'upload_not_an_image',
  'upload_failed',
  // messages
  'message_not_found',
  // identity: KYC, in the order the rules are checked
  'kyc_name_required',
  'kyc_name_too_long',
  'kyc_id_type_invalid',
  'kyc_id_number_required',
  'kyc_id_number_invalid',
  'kyc_photos_required',
  'kyc_under_review',
  'kyc_already_verified',
  'kyc_not_found',
  'review_not_pending',
  'complete_kyc_first',
  // identity: passwords
  'old_password_required',
  'wrong_original_password',
  'fund_password_required',
  'fund_password_must_be_six_digits',
  'fund_password_not_set',
  'fund_password_already_set',
  'wrong_fund_password',
  'fund_password_locked',
  // funding: cards and wallet
  'card_field_required',
  'card_account_number_invalid',
  'ifsc_invalid',
  'card_not_holders_own',
  'card_already_exists',
  'no_such_card',
  'wallet_type_required',
  'wallet_address_required',
  'wallet_address_invalid',
  // funding: deposits (a parameter: the minimum, or the window "09:30-15:30")
  'amount_required',
  'amount_invalid',
  'channel_field_required',
  'channel_required',
  'channel_not_found',
  'deposit_reference_required',
  'upload_deposit_receipt_first',
  'deposit_below_minimum',
  'deposit_above_maximum',
  'deposit_outside_window',
  'deposit_pending',
  'deposit_not_found',
  // funding: withdrawals, in the order the rules are checked
  'card_required',
  'withdrawal_below_minimum',
  'withdrawal_above_maximum',
  'withdrawal_outside_window',
  'insufficient_withdrawable_amount',
  'other_fund_operation_in_progress',
  'withdrawal_not_found',
  'bank_reference_required',
  'second_approver_must_differ',
  // funding: the statement download (a parameter: the longest period in days)
  'statement_range_invalid',
  // profile: nominees, in the order the rules are checked
  'nominee_relationship_invalid',
  'nominee_name_required',
  'nominee_name_too_long',
  'nominee_id_number_required',
  'nominee_id_number_invalid',
  'nominee_phone_required',
  'nominee_phone_invalid',
  'nominee_share_invalid',
  'nominee_terms_not_accepted',
  'nominee_limit_reached',
  'nominee_already_added',
  'nominee_shares_exceed_100',
  'nominee_not_found',
  // profile: daily sign-in and avatar
  'already_checked_in_today',
  'avatar_upload_not_found',
  // loans, in the order the rules are checked (a parameter: what may still be borrowed, or what is owed)
  'loan_limit_insufficient',
  'loan_not_found',
  'contact_service_to_confirm_repayment',
  'repayment_greater_than_borrowed',
  // withdrawals: the amount needs money that repays a loan
  'outstanding_credit_repay_first',
  // currency exchange, in the order the rules are checked (a parameter: the limit in rupees)
  'currency_required',
  'currencies_must_differ',
  'fx_rate_unavailable',
  'fx_amount_below_minimum',
  'fx_amount_above_maximum',
  'fx_amount_too_small',
  'fx_quote_not_found',
  'fx_quote_already_used',
  'fx_quote_expired',
  // margin loans on pledged stock, in the order the rules are checked (a parameter: the minimum)
  'margin_loan_below_minimum',
  'margin_trading_not_enabled',
  'margin_loan_failed',
  'margin_loan_quota_full_or_channel_closed',
  'pledge_not_found',
  'pledge_not_active',
  'pledge_loan_not_repaid',
  'position_pledged',
  'margin_loan_second_approver_must_differ',
  // IPOs, in the order the rules are checked (a parameter: the cap in rupees, or the most applications)
  'ipo_not_found',
  'subscription_channel_not_open',
  'subscription_time_not_yet_arrived',
  'subscription_ended',
  'ipo_not_whole_lots',
  'ipo_amount_above_retail_cap',
  'ipo_max_applications_reached',
  'ipo_application_not_found',
  'order_not_in_subscription_status',
  'ipo_not_drawn',
  'ipo_not_closed',
  'ipo_public_value_mismatch',
  'ipo_not_editable',
  'ipo_dates_invalid',
  'ipo_code_taken',
  'not_yet_listed',
  // placements and rights issues
  'placement_not_found',
  'placement_not_open',
  'placement_not_entitled',
  'placement_above_entitlement',
  'placement_below_minimum',
  'placement_not_closed',
  'placement_not_editable',
  // the block-trade desk (a parameter: the minimum shares, or the minimum amount in rupees)
  'block_not_found',
  'bulk_trade_closed',
  'block_below_minimum_shares',
  'block_below_minimum_amount',
  'block_sold_out',
  'block_price_outside_band',
  'block_not_editable',
  // VIP allocations
  'vip_allocation_not_found',
  'vip_level_not_allowed',
  'vip_allocation_closed',
  'vip_allocation_sold_out',
  'vip_allocation_user_limit',
  // intraday (a parameter: the minimum shares)
  'intraday_minimum_not_met',
  'intraday_closed_for_the_day',
  // strategy funds and copy trading, in the order the rules are checked (a parameter: the minimum, or what the fund can still take, in rupees)
  'fund_not_found_or_removed',
  'copy_trading_exam_not_passed',
  'fund_subscription_not_open',
  'copy_trading_time_exceeded',
  'purchase_below_product_minimum',
  'insufficient_fundraising_amount',
  'fund_holding_not_found',
  'fund_holding_not_redeemable',
  'fund_units_exceed_holding',
  'fund_not_editable',
  // the courseware and exam before copy trading (server/course/; parameters: seconds still needed,
  // lessons left, minutes left); the fund domain refuses a subscription with the last one
  'lesson_not_found',
  'lesson_not_opened',
  'lesson_too_short',
  'exam_lessons_not_studied',
  'exam_already_passed',
  'exam_retake_wait',
  'exam_attempt_not_found',
  'exam_attempt_expired',
  'exam_answers_mismatch',
  // account recovery (server/recovery/): a missing code; a wrong, expired or spent one; one tried too often
  'reset_code_required',
  'reset_code_invalid',
  'reset_code_attempts_exceeded',
  // staff-edited site content (server/siteContent/): a logo that is not a whole PNG, JPEG or WebP
  'logo_image_invalid',
] as const;

export type MessageKey = (typeof messageKeys)[number];

const messageKeySet: ReadonlySet<string> = new Set(messageKeys);

export const isMessageKey = (value: string): value is MessageKey => messageKeySet.has(value);

/** Splits "invalid_field:account" into its key and parameter. */
export function parseMessage(msg: string): { key: MessageKey | null; param: string | undefined } {
  const colon = msg.indexOf(':');
  const key = colon === -1 ? msg : msg.slice(0, colon);
  const param = colon === -1 ? undefined : msg.slice(colon + 1);
  return { key: isMessageKey(key) ? key : null, param };
}
