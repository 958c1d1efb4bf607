import { z } from 'zod';
import { jsonValue, reasonField } from './paging.ts';
import { hoursRange, onOff, positiveRupees, timeWindow, wholeNumberFrom } from './settingValues.ts';
import { tradingSettingSchemas } from './tradingSettings.ts';

// Older importers (funding rules, the apps' rule texts) read the shapes from here.
export { hoursRange, timeWindow, type TimeWindow } from './settingValues.ts';

// Configuration values staff may change at run time (admin only, audited). The shape of
// each value is here so the back office can check a value before sending it; defaults,
// descriptions and groups are in server/settings/registry.ts, and the trading settings
// (fees and timing) are one table of their own, contract/tradingSettings.ts.

export const settingValueSchemas = {
  'deposit.minimum': positiveRupees,
  'deposit.window': timeWindow,
  'deposit.maximum': positiveRupees,
  'deposit.four_eyes_above': positiveRupees,
  'withdrawal.minimum': positiveRupees,
  'withdrawal.window': timeWindow,
  'withdrawal.arrival_text_hours': hoursRange,
  'withdrawal.four_eyes_above': positiveRupees,
  'withdrawal.maximum': positiveRupees,
  'fund_password.max_failures': wholeNumberFrom(1, 100),
  'fund_password.lockout_minutes': wholeNumberFrom(1, 7 * 24 * 60),
  'upload.max_bytes': wholeNumberFrom(64 * 1024, 20 * 1024 * 1024),
  // rate limits (server/http/rateLimits.ts): requests per client address and per account in each window
  'rate_limit.window_minutes': wholeNumberFrom(1, 24 * 60),
  'rate_limit.sign_in_per_ip': wholeNumberFrom(1, 1_000_000),
  'rate_limit.sign_in_per_account': wholeNumberFrom(1, 1_000_000),
  'rate_limit.registration_per_ip': wholeNumberFrom(1, 1_000_000),
  'rate_limit.registration_per_account': wholeNumberFrom(1, 1_000_000),
  'rate_limit.password_reset_per_ip': wholeNumberFrom(1, 1_000_000),
  'rate_limit.password_reset_per_account': wholeNumberFrom(1, 1_000_000),
  'rate_limit.fund_password_per_ip': wholeNumberFrom(1, 1_000_000),
  'rate_limit.fund_password_per_account': wholeNumberFrom(1, 1_000_000),
  'rate_limit.upload_per_ip': wholeNumberFrom(1, 1_000_000),
  'rate_limit.upload_per_account': wholeNumberFrom(1, 1_000_000),
  // currency exchange (server/fx/): the spread, a quote's life, limits, the rates the ECB does not publish
  'fx.spread_bps': wholeNumberFrom(0, 1000),
  // the pairs of the three markets' currencies publish their own spread; every other pair pays fx.spread_bps
  'fx.spread_bps_inr_krw': wholeNumberFrom(0, 1000),
  'fx.spread_bps_inr_thb': wholeNumberFrom(0, 1000),
  'fx.spread_bps_krw_thb': wholeNumberFrom(0, 1000),
  'fx.quote_seconds': wholeNumberFrom(5, 600),
  'fx.minimum': positiveRupees,
  'fx.maximum': positiveRupees,
  'fx.twd_rupees_per_100': positiveRupees,
  'fx.vnd_rupees_per_10000': positiveRupees,
  // margin loans on pledged stock (server/lending/pledge*.ts)
  'pledge.index_member_haircut_bps': wholeNumberFrom(0, 10_000),
  'pledge.other_haircut_bps': wholeNumberFrom(0, 10_000),
  'pledge.minimum': positiveRupees,
  'pledge.quota': positiveRupees,
  'pledge.review_above': positiveRupees,
  'pledge.four_eyes_above': positiveRupees,
  'pledge.ltv_warning_bps': wholeNumberFrom(100, 9999),
  'pledge.ltv_sale_bps': wholeNumberFrom(100, 9999),
  // credit loans (server/lending/)
  'loan.annual_rate_bps': wholeNumberFrom(0, 10_000),
  'loan.credit_limit_max': positiveRupees,
  'loan.term_days': wholeNumberFrom(1, 3650),
  // VIP levels (server/vip/levels.ts): a level is reached by meeting either of its thresholds
  'vip.level1_total_assets': positiveRupees,
  'vip.level1_turnover_90d': positiveRupees,
  'vip.level2_total_assets': positiveRupees,
  'vip.level2_turnover_90d': positiveRupees,
  'vip.level3_total_assets': positiveRupees,
  'vip.level3_turnover_90d': positiveRupees,
  // the block-trade desk (server/block/)
  'block.price_band_bps': wholeNumberFrom(0, 2000),
  'block.minimum_shares': wholeNumberFrom(1, 10_000_000),
  'block.minimum_amount': positiveRupees,
  'block.lock_trading_days': wholeNumberFrom(0, 30),
  // IPOs (server/ipo/): the most one retail application may hold
  'ipo.retail_cap': positiveRupees,
  // intraday positions (server/trading/intraday.ts): their leverage, smallest order, and the IST minute they are squared off
  // (minutes after midnight, within the NSE session 09:15–15:30: 920 = 15:20)
  'intraday.leverage': wholeNumberFrom(1, 20),
  'intraday.minimum_shares': wholeNumberFrom(1, 10_000_000),
  'intraday.square_off_time': wholeNumberFrom(9 * 60 + 15, 15 * 60 + 30),
  // the courseware and exam before copy trading (server/course/): a lesson's minimum reading time on the
  // server's clock, and the wait after a failed exam
  'course.lesson_min_seconds': wholeNumberFrom(1, 3600),
  'course.exam_retake_minutes': wholeNumberFrom(0, 7 * 24 * 60),
  // the fee-rebate promotion for new accounts (server/promotion/): switched on or off, its window after registration,
  // the share of brokerage rebated and the most one user receives
  'promotion.fee_rebate_enabled': onOff,
  'promotion.fee_rebate_days': wholeNumberFrom(1, 365),
  'promotion.fee_rebate_percent': wholeNumberFrom(0, 100),
  'promotion.fee_rebate_cap': positiveRupees,
  // account recovery (server/recovery/): a reset code's life, wrong tries per code, codes per number per hour
  'password_reset.code_minutes': wholeNumberFrom(1, 60),
  'password_reset.attempts_max': wholeNumberFrom(1, 10),
  'password_reset.codes_per_hour': wholeNumberFrom(1, 20),
  // the quote stream (server/market/stream/): what a connection without a session sees, and connections per address
  'stream.anonymous_public': onOff,
  'stream.anonymous_delay_seconds': wholeNumberFrom(0, 900),
  'stream.connections_per_ip': wholeNumberFrom(1, 10_000),
  // sessions and the second factor (server/accounts/): idle and absolute session limits, and how long
  // a newly added bank card needs the second factor for a withdrawal to it (users who have it on)
  'security.session_idle_minutes': wholeNumberFrom(5, 7 * 24 * 60),
  'security.session_absolute_days': wholeNumberFrom(1, 90),
  'security.new_card_hours': wholeNumberFrom(0, 30 * 24),
  ...tradingSettingSchemas,
} as const;

export type SettingName = keyof typeof settingValueSchemas;
export const settingNames = Object.keys(settingValueSchemas) as SettingName[];
export type SettingValue<Name extends SettingName> = z.infer<(typeof settingValueSchemas)[Name]>;
/** The settings whose value is a rupee amount; the server reads them as paise. */
export type RupeeSettingName = { [Name in SettingName]: SettingValue<Name> extends string ? Name : never }[SettingName];

export const settingGroups = ['deposit', 'withdrawal', 'fund_password', 'upload', 'trade', 'pledge', 'loan', 'fx', 'block', 'ipo', 'vip', 'intraday', 'course', 'promotion', 'rate_limit', 'password_reset', 'stream', 'security'] as const;

export const settingRow = z.object({
  name: z.string(),
  group: z.enum(settingGroups),
  description: z.string(),
  value: jsonValue,
  default_value: jsonValue,
  /** Whether staff changed it from the default. */
  overridden: z.boolean(),
  updated_at: z.string().nullable(),
});
export const settingsListResponse = z.array(settingRow);

export const settingsUpdateRequest = z.object({
  name: z.string({ error: 'setting_unknown' }).max(64, 'setting_unknown'),
  value: jsonValue,
  reason: reasonField,
});
