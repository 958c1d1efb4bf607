import { i18n as globalI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
// From the zod-free constants, not accounts.ts & co.: this module is in the app's entry.
import { nomineeNameLengthMax, nomineesPerUserMax, passwordLengthMax, passwordLengthMin, reasonLengthMax, staffPasswordLengthMin } from '../../contract/constants.ts';
import { type MessageKey, parseMessage } from '../../contract/messages.ts';
import { formatMoney } from '../ui/money.ts';
import { fieldLabels } from './fieldLabels.ts';

// Every key the server may send, mapped to a translated text. The Record type makes
// the compiler refuse a key added to contract/messages.ts without a message here.
export const serverMessages: Record<MessageKey, MessageDescriptor> = {
  ok: msg`Done`,
  invalid_body: msg`The request was not understood. Please update the app and try again.`,
  invalid_field: msg`Some details are not valid. Please check and try again.`,
  not_logged_in: msg`Your session has ended. Please sign in again.`,
  system_busy: msg`The system is busy. Please try again in a moment.`,
  submit_too_frequently: msg`You are submitting too often. Please wait a moment.`,
  not_found: msg`This item does not exist or has been removed.`,
  account_required: msg`Enter your mobile number.`,
  account_must_be_ten_digit_mobile: msg`Enter a valid 10-digit mobile number.`,
  password_required: msg`Enter your password.`,
  password_too_short: msg`Password must be at least ${passwordLengthMin} characters.`,
  password_too_long: msg`Password must be at most ${passwordLengthMax} characters.`,
  password2_required: msg`Confirm your password.`,
  passwords_do_not_match: msg`The passwords do not match.`,
  invite_code_required: msg`Enter your invitation code.`,
  agreement_not_accepted: msg`Please accept the user agreement to continue.`,
  account_already_exists: msg`An account with this mobile number already exists.`,
  inviter_does_not_exist: msg`This invitation code is not valid.`,
  password_too_common: msg`This password is too common or too easy to guess. Choose a longer, less predictable one.`,
  too_many_sign_in_attempts: msg`Too many sign-in attempts. Please wait a while and try again.`,
  too_many_registrations: msg`Too many registration attempts. Please wait a while and try again.`,
  too_many_password_resets: msg`Too many password-reset attempts. Please wait a while and try again.`,
  too_many_fund_password_attempts: msg`Too many fund-password attempts. Please wait a while and try again.`,
  too_many_uploads: msg`Too many uploads. Please wait a while and try again.`,
  upload_busy: msg`Many photos are being checked right now. Please try again in a moment.`,
  registration_failed: msg`Registration failed. Please try again.`,
  account_or_password_incorrect: msg`Incorrect mobile number or password.`,
  account_frozen: msg`Your account is frozen. Please contact customer service.`,
  account_login_banned: msg`Sign-in is blocked for this account. Please contact customer service.`,
  account_cannot_trade: msg`This account cannot trade at the moment.`,
  account_cannot_withdraw: msg`This account cannot withdraw at the moment.`,
  insufficient_balance: msg`Insufficient balance.`,
  insufficient_available_balance: msg`Insufficient available balance.`,
  no_balance_in_currency: msg`You hold no money in this stock's currency. Exchange some first under Mine → Currency exchange.`,
  idempotency_key_reused: msg`This request was already submitted.`,
  unknown_instrument: msg`No such stock or index. Check the code and try again.`,
  too_many_symbols: msg`Too many symbols at once. Remove some and try again.`,
  quantity_not_whole_lots: msg`Enter a quantity in whole lots.`,
  leverage_not_allowed: msg`Choose one of the leverage options offered.`,
  price_required: msg`Enter a limit price.`,
  price_must_be_above_zero: msg`The price must be above 0.`,
  price_not_on_tick: msg`The price must be a multiple of the tick size.`,
  exceeded_price_limit: msg`Exceeded price limit: the price is outside today's band.`,
  non_trading_hours: msg`Non-trading hours. Orders open again when the market opens.`,
  stock_price_not_available: msg`Stock price not available. Try again in a moment.`,
  order_not_found: msg`No such order.`,
  order_not_pending: msg`Only a pending order can be cancelled.`,
  order_not_holding: msg`Only an open position can be closed.`,
  position_locked: msg`This position is locked and cannot be closed yet.`,
  order_book_full: msg`Too many open orders right now: nothing was placed. Try again in a minute.`,
  staff_role_not_allowed: msg`Your role does not allow this action.`,
  mfa_code_required: msg`Enter the code from your authenticator app.`,
  mfa_code_incorrect: msg`That code is not right, or was already used. Wait for the next code and try again.`,
  mfa_challenge_expired: msg`This sign-in has expired. Enter your password again.`,
  mfa_already_enabled: msg`Two-step verification is already on.`,
  mfa_not_set_up: msg`Start the set-up of two-step verification first.`,
  mfa_not_enabled: msg`Two-step verification is not on.`,
  staff_mfa_enrolment_required: msg`Set up two-step verification before using the back office.`,
  withdrawal_needs_mfa_code: msg`This card was added recently: enter the code from your authenticator app to withdraw to it.`,
  session_not_found: msg`That session has already ended.`,
  csrf_token_invalid: msg`The page's security check failed. Reload the page and try again.`,
  login_required: msg`Enter your login name.`,
  staff_login_invalid: msg`Login names are 3 to 32 lower-case letters, digits, dots, dashes or underscores, starting with a letter.`,
  staff_name_required: msg`Enter the staff member's name.`,
  staff_password_too_short: msg`Staff passwords must be at least ${staffPasswordLengthMin} characters.`,
  staff_login_already_exists: msg`A staff account with this login name already exists.`,
  staff_disabled: msg`This staff account is disabled.`,
  staff_not_found: msg`No such staff account.`,
  staff_cannot_change_self: msg`You cannot change your own staff account this way.`,
  reason_required: msg`Enter a reason. The user can read it.`,
  reason_too_long: msg`The reason must be at most ${reasonLengthMax} characters.`,
  already_in_that_state: msg`Nothing changed: it is already set that way.`,
  user_not_found: msg`No such user.`,
  setting_unknown: msg`No such setting.`,
  setting_value_invalid: msg`This value is not valid for this setting.`,
  institution_name_required: msg`Enter the institution or advisor name.`,
  invite_code_invalid: msg`Invitation codes are 3 to 32 letters, digits, dashes or underscores.`,
  invite_code_already_exists: msg`This invitation code already exists.`,
  invitation_not_found: msg`No such invitation code.`,
  upload_purpose_invalid: msg`Choose what the image is for.`,
  upload_file_required: msg`Choose an image to upload.`,
  upload_too_large: msg`The image is too large. Choose a smaller one.`,
  upload_not_an_image: msg`This file is not a JPEG, PNG or WebP image, or it is damaged.`,
  upload_failed: msg`Upload failed. Please try again.`,
  message_not_found: msg`No such message.`,
  kyc_name_required: msg`Enter your name as it appears on your ID.`,
  kyc_name_too_long: msg`The name is too long.`,
  kyc_id_type_invalid: msg`Choose PAN or Aadhaar.`,
  kyc_id_number_required: msg`Enter your ID number.`,
  kyc_id_number_invalid: msg`This ID number is not valid. A PAN looks like ABCDE1234F; an Aadhaar number has 12 digits.`,
  kyc_photos_required: msg`Add photos of the front and back of your ID.`,
  kyc_under_review: msg`Your verification is under review. We will let you know the result.`,
  kyc_already_verified: msg`Your identity is already verified.`,
  kyc_not_found: msg`No such verification request.`,
  review_not_pending: msg`This request has already been reviewed.`,
  complete_kyc_first: msg`Complete identity verification (KYC) first.`,
  old_password_required: msg`Enter your current password.`,
  wrong_original_password: msg`The current password is not correct.`,
  fund_password_required: msg`Enter your fund password.`,
  fund_password_must_be_six_digits: msg`The fund password is 6 digits.`,
  fund_password_not_set: msg`Set a fund password first.`,
  fund_password_already_set: msg`Your fund password is already set. Change it instead.`,
  wrong_fund_password: msg`Wrong fund password.`,
  fund_password_locked: msg`Too many wrong fund passwords. Try again later.`,
  card_field_required: msg`Fill in every field of the bank account.`,
  card_account_number_invalid: msg`Enter the account number: 9 to 18 digits.`,
  ifsc_invalid: msg`Enter a valid IFSC code, e.g. SBIN0001234.`,
  card_not_holders_own: msg`The account holder must be you: the name must match your verified ID.`,
  card_already_exists: msg`This bank account is already added.`,
  no_such_card: msg`No such bank account.`,
  wallet_type_required: msg`Choose the wallet type.`,
  wallet_address_required: msg`Enter the wallet address.`,
  wallet_address_invalid: msg`This is not a valid address for the chosen wallet type.`,
  amount_required: msg`Enter an amount.`,
  amount_invalid: msg`Enter an amount in rupees, above zero, with at most two decimals.`,
  channel_field_required: msg`Fill in every field of the channel.`,
  channel_required: msg`Choose a deposit channel.`,
  channel_not_found: msg`This deposit channel is not available.`,
  deposit_reference_required: msg`Enter the transfer reference (UTR) from your bank.`,
  upload_deposit_receipt_first: msg`Upload the deposit receipt first.`,
  deposit_below_minimum: msg`The amount is below the minimum deposit.`,
  deposit_above_maximum: msg`The amount is above the maximum deposit.`,
  deposit_outside_window: msg`Deposits are not accepted at this time.`,
  deposit_pending: msg`You have a deposit under review. Wait for its result first.`,
  deposit_not_found: msg`No such deposit.`,
  card_required: msg`Choose the bank account to receive the money.`,
  withdrawal_below_minimum: msg`The amount is below the minimum withdrawal.`,
  withdrawal_above_maximum: msg`The amount is above the maximum withdrawal.`,
  withdrawal_outside_window: msg`Withdrawals are not possible at this time.`,
  insufficient_withdrawable_amount: msg`The amount is more than you can withdraw.`,
  other_fund_operation_in_progress: msg`Another withdrawal is in progress. Wait for it to finish.`,
  withdrawal_not_found: msg`No such withdrawal.`,
  bank_reference_required: msg`Enter the bank reference of the payout.`,
  second_approver_must_differ: msg`A second staff member must approve this withdrawal.`,
  statement_range_invalid: msg`Choose a shorter period that ends on or after the day it starts.`,
  nominee_relationship_invalid: msg`Choose the nominee's relationship to you.`,
  nominee_name_required: msg`Enter the nominee's full name.`,
  nominee_name_too_long: msg`The nominee's name must be at most ${nomineeNameLengthMax} characters.`,
  nominee_id_number_required: msg`Enter the nominee's PAN or Aadhaar number.`,
  nominee_id_number_invalid: msg`This ID number is not valid. A PAN looks like ABCDE1234F; an Aadhaar number has 12 digits.`,
  nominee_phone_required: msg`Enter the nominee's mobile number.`,
  nominee_phone_invalid: msg`Enter the nominee's 10-digit Indian mobile number.`,
  nominee_share_invalid: msg`The share must be a whole number from 1 to 100.`,
  nominee_terms_not_accepted: msg`Please accept the nomination terms and conditions.`,
  nominee_limit_reached: msg`You can name at most ${nomineesPerUserMax} nominees. Remove one to add another.`,
  nominee_already_added: msg`This person is already one of your nominees.`,
  nominee_shares_exceed_100: msg`Nominee shares cannot add up to more than 100%.`,
  nominee_not_found: msg`No such nominee.`,
  already_checked_in_today: msg`You have already checked in today. Come back tomorrow.`,
  avatar_upload_not_found: msg`This picture could not be found. Please upload it again.`,
  loan_limit_insufficient: msg`Your loan limit is insufficient for this amount.`,
  loan_not_found: msg`No such loan.`,
  contact_service_to_confirm_repayment: msg`This loan is already repaid. Please contact customer service to confirm the repayment.`,
  repayment_greater_than_borrowed: msg`The repayment is greater than what you owe on this loan.`,
  outstanding_credit_repay_first: msg`You have outstanding credit: repay your loan first, then withdraw.`,
  currency_required: msg`Choose a currency.`,
  currencies_must_differ: msg`Currencies must differ: choose two different currencies.`,
  fx_rate_unavailable: msg`There is no exchange rate for this pair right now.`,
  fx_amount_below_minimum: msg`The amount is below the smallest exchange.`,
  fx_amount_above_maximum: msg`The amount is above the largest exchange.`,
  fx_amount_too_small: msg`This amount is too small to buy any of the other currency.`,
  fx_quote_not_found: msg`This quote does not exist. Ask for a new quote.`,
  fx_quote_already_used: msg`This quote has already been used. Ask for a new quote.`,
  fx_quote_expired: msg`This quote has expired. Ask for a new quote to see the current rate.`,
  margin_loan_below_minimum: msg`The amount is below the minimum margin loan.`,
  margin_trading_not_enabled: msg`Margin trading is not enabled for this stock: it cannot be pledged.`,
  margin_loan_failed: msg`Margin loan failed: a position is no longer open, is not fully paid, or is already pledged.`,
  margin_loan_quota_full_or_channel_closed: msg`The margin loan quota is full or the channel is closed. Please try again later.`,
  pledge_not_found: msg`No such pledge.`,
  pledge_not_active: msg`This pledge is not active.`,
  pledge_loan_not_repaid: msg`Repay the margin loan before releasing the pledged stock.`,
  position_pledged: msg`This position is pledged for a margin loan. Repay the loan and release it first.`,
  margin_loan_second_approver_must_differ: msg`A second staff member must approve this margin loan.`,
  ipo_not_found: msg`This IPO does not exist or has been removed.`,
  subscription_channel_not_open: msg`Subscriptions for this IPO are not open.`,
  subscription_time_not_yet_arrived: msg`Subscription has not started yet. Please come back when the issue opens.`,
  subscription_ended: msg`Subscription for this IPO has ended.`,
  ipo_not_whole_lots: msg`Apply in whole lots only.`,
  ipo_amount_above_retail_cap: msg`The amount is above the retail cap for one application.`,
  ipo_max_applications_reached: msg`You have reached the maximum number of applications for this stock.`,
  ipo_application_not_found: msg`This application does not exist.`,
  order_not_in_subscription_status: msg`This application can no longer be changed: it is not in subscription status.`,
  ipo_not_drawn: msg`The draw for this IPO has not taken place yet.`,
  ipo_not_closed: msg`The draw can run only after the issue has closed.`,
  ipo_public_value_mismatch: msg`The public value does not match the market's record for the announced source.`,
  ipo_not_editable: msg`This IPO can no longer be edited: only its dates can be extended once it is open.`,
  ipo_dates_invalid: msg`The dates must follow each other: open, close, draw, listing.`,
  ipo_code_taken: msg`That instrument code is already used.`,
  not_yet_listed: msg`This stock is not listed yet.`,
  placement_not_found: msg`This placement does not exist or has been removed.`,
  placement_not_open: msg`This placement is not open for applications.`,
  placement_not_entitled: msg`You are not entitled to this issue: you did not hold the stock on the record date.`,
  placement_above_entitlement: msg`The quantity is above your entitlement.`,
  placement_below_minimum: msg`The quantity is below the minimum for this placement.`,
  placement_not_closed: msg`This placement can be allotted only after its application window has closed.`,
  placement_not_editable: msg`This placement can no longer be changed.`,
  block_not_found: msg`This block does not exist or has been removed.`,
  bulk_trade_closed: msg`Bulk trade is closed.`,
  block_below_minimum_shares: msg`The quantity is below the block minimum.`,
  block_below_minimum_amount: msg`The amount is below the block minimum.`,
  block_sold_out: msg`This block is sold out or has fewer shares left than you asked for.`,
  block_price_outside_band: msg`The block price is outside the allowed band around the reference price.`,
  block_not_editable: msg`This block has opened: it can no longer be edited, only ended early.`,
  vip_allocation_not_found: msg`This allocation does not exist or has been removed.`,
  vip_level_not_allowed: msg`Your VIP level may not buy this allocation.`,
  vip_allocation_closed: msg`This allocation is not open for purchase.`,
  vip_allocation_sold_out: msg`This allocation is sold out or has fewer shares left than you asked for.`,
  vip_allocation_user_limit: msg`This is more than one user may buy of this allocation.`,
  intraday_minimum_not_met: msg`The quantity is below the intraday minimum.`,
  intraday_closed_for_the_day: msg`Intraday positions can no longer be opened today: square-off time has passed.`,
  fund_not_found_or_removed: msg`This product does not exist or has been removed.`,
  copy_trading_exam_not_passed: msg`Study the courseware and pass the exam before you follow a strategy fund.`,
  fund_subscription_not_open: msg`This fund does not take subscriptions yet.`,
  copy_trading_time_exceeded: msg`The copy-trading time limit has passed: this fund no longer takes subscriptions.`,
  purchase_below_product_minimum: msg`The amount is below this product's minimum purchase.`,
  insufficient_fundraising_amount: msg`Insufficient fundraising amount: this fund cannot take that much more.`,
  fund_holding_not_found: msg`This holding does not exist.`,
  fund_holding_not_redeemable: msg`These units cannot be redeemed now: the subscription is still waiting for its NAV, or the holding has ended.`,
  fund_units_exceed_holding: msg`That is more units than this holding has.`,
  fund_not_editable: msg`This fund can no longer be changed: it has opened for subscriptions.`,
  // the courseware and exam before copy trading
  lesson_not_found: msg`This lesson does not exist. Go back to the list of lessons.`,
  lesson_not_opened: msg`Open the lesson and read it before you mark it as studied.`,
  lesson_too_short: msg`Keep reading: the lesson counts as studied only after the minimum reading time.`,
  exam_lessons_not_studied: msg`Study every lesson before you take the exam.`,
  exam_already_passed: msg`You have already passed the exam.`,
  exam_retake_wait: msg`You can retake the exam a little later.`,
  exam_attempt_not_found: msg`This exam attempt does not exist. Start the exam again.`,
  exam_attempt_expired: msg`The time for this attempt ran out before it was submitted. Start a new attempt.`,
  exam_answers_mismatch: msg`Answer every question of this attempt, choosing one of its options, then submit again.`,
  reset_code_required: msg`Enter the 6-digit code from the message.`,
  reset_code_invalid: msg`This code is wrong or has expired. Check the message, or ask for a new code.`,
  reset_code_attempts_exceeded: msg`Too many wrong codes. Ask for a new code.`,
  logo_image_invalid: msg`The logo must be a whole PNG, JPEG or WebP image.`,
};

const unknownRefusal = msg`The request could not be completed. Please try again.`;

/**
 * Keys the server may send with a value after the colon (an amount in rupees, a window
 * such as "09:30-15:30", or an upload's size limit in megabytes): the sentence then
 * includes it. Without the value the plain text above is used.
 */
const messagesWithValue: Partial<Record<MessageKey, (value: string) => MessageDescriptor>> = {
  // Same sentences as the forms' own checks, so one translation serves both.
  deposit_below_minimum: (value) => {
    const minimumText = formatMoney(value, 'INR');
    return msg`The minimum deposit is ${minimumText}.`;
  },
  deposit_above_maximum: (value) => {
    const maximumText = formatMoney(value, 'INR');
    return msg`The maximum deposit is ${maximumText}.`;
  },
  deposit_outside_window: (value) => msg`Deposits are accepted ${value} (IST).`,
  withdrawal_below_minimum: (value) => {
    const minimumText = formatMoney(value, 'INR');
    return msg`The minimum withdrawal is ${minimumText}.`;
  },
  withdrawal_above_maximum: (value) => {
    const maximumText = formatMoney(value, 'INR');
    return msg`The maximum withdrawal is ${maximumText}.`;
  },
  withdrawal_outside_window: (value) => msg`Withdrawals are possible on working days, ${value} (IST).`,
  fx_amount_below_minimum: (value) => {
    const minimumText = formatMoney(value, 'INR');
    return msg`The smallest exchange is worth ${minimumText}.`;
  },
  fx_amount_above_maximum: (value) => {
    const maximumText = formatMoney(value, 'INR');
    return msg`The largest exchange is worth ${maximumText}.`;
  },
  placement_above_entitlement: (value) => msg`The quantity is above your entitlement: you can apply for at most ${value} more shares.`,
  placement_below_minimum: (value) => msg`An application is at least ${value} shares.`,
  upload_too_large: (value) => msg`The image is larger than ${value} MB. Choose a smaller photo.`,
  statement_range_invalid: (value) => msg`Choose a period of at most ${value} days that ends on or after the day it starts.`,
  nominee_shares_exceed_100: (value) => msg`Nominee shares cannot add up to more than 100%. You can assign at most ${value}% more.`,
  loan_limit_insufficient: (value) => {
    const availableText = formatMoney(value, 'INR');
    return msg`Your loan limit is insufficient: you can borrow at most ${availableText} now.`;
  },
  repayment_greater_than_borrowed: (value) => {
    const owedText = formatMoney(value, 'INR');
    return msg`The repayment is greater than what you owe on this loan (${owedText}).`;
  },
  block_below_minimum_shares: (value) => msg`A block purchase is at least ${value} shares.`,
  block_below_minimum_amount: (value) => {
    const minimumText = formatMoney(value, 'INR');
    return msg`A block purchase is at least ${minimumText}.`;
  },
  block_price_outside_band: (value) => msg`The block price must be within ${value}% of the market price.`,
  intraday_minimum_not_met: (value) => msg`An intraday order is at least ${value} shares.`,
  margin_loan_below_minimum: (value) => {
    const minimumText = formatMoney(value, 'INR');
    return msg`The minimum margin loan is ${minimumText}.`;
  },
  purchase_below_product_minimum: (value) => {
    const minimumText = formatMoney(value, 'INR');
    return msg`The minimum purchase for this product is ${minimumText}.`;
  },
  insufficient_fundraising_amount: (value) => {
    // The follow sheet's own check says the same sentence: one translation serves both.
    const capacityText = formatMoney(value, 'INR');
    return msg`Insufficient fundraising amount: this fund can take at most ${capacityText} more.`;
  },
  lesson_too_short: (value) => msg`Keep reading: the server counts your time, and this lesson counts as studied in ${value} s.`,
  exam_lessons_not_studied: (value) => msg`Study every lesson before you take the exam: ${value} still to go.`,
  exam_retake_wait: (value) => msg`You can retake the exam in ${value} min.`,
  too_many_sign_in_attempts: (value) => msg`Too many sign-in attempts. Try again in ${value} min.`,
  too_many_registrations: (value) => msg`Too many registration attempts. Try again in ${value} min.`,
  too_many_password_resets: (value) => msg`Too many password-reset attempts. Try again in ${value} min.`,
  too_many_fund_password_attempts: (value) => msg`Too many fund-password attempts. Try again in ${value} min.`,
  too_many_uploads: (value) => msg`Too many uploads. Try again in ${value} min.`,
};

/**
 * Turns an envelope's `msg` ("account_frozen", "invalid_field:account") into text for
 * the user. A key this app version does not know still gives a sensible sentence.
 */
export function translateServerMessage(message: string, i18n: I18n = globalI18n): string {
  const { key, param } = parseMessage(message);
  if (key === null) return i18n._(unknownRefusal);
  if (key === 'invalid_field' && param !== undefined) {
    const label = fieldLabels[param];
    if (label) {
      const field = i18n._(label);
      return i18n._(msg`Check the field: ${field}`);
    }
  }
  const withValue = param !== undefined ? messagesWithValue[key] : undefined;
  if (withValue) return i18n._(withValue(param!));
  return i18n._(serverMessages[key]);
}
