import type { z } from 'zod';
import { type SettingName, type SettingValue, settingGroups, settingValueSchemas } from '../../contract/settings.ts';
import { type TradingSettingName, tradingSettingNames, tradingSettings } from '../../contract/tradingSettings.ts';

// The registry of configuration values staff may change at run time: for each name its
// schema (contract/settings.ts), default, group and a description for the back office.
// Code reads them through the settings store (settings.ts); a value not overridden in the
// `settings` table is its default. A deployment may give other defaults (the TRADE_* environment).
// The trading settings (fees and timing) are rows of their own table, contract/tradingSettings.ts:
// this registry lists them from it and knows nothing of trading itself.

export interface SettingDefinition<Name extends SettingName> {
  schema: (typeof settingValueSchemas)[Name];
  defaultValue: SettingValue<Name>;
  group: (typeof settingGroups)[number];
  description: string;
}

const define = <Name extends SettingName>(name: Name, definition: Omit<SettingDefinition<Name>, 'schema'>): SettingDefinition<Name> => {
  // A default that fails its own schema is a programming error: fail at import, not at a user's request.
  const parsed = (settingValueSchemas[name] as z.ZodType).safeParse(definition.defaultValue);
  if (!parsed.success) throw new Error(`settings: default of ${name} does not match its schema`);
  return { schema: settingValueSchemas[name], ...definition };
};

/** The trading settings' definitions, in the table's order, all in the 'trade' group. */
function tradingSettingDefinitions(): { readonly [Name in TradingSettingName]: SettingDefinition<Name> } {
  const entries = tradingSettingNames.map((name) => {
    const { defaultValue, description } = tradingSettings[name];
    return [name, define(name, { defaultValue, group: 'trade', description })] as const;
  });
  return Object.fromEntries(entries) as { readonly [Name in TradingSettingName]: SettingDefinition<Name> };
}

const workdays = [1, 2, 3, 4, 5];
const everyDay = [1, 2, 3, 4, 5, 6, 7];

export const settingsRegistry: { readonly [Name in SettingName]: SettingDefinition<Name> } = {
  'deposit.minimum': define('deposit.minimum', {
    defaultValue: '5000.00',
    group: 'deposit',
    description: 'Smallest deposit a user may report, in rupees.',
  }),
  'deposit.window': define('deposit.window', {
    defaultValue: { days: everyDay, from: '00:00', to: '23:59' },
    group: 'deposit',
    description: 'Days (1 = Monday … 7 = Sunday) and IST hours in which users may report deposits.',
  }),
  'deposit.maximum': define('deposit.maximum', {
    defaultValue: '10000000.00',
    group: 'deposit',
    description: 'Largest deposit a user may report, in rupees.',
  }),
  'deposit.four_eyes_above': define('deposit.four_eyes_above', {
    defaultValue: '1000000.00',
    group: 'deposit',
    description: 'Deposits above this many rupees need a second reviewer to approve.',
  }),
  'withdrawal.minimum': define('withdrawal.minimum', {
    defaultValue: '100.00',
    group: 'withdrawal',
    description: 'Smallest withdrawal a user may request, in rupees.',
  }),
  'withdrawal.window': define('withdrawal.window', {
    defaultValue: { days: workdays, from: '09:30', to: '15:30' },
    group: 'withdrawal',
    description: 'Days (1 = Monday … 7 = Sunday) and IST hours in which users may request withdrawals.',
  }),
  'withdrawal.arrival_text_hours': define('withdrawal.arrival_text_hours', {
    defaultValue: { from: 2, to: 48 },
    group: 'withdrawal',
    description: 'Shown to users: a paid withdrawal arrives within this many hours.',
  }),
  'withdrawal.four_eyes_above': define('withdrawal.four_eyes_above', {
    defaultValue: '200000.00',
    group: 'withdrawal',
    description: 'Withdrawals above this many rupees need a second reviewer to approve.',
  }),
  'withdrawal.maximum': define('withdrawal.maximum', {
    defaultValue: '10000000.00',
    group: 'withdrawal',
    description: 'Largest withdrawal a user may request, in rupees.',
  }),
  'fund_password.max_failures': define('fund_password.max_failures', {
    defaultValue: 5,
    group: 'fund_password',
    description: 'Wrong fund passwords in a row before the fund password is locked.',
  }),
  'fund_password.lockout_minutes': define('fund_password.lockout_minutes', {
    defaultValue: 30,
    group: 'fund_password',
    description: 'How long a locked fund password stays locked, in minutes.',
  }),
  'upload.max_bytes': define('upload.max_bytes', {
    defaultValue: 5 * 1024 * 1024,
    group: 'upload',
    description: 'Largest image a user may upload, in bytes.',
  }),
  // rate limits (server/http/rateLimits.ts). Generous: a person never meets them, and neither does the test
  // suite, whose every request comes from one address. A sign-in's budget per account is larger than per address,
  // so one stranger alone cannot spend it (wrong passwords lock per account and address: server/accounts/accounts.ts).
  'rate_limit.window_minutes': define('rate_limit.window_minutes', {
    defaultValue: 15, group: 'rate_limit', description: 'The window every rate limit counts requests in, in minutes.',
  }),
  'rate_limit.sign_in_per_ip': define('rate_limit.sign_in_per_ip', {
    defaultValue: 500, group: 'rate_limit', description: 'Sign-in attempts (users and staff, second factor included) from one address in the window.',
  }),
  'rate_limit.sign_in_per_account': define('rate_limit.sign_in_per_account', {
    defaultValue: 1000, group: 'rate_limit', description: 'Sign-in attempts for one account from all addresses in the window.',
  }),
  'rate_limit.registration_per_ip': define('rate_limit.registration_per_ip', {
    defaultValue: 300, group: 'rate_limit', description: 'Registrations tried from one address in the window.',
  }),
  'rate_limit.registration_per_account': define('rate_limit.registration_per_account', {
    defaultValue: 20, group: 'rate_limit', description: 'Registrations tried for one mobile number in the window.',
  }),
  'rate_limit.password_reset_per_ip': define('rate_limit.password_reset_per_ip', {
    defaultValue: 200, group: 'rate_limit', description: 'Password-reset requests and codes tried from one address in the window.',
  }),
  'rate_limit.password_reset_per_account': define('rate_limit.password_reset_per_account', {
    defaultValue: 20, group: 'rate_limit', description: 'Password-reset requests and codes tried for one account in the window.',
  }),
  'rate_limit.fund_password_per_ip': define('rate_limit.fund_password_per_ip', {
    defaultValue: 500, group: 'rate_limit', description: 'Requests carrying a fund password (withdrawals, setting and changing it) from one address in the window.',
  }),
  'rate_limit.fund_password_per_account': define('rate_limit.fund_password_per_account', {
    defaultValue: 100, group: 'rate_limit', description: 'Requests carrying a fund password from one user in the window.',
  }),
  'rate_limit.upload_per_ip': define('rate_limit.upload_per_ip', {
    defaultValue: 500, group: 'rate_limit', description: 'Uploads tried from one address in the window, refused ones included.',
  }),
  'rate_limit.upload_per_account': define('rate_limit.upload_per_account', {
    defaultValue: 100, group: 'rate_limit', description: 'Uploads tried by one user in the window, refused ones included.',
  }),
  // currency exchange (server/fx/)
  'fx.spread_bps': define('fx.spread_bps', {
    defaultValue: 50,
    group: 'fx',
    description: 'Published spread of every currency pair without a spread of its own: a quote is the reference rate less this many basis points.',
  }),
  'fx.spread_bps_inr_krw': define('fx.spread_bps_inr_krw', {
    defaultValue: 50,
    group: 'fx',
    description: 'Published spread of rupees and won, both ways, in basis points.',
  }),
  'fx.spread_bps_inr_thb': define('fx.spread_bps_inr_thb', {
    defaultValue: 50,
    group: 'fx',
    description: 'Published spread of rupees and baht, both ways, in basis points.',
  }),
  'fx.spread_bps_krw_thb': define('fx.spread_bps_krw_thb', {
    defaultValue: 50,
    group: 'fx',
    description: 'Published spread of won and baht (the transfer between the Korean and Thai accounts), both ways, in basis points.',
  }),
  'fx.quote_seconds': define('fx.quote_seconds', {
    defaultValue: 30,
    group: 'fx',
    description: 'Seconds an exchange quote may be converted at its rate.',
  }),
  'fx.minimum': define('fx.minimum', {
    defaultValue: '100.00',
    group: 'fx',
    description: 'Smallest exchange, in rupees worth at the reference rate.',
  }),
  'fx.maximum': define('fx.maximum', {
    defaultValue: '1000000.00',
    group: 'fx',
    description: 'Largest exchange, in rupees worth at the reference rate.',
  }),
  'fx.twd_rupees_per_100': define('fx.twd_rupees_per_100', {
    defaultValue: '280.00',
    group: 'fx',
    description: 'Rupees for 100 New Taiwan dollars: the reference rate of TWD, which the ECB does not publish.',
  }),
  'fx.vnd_rupees_per_10000': define('fx.vnd_rupees_per_10000', {
    defaultValue: '34.00',
    group: 'fx',
    description: 'Rupees for 10,000 Vietnamese dong: the reference rate of VND, which the ECB does not publish.',
  }),
  // margin loans on pledged stock (server/lending/pledge*.ts)
  'pledge.index_member_haircut_bps': define('pledge.index_member_haircut_bps', {
    defaultValue: 5000,
    group: 'pledge',
    description: 'Haircut of NIFTY 50 members pledged for a margin loan, in basis points (5000 = 50 %; 10000: not pledgeable).',
  }),
  'pledge.other_haircut_bps': define('pledge.other_haircut_bps', {
    defaultValue: 10_000,
    group: 'pledge',
    description: 'Haircut of every other rupee equity, in basis points (10000: not pledgeable).',
  }),
  'pledge.minimum': define('pledge.minimum', {
    defaultValue: '10000.00',
    group: 'pledge',
    description: 'Smallest margin loan a user may ask for, in rupees.',
  }),
  'pledge.quota': define('pledge.quota', {
    defaultValue: '50000000.00',
    group: 'pledge',
    description: 'Margin loans the firm lends in all, granted or waiting for review, in rupees (0.01 closes the channel).',
  }),
  'pledge.review_above': define('pledge.review_above', {
    defaultValue: '200000.00',
    group: 'pledge',
    description: 'Margin loans above this many rupees wait for a reviewer to approve.',
  }),
  'pledge.four_eyes_above': define('pledge.four_eyes_above', {
    defaultValue: '1000000.00',
    group: 'pledge',
    description: 'Margin loans above this many rupees need two different reviewers to approve.',
  }),
  'pledge.ltv_warning_bps': define('pledge.ltv_warning_bps', {
    defaultValue: 6000,
    group: 'pledge',
    description: 'Loan-to-value, in basis points, at which the user is messaged.',
  }),
  'pledge.ltv_sale_bps': define('pledge.ltv_sale_bps', {
    defaultValue: 7500,
    group: 'pledge',
    description: 'Loan-to-value, in basis points, at which pledged stock is sold to repay the loan.',
  }),
  // credit loans (server/lending/)
  'loan.annual_rate_bps': define('loan.annual_rate_bps', {
    defaultValue: 1200,
    group: 'loan',
    description: 'Yearly interest rate of new loans, in basis points (1200 = 12 %), accrued daily on the principal, actual/365.',
  }),
  'loan.credit_limit_max': define('loan.credit_limit_max', {
    defaultValue: '500000.00',
    group: 'loan',
    description: 'Credit-loan limit of the excellent credit level, in rupees; the other levels lend a share of it.',
  }),
  'loan.term_days': define('loan.term_days', {
    defaultValue: 90,
    group: 'loan',
    description: 'Days after which a loan still open counts as a missed payment in the credit score.',
  }),
  // VIP levels (server/vip/levels.ts)
  'vip.level1_total_assets': define('vip.level1_total_assets', {
    defaultValue: '500000.00',
    group: 'vip',
    description: 'Total assets (cash and positions at market, rupees) that reach VIP 1; either this or the turnover threshold is enough.',
  }),
  'vip.level1_turnover_90d': define('vip.level1_turnover_90d', {
    defaultValue: '2500000.00',
    group: 'vip',
    description: 'Contract amount traded in the last 90 days (opening and closing legs, rupees) that reaches VIP 1; either this or the total-assets threshold is enough.',
  }),
  'vip.level2_total_assets': define('vip.level2_total_assets', {
    defaultValue: '5000000.00',
    group: 'vip',
    description: 'Total assets (cash and positions at market, rupees) that reach VIP 2; either this or the turnover threshold is enough.',
  }),
  'vip.level2_turnover_90d': define('vip.level2_turnover_90d', {
    defaultValue: '20000000.00',
    group: 'vip',
    description: 'Contract amount traded in the last 90 days (opening and closing legs, rupees) that reaches VIP 2; either this or the total-assets threshold is enough.',
  }),
  'vip.level3_total_assets': define('vip.level3_total_assets', {
    defaultValue: '20000000.00',
    group: 'vip',
    description: 'Total assets (cash and positions at market, rupees) that reach VIP 3; either this or the turnover threshold is enough.',
  }),
  'vip.level3_turnover_90d': define('vip.level3_turnover_90d', {
    defaultValue: '100000000.00',
    group: 'vip',
    description: 'Contract amount traded in the last 90 days (opening and closing legs, rupees) that reaches VIP 3; either this or the total-assets threshold is enough.',
  }),
  'block.price_band_bps': define('block.price_band_bps', {
    defaultValue: 300,
    group: 'block',
    description: 'A block is priced within this many basis points of the market price when it is saved (300 = 3 %).',
  }),
  'block.minimum_shares': define('block.minimum_shares', {
    defaultValue: 100,
    group: 'block',
    description: 'Fewest shares one block purchase may buy.',
  }),
  'block.minimum_amount': define('block.minimum_amount', {
    defaultValue: '2000000.00',
    group: 'block',
    description: 'Smallest amount one block purchase may pay, in rupees.',
  }),
  'block.lock_trading_days': define('block.lock_trading_days', {
    defaultValue: 1,
    group: 'block',
    description: 'Shares bought from a block on trading day T can be sold from trading day T+N.',
  }),
  'ipo.retail_cap': define('ipo.retail_cap', {
    defaultValue: '200000.00',
    group: 'ipo',
    description: 'The most one retail IPO application may hold, in rupees (SEBI: ₹2,00,000). An issue takes the value in force when it opens.',
  }),
  'intraday.leverage': define('intraday.leverage', {
    defaultValue: 5,
    group: 'intraday',
    description: 'Leverage of every intraday position: an intraday order uses exactly this leverage.',
  }),
  'intraday.minimum_shares': define('intraday.minimum_shares', {
    defaultValue: 10_000,
    group: 'intraday',
    description: 'Fewest shares one intraday order may buy or sell.',
  }),
  'intraday.square_off_time': define('intraday.square_off_time', {
    defaultValue: 15 * 60 + 20,
    group: 'intraday',
    description: 'Minutes after IST midnight at which open intraday positions are closed at the market price (920 = 15:20). The 24-hour demo market squares off at the end of its simulated day instead.',
  }),
  // the courseware and exam before copy trading (server/course/)
  'course.lesson_min_seconds': define('course.lesson_min_seconds', {
    defaultValue: 40,
    group: 'course',
    description: 'A lesson counts as studied only when strictly more than this many seconds pass on the server\'s clock between opening it and completing it.',
  }),
  'course.exam_retake_minutes': define('course.exam_retake_minutes', {
    defaultValue: 30,
    group: 'course',
    description: 'Minutes a user waits after a failed exam before a new attempt (0: at once).',
  }),
  // the fee-rebate promotion for new accounts (server/promotion/, docs/promotion.md)
  'promotion.fee_rebate_enabled': define('promotion.fee_rebate_enabled', {
    defaultValue: true,
    group: 'promotion',
    description: 'Whether the fee rebate for new accounts pays: off, the daily settlement pays nothing (rebates already paid stay paid).',
  }),
  'promotion.fee_rebate_days': define('promotion.fee_rebate_days', {
    defaultValue: 30,
    group: 'promotion',
    description: 'Days after registration in which brokerage counts for the fee rebate.',
  }),
  'promotion.fee_rebate_percent': define('promotion.fee_rebate_percent', {
    defaultValue: 100,
    group: 'promotion',
    description: 'Percent of the brokerage (service fees, not taxes or stamp duty) paid in the window that is rebated.',
  }),
  'promotion.fee_rebate_cap': define('promotion.fee_rebate_cap', {
    defaultValue: '2000.00',
    group: 'promotion',
    description: 'The most one user receives from the fee rebate in all, in rupees.',
  }),
  'password_reset.code_minutes': define('password_reset.code_minutes', {
    defaultValue: 10,
    group: 'password_reset',
    description: 'How long a password-reset code stays valid, in minutes.',
  }),
  'password_reset.attempts_max': define('password_reset.attempts_max', {
    defaultValue: 5,
    group: 'password_reset',
    description: 'Wrong tries a password-reset code allows before it is spent.',
  }),
  'password_reset.codes_per_hour': define('password_reset.codes_per_hour', {
    defaultValue: 3,
    group: 'password_reset',
    description: 'Password-reset codes one mobile number may be sent per hour.',
  }),
  // the quote stream (server/market/stream/streamAccess.ts)
  'stream.anonymous_public': define('stream.anonymous_public', {
    defaultValue: true,
    group: 'stream',
    description: 'On: a stream connection without a session sees index quotes only (what the public pages show). Off: it is refused.',
  }),
  'stream.anonymous_delay_seconds': define('stream.anonymous_delay_seconds', {
    defaultValue: 0,
    group: 'stream',
    description: 'Seconds by which index quotes are delayed for stream connections without a session (0: live). Applies to connections opened after a change.',
  }),
  'stream.connections_per_ip': define('stream.connections_per_ip', {
    defaultValue: 50,
    group: 'stream',
    description: 'Stream connections one network address may hold at once; the next handshake is refused (too_many_connections).',
  }),
  'security.session_idle_minutes': define('security.session_idle_minutes', {
    defaultValue: 30,
    group: 'security',
    description: 'Minutes without a request after which a user or staff session ends.',
  }),
  'security.session_absolute_days': define('security.session_absolute_days', {
    defaultValue: 30,
    group: 'security',
    description: 'Days after sign-in at which a user session ends however active (staff sessions end after 12 hours).',
  }),
  'security.new_card_hours': define('security.new_card_hours', {
    defaultValue: 48,
    group: 'security',
    description: 'Hours after a bank card is added during which a withdrawal to it needs the second factor (users who have it on).',
  }),
  ...tradingSettingDefinitions(),
};

export const isSettingName = (name: string): name is SettingName => Object.hasOwn(settingsRegistry, name);
