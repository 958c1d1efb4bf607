import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type SettingName, settingGroups, settingValueSchemas } from '../../../../contract/settings.ts';
import { type TradingSettingName, tradingSettingNames, tradingSettings } from '../../../../contract/tradingSettings.ts';

// How each setting is edited and named. Keyed by the contract's settings, so a setting added
// there fails to compile until it has a translated name and description here (and, unless it
// is a trading setting, whose row gives it, an input).

export type SettingInput =
  | { kind: 'rupees' }
  | { kind: 'window' }
  | { kind: 'hours' }
  | { kind: 'switch' }
  | { kind: 'integer'; unit: 'count' | 'minutes' | 'bytes' | 'basisPoints' | 'tradingDays' | 'days' | 'percent' };

/** A trading setting is edited as its row in contract/tradingSettings.ts says: rupees, or a whole number in its unit. */
function tradingSettingInputs(): Record<TradingSettingName, SettingInput> {
  const inputs = tradingSettingNames.map((name) => {
    const setting = tradingSettings[name];
    return [name, setting.kind === 'rupees' ? { kind: 'rupees' } : { kind: 'integer', unit: setting.unit }] as const;
  });
  return Object.fromEntries(inputs) as Record<TradingSettingName, SettingInput>;
}

export const settingInputs: Record<SettingName, SettingInput> = {
  'deposit.minimum': { kind: 'rupees' },
  'deposit.window': { kind: 'window' },
  'deposit.maximum': { kind: 'rupees' },
  'deposit.four_eyes_above': { kind: 'rupees' },
  'withdrawal.maximum': { kind: 'rupees' },
  'withdrawal.minimum': { kind: 'rupees' },
  'withdrawal.window': { kind: 'window' },
  'withdrawal.arrival_text_hours': { kind: 'hours' },
  'withdrawal.four_eyes_above': { kind: 'rupees' },
  'fund_password.max_failures': { kind: 'integer', unit: 'count' },
  'fund_password.lockout_minutes': { kind: 'integer', unit: 'minutes' },
  'rate_limit.window_minutes': { kind: 'integer', unit: 'minutes' },
  'rate_limit.sign_in_per_ip': { kind: 'integer', unit: 'count' },
  'rate_limit.sign_in_per_account': { kind: 'integer', unit: 'count' },
  'rate_limit.registration_per_ip': { kind: 'integer', unit: 'count' },
  'rate_limit.registration_per_account': { kind: 'integer', unit: 'count' },
  'rate_limit.password_reset_per_ip': { kind: 'integer', unit: 'count' },
  'rate_limit.password_reset_per_account': { kind: 'integer', unit: 'count' },
  'rate_limit.fund_password_per_ip': { kind: 'integer', unit: 'count' },
  'rate_limit.fund_password_per_account': { kind: 'integer', unit: 'count' },
  'rate_limit.upload_per_ip': { kind: 'integer', unit: 'count' },
  'rate_limit.upload_per_account': { kind: 'integer', unit: 'count' },
  'upload.max_bytes': { kind: 'integer', unit: 'bytes' },
  'fx.spread_bps': { kind: 'integer', unit: 'basisPoints' },
  'fx.spread_bps_inr_krw': { kind: 'integer', unit: 'basisPoints' },
  'fx.spread_bps_inr_thb': { kind: 'integer', unit: 'basisPoints' },
  'fx.spread_bps_krw_thb': { kind: 'integer', unit: 'basisPoints' },
  'fx.quote_seconds': { kind: 'integer', unit: 'count' },
  'fx.minimum': { kind: 'rupees' },
  'fx.maximum': { kind: 'rupees' },
  'fx.twd_rupees_per_100': { kind: 'rupees' },
  'fx.vnd_rupees_per_10000': { kind: 'rupees' },
  'pledge.index_member_haircut_bps': { kind: 'integer', unit: 'basisPoints' },
  'pledge.other_haircut_bps': { kind: 'integer', unit: 'basisPoints' },
  'pledge.minimum': { kind: 'rupees' },
  'pledge.quota': { kind: 'rupees' },
  'pledge.review_above': { kind: 'rupees' },
  'pledge.four_eyes_above': { kind: 'rupees' },
  'pledge.ltv_warning_bps': { kind: 'integer', unit: 'basisPoints' },
  'pledge.ltv_sale_bps': { kind: 'integer', unit: 'basisPoints' },
  'loan.annual_rate_bps': { kind: 'integer', unit: 'basisPoints' },
  'loan.credit_limit_max': { kind: 'rupees' },
  'loan.term_days': { kind: 'integer', unit: 'count' },
  'vip.level1_total_assets': { kind: 'rupees' },
  'vip.level1_turnover_90d': { kind: 'rupees' },
  'vip.level2_total_assets': { kind: 'rupees' },
  'vip.level2_turnover_90d': { kind: 'rupees' },
  'vip.level3_total_assets': { kind: 'rupees' },
  'vip.level3_turnover_90d': { kind: 'rupees' },
  'block.price_band_bps': { kind: 'integer', unit: 'basisPoints' },
  'block.minimum_shares': { kind: 'integer', unit: 'count' },
  'block.minimum_amount': { kind: 'rupees' },
  'block.lock_trading_days': { kind: 'integer', unit: 'tradingDays' },
  'intraday.leverage': { kind: 'integer', unit: 'count' },
  'intraday.minimum_shares': { kind: 'integer', unit: 'count' },
  'intraday.square_off_time': { kind: 'integer', unit: 'minutes' },
  'ipo.retail_cap': { kind: 'rupees' },
  // the courseware and exam before copy trading
  'course.lesson_min_seconds': { kind: 'integer', unit: 'count' },
  'course.exam_retake_minutes': { kind: 'integer', unit: 'minutes' },
  // the fee-rebate promotion (server/promotion/)
  'promotion.fee_rebate_enabled': { kind: 'switch' },
  'promotion.fee_rebate_days': { kind: 'integer', unit: 'days' },
  'promotion.fee_rebate_percent': { kind: 'integer', unit: 'percent' },
  'promotion.fee_rebate_cap': { kind: 'rupees' },
  // account recovery (server/recovery/)
  'password_reset.code_minutes': { kind: 'integer', unit: 'minutes' },
  'password_reset.attempts_max': { kind: 'integer', unit: 'count' },
  'password_reset.codes_per_hour': { kind: 'integer', unit: 'count' },
  // the quote stream (server/market/stream/)
  'stream.anonymous_public': { kind: 'switch' },
  'stream.anonymous_delay_seconds': { kind: 'integer', unit: 'count' },
  'stream.connections_per_ip': { kind: 'integer', unit: 'count' },
  'security.session_idle_minutes': { kind: 'integer', unit: 'minutes' },
  'security.session_absolute_days': { kind: 'integer', unit: 'days' },
  'security.new_card_hours': { kind: 'integer', unit: 'count' },
  ...tradingSettingInputs(),
};

export const settingTexts: Record<SettingName, { title: MessageDescriptor; description: MessageDescriptor }> = {
  'deposit.minimum': { title: msg`Minimum deposit`, description: msg`Smallest deposit a user may report, in rupees.` },
  'deposit.window': { title: msg`Deposit hours`, description: msg`Days and IST hours in which users may report deposits.` },
  'deposit.maximum': { title: msg`Maximum deposit`, description: msg`Largest deposit a user may report, in rupees.` },
  'deposit.four_eyes_above': { title: msg`Second approver above (deposits)`, description: msg`Deposits above this many rupees need a second reviewer to approve.` },
  'withdrawal.maximum': { title: msg`Maximum withdrawal`, description: msg`Largest withdrawal a user may request, in rupees.` },
  'withdrawal.minimum': { title: msg`Minimum withdrawal`, description: msg`Smallest withdrawal a user may request, in rupees.` },
  'withdrawal.window': { title: msg`Withdrawal hours`, description: msg`Days and IST hours in which users may request withdrawals.` },
  'withdrawal.arrival_text_hours': { title: msg`Withdrawal arrival time`, description: msg`Shown to users: a paid withdrawal arrives within this many hours.` },
  'withdrawal.four_eyes_above': { title: msg`Second approver above`, description: msg`Withdrawals above this many rupees need a second reviewer to approve.` },
  'fund_password.max_failures': { title: msg`Fund password attempts`, description: msg`Wrong fund passwords in a row before the fund password is locked.` },
  'fund_password.lockout_minutes': { title: msg`Fund password lock-out`, description: msg`How long a locked fund password stays locked, in minutes.` },
  'upload.max_bytes': { title: msg`Largest upload`, description: msg`Largest image a user may upload, in bytes.` },
  'rate_limit.window_minutes': { title: msg`Rate-limit window`, description: msg`The window every rate limit counts requests in, in minutes.` },
  'rate_limit.sign_in_per_ip': { title: msg`Sign-ins per address`, description: msg`Sign-in attempts (users and staff, second factor included) from one address in the window.` },
  'rate_limit.sign_in_per_account': { title: msg`Sign-ins per account`, description: msg`Sign-in attempts for one account from all addresses in the window.` },
  'rate_limit.registration_per_ip': { title: msg`Registrations per address`, description: msg`Registrations tried from one address in the window.` },
  'rate_limit.registration_per_account': { title: msg`Registrations per number`, description: msg`Registrations tried for one mobile number in the window.` },
  'rate_limit.password_reset_per_ip': { title: msg`Password resets per address`, description: msg`Password-reset requests and codes tried from one address in the window.` },
  'rate_limit.password_reset_per_account': { title: msg`Password resets per account`, description: msg`Password-reset requests and codes tried for one account in the window.` },
  'rate_limit.fund_password_per_ip': { title: msg`Fund-password requests per address`, description: msg`Requests carrying a fund password (withdrawals, setting and changing it) from one address in the window.` },
  'rate_limit.fund_password_per_account': { title: msg`Fund-password requests per user`, description: msg`Requests carrying a fund password from one user in the window.` },
  'rate_limit.upload_per_ip': { title: msg`Uploads per address`, description: msg`Uploads tried from one address in the window, refused ones included.` },
  'rate_limit.upload_per_account': { title: msg`Uploads per user`, description: msg`Uploads tried by one user in the window, refused ones included.` },
  'fx.spread_bps': { title: msg`Exchange spread`, description: msg`Published spread of every currency pair without a spread of its own: a quote is the reference rate less this many basis points.` },
  'fx.spread_bps_inr_krw': { title: msg`Spread: rupees and won`, description: msg`Published spread of rupees and won, both ways, in basis points.` },
  'fx.spread_bps_inr_thb': { title: msg`Spread: rupees and baht`, description: msg`Published spread of rupees and baht, both ways, in basis points.` },
  'fx.spread_bps_krw_thb': { title: msg`Spread: won and baht`, description: msg`Published spread of won and baht (the transfer between the Korean and Thai accounts), both ways, in basis points.` },
  'fx.quote_seconds': { title: msg`Exchange quote validity`, description: msg`Seconds an exchange quote may be converted at its rate.` },
  'fx.minimum': { title: msg`Smallest exchange`, description: msg`Smallest exchange, in rupees worth at the reference rate.` },
  'fx.maximum': { title: msg`Largest exchange`, description: msg`Largest exchange, in rupees worth at the reference rate.` },
  'fx.twd_rupees_per_100': { title: msg`TWD rate (₹ per 100 TWD)`, description: msg`Rupees for 100 New Taiwan dollars: the reference rate of TWD, which the ECB does not publish.` },
  'fx.vnd_rupees_per_10000': { title: msg`VND rate (₹ per 10,000 VND)`, description: msg`Rupees for 10,000 Vietnamese dong: the reference rate of VND, which the ECB does not publish.` },
  'pledge.index_member_haircut_bps': { title: msg`Haircut of NIFTY 50 stock`, description: msg`Share of a NIFTY 50 member's market value not lent against it, in basis points (5000 = 50 %; 10000: not pledgeable).` },
  'pledge.other_haircut_bps': { title: msg`Haircut of other stock`, description: msg`The same for every other rupee equity (10000: not pledgeable).` },
  'pledge.minimum': { title: msg`Minimum margin loan`, description: msg`Smallest margin loan a user may ask for, in rupees.` },
  'pledge.quota': { title: msg`Margin loan quota`, description: msg`Margin loans the firm lends in all, granted or waiting for review, in rupees (0.01 closes the channel).` },
  'pledge.review_above': { title: msg`Margin loan review above`, description: msg`Margin loans above this many rupees wait for a reviewer to approve.` },
  'pledge.four_eyes_above': { title: msg`Margin loan second approver above`, description: msg`Margin loans above this many rupees need two different reviewers to approve.` },
  'pledge.ltv_warning_bps': { title: msg`Loan-to-value warning line`, description: msg`Loan-to-value, in basis points, at which the user is messaged.` },
  'pledge.ltv_sale_bps': { title: msg`Loan-to-value sale line`, description: msg`Loan-to-value, in basis points, at which pledged stock is sold to repay the loan.` },
  'loan.annual_rate_bps': { title: msg`Loan interest rate`, description: msg`Yearly interest rate of new loans, in basis points (1200 = 12 %), accrued daily on the principal, actual/365.` },
  'loan.credit_limit_max': { title: msg`Largest credit limit`, description: msg`Credit-loan limit of the excellent credit level, in rupees; the other levels lend a share of it.` },
  'loan.term_days': { title: msg`Loan term`, description: msg`Days after which a loan still open counts as a missed payment in the credit score.` },
  'vip.level1_total_assets': { title: msg`VIP 1 total assets`, description: msg`Total assets, in rupees, that reach VIP 1; meeting either this or the turnover threshold is enough.` },
  'vip.level1_turnover_90d': { title: msg`VIP 1 90-day turnover`, description: msg`Contract amount traded in the last 90 days, in rupees, that reaches VIP 1; meeting either this or the total-assets threshold is enough.` },
  'vip.level2_total_assets': { title: msg`VIP 2 total assets`, description: msg`Total assets, in rupees, that reach VIP 2; meeting either this or the turnover threshold is enough.` },
  'vip.level2_turnover_90d': { title: msg`VIP 2 90-day turnover`, description: msg`Contract amount traded in the last 90 days, in rupees, that reaches VIP 2; meeting either this or the total-assets threshold is enough.` },
  'vip.level3_total_assets': { title: msg`VIP 3 total assets`, description: msg`Total assets, in rupees, that reach VIP 3; meeting either this or the turnover threshold is enough.` },
  'vip.level3_turnover_90d': { title: msg`VIP 3 90-day turnover`, description: msg`Contract amount traded in the last 90 days, in rupees, that reaches VIP 3; meeting either this or the total-assets threshold is enough.` },
  'block.price_band_bps': { title: msg`Block price band`, description: msg`A block is priced within this many basis points of the market price when it is saved (300 = 3 %).` },
  'block.minimum_shares': { title: msg`Block minimum shares`, description: msg`Fewest shares one block purchase may buy.` },
  'block.minimum_amount': { title: msg`Block minimum amount`, description: msg`Smallest amount one block purchase may pay, in rupees.` },
  'intraday.leverage': { title: msg`Intraday leverage`, description: msg`Leverage of every intraday position: an intraday order uses exactly this leverage.` },
  'intraday.minimum_shares': { title: msg`Intraday minimum shares`, description: msg`Fewest shares one intraday order may buy or sell.` },
  'intraday.square_off_time': {
    title: msg`Intraday square-off time`,
    description: msg`Minutes after IST midnight at which open intraday positions are closed at the market price (920 = 15:20). The 24-hour demo market squares off at the end of its simulated day instead.`,
  },
  'block.lock_trading_days': { title: msg`Block lock-up (T+N)`, description: msg`Shares bought from a block on trading day T can be sold from trading day T+N.` },
  'ipo.retail_cap': { title: msg`IPO retail cap`, description: msg`The most one retail IPO application may hold, in rupees. An issue keeps the cap in force when it opened.` },
  // the fee-rebate promotion (server/promotion/)
  'promotion.fee_rebate_enabled': {
    title: msg`Fee rebate for new accounts`,
    description: msg`Whether the fee rebate pays. Off: the daily settlement pays nothing more; rebates already paid stay paid.`,
  },
  'promotion.fee_rebate_days': { title: msg`Fee rebate window`, description: msg`Days after registration in which brokerage counts for the fee rebate.` },
  'promotion.fee_rebate_percent': { title: msg`Fee rebate share`, description: msg`Percent of the brokerage paid in the window that is rebated (service fees only, never taxes or stamp duty).` },
  'promotion.fee_rebate_cap': { title: msg`Fee rebate cap`, description: msg`The most one user receives from the fee rebate in all, in rupees.` },
  // the quote stream
  'stream.anonymous_public': {
    title: msg`Quotes without signing in`,
    description: msg`On: a quote-stream connection without a session sees index quotes only, as the public pages do. Off: such a connection is refused.`,
  },
  'stream.anonymous_delay_seconds': {
    title: msg`Delay of public quotes (seconds)`,
    description: msg`Seconds by which index quotes are delayed for connections without a session (0: live). Connections opened after a change follow it.`,
  },
  'stream.connections_per_ip': {
    title: msg`Stream connections per address`,
    description: msg`Quote-stream connections one network address may hold at once; the next one is refused.`,
  },
  'security.session_idle_minutes': { title: msg`Session idle limit`, description: msg`Minutes without a request after which a user or staff session ends.` },
  'security.session_absolute_days': { title: msg`Session lifetime`, description: msg`Days after sign-in at which a user session ends however active (staff sessions end after 12 hours).` },
  'security.new_card_hours': { title: msg`New card protection`, description: msg`Hours after a bank card is added during which a withdrawal to it needs the second factor, for users who have it on.` },
  'trade.service_fee_bps': { title: msg`Service fee`, description: msg`Brokerage on each leg, in basis points of the contract amount (1 bp = 0.01 %). Orders placed from now on pay it.` },
  'trade.stamp_duty_bps': { title: msg`Stamp duty`, description: msg`Stamp duty on the buy leg, in basis points.` },
  'trade.selling_fee_bps': { title: msg`Selling fee`, description: msg`Securities transaction tax on the sell leg, in basis points.` },
  'trade.vip_service_fee_bps': { title: msg`VIP service fee`, description: msg`VIP users' brokerage on each leg, in basis points.` },
  'trade.vip_stamp_duty_bps': { title: msg`VIP stamp duty`, description: msg`VIP users' stamp duty on the buy leg, in basis points.` },
  'trade.vip_selling_fee_bps': { title: msg`VIP selling fee`, description: msg`VIP users' securities transaction tax on the sell leg, in basis points.` },
  'trade.block_service_fee_bps': { title: msg`Block-trade service fee`, description: msg`Brokerage on a block trade (a leg of at least the block-trade size), VIP or not, in basis points.` },
  'trade.block_stamp_duty_bps': { title: msg`Block-trade stamp duty`, description: msg`Stamp duty on the buy leg of a block trade, in basis points.` },
  'trade.block_selling_fee_bps': { title: msg`Block-trade selling fee`, description: msg`Securities transaction tax on the sell leg of a block trade, in basis points.` },
  'trade.block_minimum': { title: msg`Block-trade size`, description: msg`Contract amount from which a leg is a block trade and pays the block-trade fees.` },
  'trade.sell_after_minutes': { title: msg`Sell after`, description: msg`A position can be closed only this many minutes after its fill.` },
  'trade.lock_days': { title: msg`Lock-up (T+N)`, description: msg`A position filled on trading day T can be closed from trading day T+N.` },
  // the courseware and exam before copy trading
  'course.lesson_min_seconds': {
    title: msg`Lesson reading time (seconds)`,
    description: msg`A lesson counts as studied only when strictly more than this many seconds pass on the server's clock between opening and completing it.`,
  },
  'course.exam_retake_minutes': { title: msg`Exam retake wait`, description: msg`Minutes a user waits after a failed exam before a new attempt (0: at once).` },
  'password_reset.code_minutes': { title: msg`Reset code lifetime`, description: msg`Minutes a password-reset code sent by SMS stays valid.` },
  'password_reset.attempts_max': { title: msg`Wrong tries per reset code`, description: msg`Wrong codes allowed before a reset code is spent and a new one is needed.` },
  'password_reset.codes_per_hour': { title: msg`Reset codes per number per hour`, description: msg`Password-reset codes one mobile number may be sent in an hour; further requests send nothing.` },
};

export const settingGroupNames: Record<(typeof settingGroups)[number], MessageDescriptor> = {
  deposit: msg`Deposits`,
  withdrawal: msg`Withdrawals`,
  fund_password: msg`Fund password`,
  upload: msg`Uploads`,
  trade: msg`Trading fees and timing`,
  fx: msg`Currency exchange`,
  pledge: msg`Margin loans on pledged stock`,
  loan: msg`Credit loans`,
  vip: msg`VIP levels`,
  block: msg`Block-trade desk`,
  ipo: msg`IPOs`,
  intraday: msg`Intraday trading`,
  course: msg`Courseware and exam`,
  promotion: msg`Promotions`,
  rate_limit: msg`Rate limits`,
  password_reset: msg`Password reset`,
  stream: msg`Quote stream`,
  security: msg`Sessions and sign-in security`,
};

export const isKnownSetting = (name: string): name is SettingName => Object.hasOwn(settingValueSchemas, name);

/** The contract's own check of a value, run before anything is sent. */
export function settingValueValid(name: SettingName, value: unknown): boolean {
  return settingValueSchemas[name].safeParse(value).success;
}
