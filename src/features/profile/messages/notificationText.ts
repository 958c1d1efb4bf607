import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RestrictionName } from '../../../../contract/accounts.ts';
import { isLedgerCurrency } from '../../../../contract/currencies.ts';
import type { NotificationKind } from '../../../../contract/notifications.ts';
import type { AppLocale } from '../../../i18n/locale.ts';
import { formatMoney } from '../../../ui/money.ts';

// The sentence of each message kind, written from its parameters in the reader's language.
// The server stores only the kind and its parameters (contract/notifications.ts); the
// Record type makes the compiler refuse a kind added there without a sentence here.

type Params = Record<string, unknown>;

/** A parameter as text; the server checked the parameters against their kind when it wrote them. */
const text = (params: Params, name: string): string => {
  const value = params[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

export const restrictionLabels: Record<RestrictionName, MessageDescriptor> = {
  frozen: msg`Account frozen`,
  login_banned: msg`Sign-in blocked`,
  trade_barred: msg`Trading barred`,
  withdraw_barred: msg`Withdrawals barred`,
};

const sideLabels: Record<string, MessageDescriptor> = { long: msg`buy (long)`, short: msg`sell (short)` };

type Reading = { params: Params; i18n: I18n; locale: AppLocale };
type Sentence = (reading: Reading) => MessageDescriptor;

const amountOf = ({ params }: Reading) => formatMoney(text(params, 'amount'), 'INR');
const restrictionOf = ({ params, i18n }: Reading) => {
  const label = restrictionLabels[text(params, 'restriction') as RestrictionName];
  return label ? i18n._(label) : text(params, 'restriction');
};

export const notificationSentences: Record<NotificationKind, Sentence> = {
  kyc_approved: () => msg`Your identity verification (KYC) was approved.`,
  kyc_rejected: ({ params }) => {
    const reason = text(params, 'reason');
    return msg`Your identity verification (KYC) was not approved: ${reason}. You can correct it and submit again.`;
  },
  deposit_approved: (reading) => {
    const amount = amountOf(reading);
    return msg`Your deposit of ${amount} was approved and added to your balance.`;
  },
  deposit_rejected: (reading) => {
    const amount = amountOf(reading);
    const reason = text(reading.params, 'reason');
    return msg`Your deposit of ${amount} was rejected: ${reason}.`;
  },
  withdrawal_paid: (reading) => {
    const amount = amountOf(reading);
    return msg`Your withdrawal of ${amount} was paid to your bank account.`;
  },
  withdrawal_rejected: (reading) => {
    const amount = amountOf(reading);
    const reason = text(reading.params, 'reason');
    return msg`Your withdrawal of ${amount} was rejected: ${reason}.`;
  },
  order_filled: ({ params, i18n }) => {
    const sideLabel = sideLabels[text(params, 'side')];
    const side = sideLabel ? i18n._(sideLabel) : text(params, 'side');
    const quantity = text(params, 'quantity');
    const code = text(params, 'code');
    const price = formatMoney(text(params, 'price'), 'INR');
    return msg`Your ${side} order for ${quantity} shares of ${code} was filled at ${price}.`;
  },
  margin_call: ({ params }) => {
    const code = text(params, 'code');
    return msg`Your position in ${code} was closed automatically: its equity fell to the maintenance level.`;
  },
  intraday_squared_off: ({ params }) => {
    const code = text(params, 'code');
    const currency = text(params, 'currency');
    const price = formatMoney(text(params, 'price'), isLedgerCurrency(currency) ? currency : 'INR');
    return msg`Your intraday position in ${code} was squared off at ${price} at the intraday square-off time.`;
  },
  account_restricted: (reading) => {
    const restriction = restrictionOf(reading);
    const reason = text(reading.params, 'reason');
    return msg`A restriction was put on your account (${restriction}): ${reason}. Contact customer service if you have questions.`;
  },
  account_restriction_lifted: (reading) => {
    const restriction = restrictionOf(reading);
    const reason = text(reading.params, 'reason');
    return msg`A restriction on your account was lifted (${restriction}): ${reason}.`;
  },
  pledge_approved: (reading) => {
    const amount = amountOf(reading);
    const pledgeId = text(reading.params, 'pledge_id');
    return msg`Your margin loan ${pledgeId} of ${amount} on pledged stock was approved and paid to your available balance.`;
  },
  pledge_rejected: (reading) => {
    const amount = amountOf(reading);
    const pledgeId = text(reading.params, 'pledge_id');
    const reason = text(reading.params, 'reason');
    return msg`Your margin loan request ${pledgeId} of ${amount} was not approved: ${reason}. Your stock is released.`;
  },
  pledge_ltv_warning: ({ params }) => {
    const pledgeId = text(params, 'pledge_id');
    const ltv = text(params, 'ltv_percent');
    const sale = text(params, 'sale_percent');
    return msg`Your margin loan ${pledgeId} is now ${ltv}% of your pledged stock's value. At ${sale}% pledged stock is sold to repay it: repay part of the loan to stay clear.`;
  },
  pledge_stock_sold: (reading) => {
    const pledgeId = text(reading.params, 'pledge_id');
    const code = text(reading.params, 'code');
    const amount = amountOf(reading);
    return msg`Your pledged ${code} position was sold because the loan-to-value passed the sale line; ${amount} of margin loan ${pledgeId} was repaid.`;
  },
  placement_allotted: ({ params }) => {
    const code = text(params, 'code');
    const quantity = text(params, 'quantity');
    const paid = formatMoney(text(params, 'amount_paid'), 'INR');
    const released = formatMoney(text(params, 'amount_released'), 'INR');
    return msg`Placement ${code}: ${quantity} shares allotted for ${paid}; ${released} released to your available balance.`;
  },
  placement_withdrawn: ({ params }) => {
    const code = text(params, 'code');
    const released = formatMoney(text(params, 'amount_released'), 'INR');
    const reason = text(params, 'reason');
    return msg`The ${code} placement was withdrawn (${reason}); ${released} held for your application was released.`;
  },
  ipo_listed: ({ params }) => {
    const code = text(params, 'code');
    const quantity = text(params, 'quantity');
    const price = formatMoney(text(params, 'price'), 'INR');
    return msg`${code} is listed: your ${quantity} allotted shares are now a position bought at the issue price of ${price}, which you can sell.`;
  },
  ipo_won: ({ params }) => {
    const code = text(params, 'code');
    const quantity = text(params, 'quantity');
    const paid = formatMoney(text(params, 'amount_paid'), 'INR');
    const released = formatMoney(text(params, 'amount_released'), 'INR');
    return msg`IPO ${code}: you won ${quantity} shares in the draw for ${paid}; ${released} released to your available balance.`;
  },
  ipo_not_won: ({ params }) => {
    const code = text(params, 'code');
    const released = formatMoney(text(params, 'amount_released'), 'INR');
    return msg`IPO ${code}: your application was not drawn; ${released} held for it was released to your available balance.`;
  },
  fund_units_bought: ({ params }) => {
    const fund = text(params, 'fund_name');
    const units = text(params, 'units');
    const nav = text(params, 'nav');
    const amount = formatMoney(text(params, 'amount'), 'INR');
    return msg`${fund}: your ${amount} bought ${units} units at NAV ₹${nav}.`;
  },
  fund_subscription_released: ({ params }) => {
    const fund = text(params, 'fund_name');
    const amount = formatMoney(text(params, 'amount'), 'INR');
    return msg`${fund} could not take your subscription before it stopped taking money; ${amount} was released to your available balance.`;
  },
  fund_units_redeemed: ({ params }) => {
    const fund = text(params, 'fund_name');
    const units = text(params, 'units');
    const nav = text(params, 'nav');
    const amount = formatMoney(text(params, 'amount'), 'INR');
    return msg`${fund}: ${units} units redeemed at NAV ₹${nav}; ${amount} paid to your available balance.`;
  },
  fund_ended_paid_out: ({ params }) => {
    const fund = text(params, 'fund_name');
    const units = text(params, 'units');
    const nav = text(params, 'nav');
    const amount = formatMoney(text(params, 'amount'), 'INR');
    return msg`${fund} has ended: your ${units} units were paid out at the final NAV ₹${nav}, ${amount} to your available balance.`;
  },
  promotion_fee_rebate_paid: (reading) => {
    const amount = amountOf(reading);
    const fees = formatMoney(text(reading.params, 'amount_fees'), 'INR');
    const percent = text(reading.params, 'percent');
    const day = text(reading.params, 'through_day');
    const remaining = formatMoney(text(reading.params, 'amount_remaining'), 'INR');
    return msg`Fee rebate for new accounts: ${amount} was paid to your available balance (${percent}% of the ${fees} brokerage you paid up to ${day}); ${remaining} left up to the cap.`;
  },
};

const unknownKind = msg`You have a new message. Update the app to read it.`;

/** The sentence for one message; a kind this app version does not know still reads sensibly. */
export function notificationSentence(kind: string, params: Params, i18n: I18n, locale: AppLocale): string {
  const sentence = Object.hasOwn(notificationSentences, kind) ? notificationSentences[kind as NotificationKind] : null;
  return i18n._(sentence ? sentence({ params, i18n, locale }) : unknownKind);
}

/** Messages about an order link to it. */
export function orderLinkOf(kind: string, params: Params): string | null {
  if (kind !== 'order_filled' && kind !== 'margin_call' && kind !== 'ipo_listed' && kind !== 'intraday_squared_off') return null;
  const orderNo = text(params, 'order_no');
  return /^\d{1,18}$/.test(orderNo) ? orderNo : null;
}
