import { i18n as globalI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { passwordLengthMax, passwordLengthMin } from '../../contract/accounts.ts';
import { type MessageKey, parseMessage } from '../../contract/messages.ts';
import { reasonLengthMax } from '../../contract/paging.ts';
import { staffPasswordLengthMin } from '../../contract/staff.ts';
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
  registration_failed: msg`Registration failed. Please try again.`,
  account_or_password_incorrect: msg`Incorrect mobile number or password.`,
  account_frozen: msg`Your account is frozen. Please contact customer service.`,
  account_login_banned: msg`Sign-in is blocked for this account. Please contact customer service.`,
  account_cannot_trade: msg`This account cannot trade at the moment.`,
  account_cannot_withdraw: msg`This account cannot withdraw at the moment.`,
  insufficient_balance: msg`Insufficient balance.`,
  insufficient_available_balance: msg`Insufficient available balance.`,
  idempotency_key_reused: msg`This request was already submitted.`,
  unknown_instrument: msg`No such stock or index. Check the code and try again.`,
  too_many_symbols: msg`Too many symbols at once. Remove some and try again.`,
  quantity_not_whole_lots: msg`Enter a quantity in whole lots.`,
  leverage_not_allowed: msg`Choose one of the leverage options offered.`,
  price_required: msg`Enter a limit price.`,
  price_not_on_tick: msg`The price must be a multiple of the tick size.`,
  exceeded_price_limit: msg`Exceeded price limit: the price is outside today's band.`,
  non_trading_hours: msg`Non-trading hours. Orders open again when the market opens.`,
  stock_price_not_available: msg`Stock price not available. Try again in a moment.`,
  order_not_found: msg`No such order.`,
  order_not_pending: msg`Only a pending order can be cancelled.`,
  order_not_holding: msg`Only an open position can be closed.`,
  position_locked: msg`This position is locked and cannot be closed yet.`,
  staff_role_not_allowed: msg`Your role does not allow this action.`,
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
};

const unknownRefusal = msg`The request could not be completed. Please try again.`;

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
  return i18n._(serverMessages[key]);
}
