import { z } from 'zod';
import { parseRupees } from './money.ts';

// The shapes a run-time setting's value takes, shared by every table of settings
// (contract/settings.ts and the trading settings, contract/tradingSettings.ts).

/** A positive rupee amount as a decimal string ("5000.00"), checked without a float. */
export const positiveRupees = z.string().refine((text) => {
  const paise = parseRupees(text);
  return paise !== null && paise > 0n && text.trim() === text;
});

/** A whole number from `minimum` to `maximum`, both included. */
export const wholeNumberFrom = (minimum: number, maximum: number) => z.number().int().min(minimum).max(maximum);

/** A switch: on (true) or off (false). */
export const onOff = z.boolean();

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
