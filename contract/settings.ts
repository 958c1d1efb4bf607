import { z } from 'zod';
import { parseRupees } from './money.ts';
import { jsonValue, reasonField } from './paging.ts';

// Configuration values staff may change at run time (admin only, audited). The shape of
// each value is here so the back office can check a value before sending it; defaults,
// descriptions and groups are in server/settings/registry.ts.

/** A positive rupee amount as a decimal string ("5000.00"), checked without a float. */
export const positiveRupees = z.string().refine((text) => {
  const paise = parseRupees(text);
  return paise !== null && paise > 0n && text.trim() === text;
});

/** "HH:mm" on a 24-hour clock. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * When something is open, in India Standard Time: ISO weekdays (1 = Monday … 7 = Sunday)
 * and a from–to clock range, both ends included to the minute. Ranges do not cross midnight.
 */
export const timeWindow = z
  .object({
    days: z.array(z.number().int().min(1).max(7)).min(1).max(7).refine((days) => new Set(days).size === days.length),
    from: clockTime,
    to: clockTime,
  })
  .strict()
  .refine((window) => window.from <= window.to);
export type TimeWindow = z.infer<typeof timeWindow>;

/** Hours shown to the user as "arrives within from–to hours". */
export const hoursRange = z
  .object({ from: z.number().int().min(0).max(720), to: z.number().int().min(0).max(720) })
  .strict()
  .refine((range) => range.from <= range.to);

/** A fee in basis points of the contract amount (1 bp = 0.01 %), at most 10 %. */
const basisPoints = z.number().int().min(0).max(1000);

export const settingValueSchemas = {
  'deposit.minimum': positiveRupees,
  'deposit.window': timeWindow,
  'withdrawal.minimum': positiveRupees,
  'withdrawal.window': timeWindow,
  'withdrawal.arrival_text_hours': hoursRange,
  'withdrawal.four_eyes_above': positiveRupees,
  'fund_password.max_failures': z.number().int().min(1).max(100),
  'fund_password.lockout_minutes': z.number().int().min(1).max(7 * 24 * 60),
  'upload.max_bytes': z.number().int().min(64 * 1024).max(20 * 1024 * 1024),
  // Trading fees in basis points of the contract amount (1 bp = 0.01 %), and the timing rules.
  'trade.service_fee_bps': basisPoints,
  'trade.stamp_duty_bps': basisPoints,
  'trade.selling_fee_bps': basisPoints,
  'trade.vip_service_fee_bps': basisPoints,
  'trade.vip_stamp_duty_bps': basisPoints,
  'trade.vip_selling_fee_bps': basisPoints,
  'trade.block_service_fee_bps': basisPoints,
  'trade.block_stamp_duty_bps': basisPoints,
  'trade.block_selling_fee_bps': basisPoints,
  'trade.block_minimum': positiveRupees,
  'trade.sell_after_minutes': z.number().int().min(0).max(60 * 24 * 30),
  'trade.lock_days': z.number().int().min(0).max(30),
} as const;

export type SettingName = keyof typeof settingValueSchemas;
export const settingNames = Object.keys(settingValueSchemas) as SettingName[];
export type SettingValue<Name extends SettingName> = z.infer<(typeof settingValueSchemas)[Name]>;
/** The settings whose value is a rupee amount; the server reads them as paise. */
export type RupeeSettingName = { [Name in SettingName]: SettingValue<Name> extends string ? Name : never }[SettingName];

export const settingGroups = ['deposit', 'withdrawal', 'fund_password', 'upload', 'trade'] as const;

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
