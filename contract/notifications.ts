import { z } from 'zod';
import { idString, pageField, pageOf } from './paging.ts';
import { restrictionNames } from './accounts.ts';
import { ledgerCurrencies } from './currencies.ts';

// Messages to a user about events on their account. The server stores and sends a kind
// with its parameters; the app writes the sentence in the user's language. Amounts are
// rupee strings ("2456.35"), never numbers.

const rupees = z.string();
const reason = z.string();

/** Each kind with the parameters its text needs. A domain adding a kind adds it here. */
export const notificationParams = {
  kyc_approved: z.object({}),
  kyc_rejected: z.object({ reason }),
  deposit_approved: z.object({ amount: rupees }),
  deposit_rejected: z.object({ amount: rupees, reason }),
  withdrawal_paid: z.object({ amount: rupees }),
  withdrawal_rejected: z.object({ amount: rupees, reason }),
  order_filled: z.object({ order_no: z.string(), code: z.string(), side: z.enum(['long', 'short']), quantity: z.number().int(), price: rupees }),
  margin_call: z.object({ order_no: z.string(), code: z.string() }),
  // an intraday position closed at the square-off time, at `price` (a decimal string in `currency`)
  intraday_squared_off: z.object({ order_no: z.string(), code: z.string(), price: rupees, currency: z.enum(ledgerCurrencies) }),
  account_restricted: z.object({ restriction: z.enum(restrictionNames), reason }),
  account_restriction_lifted: z.object({ restriction: z.enum(restrictionNames), reason }),
  // margin loans on pledged stock; percentages are decimal strings ("62.50")
  pledge_approved: z.object({ pledge_id: z.string(), amount: rupees }),
  pledge_rejected: z.object({ pledge_id: z.string(), amount: rupees, reason }),
  pledge_ltv_warning: z.object({ pledge_id: z.string(), ltv_percent: z.string(), sale_percent: z.string() }),
  pledge_stock_sold: z.object({ pledge_id: z.string(), order_no: z.string(), code: z.string(), amount: rupees }),
  // placements and rights issues: shares allotted (possibly none) and the money released
  placement_allotted: z.object({ placement_id: z.string(), code: z.string(), quantity: z.number().int(), amount_paid: rupees, amount_released: rupees }),
  placement_withdrawn: z.object({ placement_id: z.string(), code: z.string(), amount_released: rupees, reason }),
  // IPO listing day: the allotted shares became a position (order_no) the user can sell
  ipo_listed: z.object({ ipo_id: z.string(), code: z.string(), quantity: z.number().int(), price: rupees, order_no: z.string() }),
  // IPO draws: won (shares allotted, paid from the held money, the rest released) or not won (all released)
  ipo_won: z.object({ ipo_id: z.string(), code: z.string(), quantity: z.number().int(), amount_paid: rupees, amount_released: rupees }),
  ipo_not_won: z.object({ ipo_id: z.string(), code: z.string(), amount_released: rupees }),
  // strategy funds: a subscription converted at a NAV (units and NAV are decimal strings with four decimals), one the fund
  // could not take, units redeemed at a NAV, and a fund's end paying out every holding
  fund_units_bought: z.object({ fund_id: z.string(), fund_name: z.string(), holding_id: z.string(), units: z.string(), nav: z.string(), amount: rupees }),
  fund_subscription_released: z.object({ fund_id: z.string(), fund_name: z.string(), holding_id: z.string(), amount: rupees }),
  fund_units_redeemed: z.object({ fund_id: z.string(), fund_name: z.string(), holding_id: z.string(), units: z.string(), nav: z.string(), amount: rupees }),
  fund_ended_paid_out: z.object({ fund_id: z.string(), fund_name: z.string(), holding_id: z.string(), units: z.string(), nav: z.string(), amount: rupees }),
  // promotions (server/promotion/): a fee rebate paid by the published rule: `amount` paid, `amount_fees` the brokerage counted up to
  // the IST day `through_day`, `amount_remaining` what is left up to the cap after it
  promotion_fee_rebate_paid: z.object({ amount: rupees, amount_fees: rupees, percent: z.number().int(), through_day: z.string(), amount_remaining: rupees }),
} as const;

export type NotificationKind = keyof typeof notificationParams;
export const notificationKinds = Object.keys(notificationParams) as NotificationKind[];
export type NotificationParams<Kind extends NotificationKind> = z.infer<(typeof notificationParams)[Kind]>;

/** One message as the app receives it: `kind` decides how `params` reads. */
export const notificationItem = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.json()),
  created_at: z.string(),
  read_at: z.string().nullable(),
});

export const messagesRequest = z.object({ page: pageField });
export const messagesResponse = pageOf(notificationItem).extend({ unread: z.number().int() });

/** Marks one message read (`id`) or every message (`all: true`). */
export const messageReadRequest = z.union([
  z.object({ id: idString }).strict(),
  z.object({ all: z.literal(true, 'invalid_field') }).strict(),
], { error: 'invalid_field' });
export const messageReadResponse = z.object({ unread: z.number().int() });
