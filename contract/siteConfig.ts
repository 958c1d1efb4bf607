import { z } from 'zod';

export const siteConfigRequest = z.object({ type: z.literal('all', 'invalid_field').default('all') });

export const siteConfigItem = z.object({ name: z.string(), value: z.string() });
export const siteConfigResponse = z.array(siteConfigItem);

/**
 * Names the app reads. `broker_registration_number` empty means the firm is not a
 * registered broker and the app must say so; `data_source` labels where prices come from.
 */
export const siteConfigNames = [
  'logo',
  'title',
  'kefu',
  'broker_registration_number',
  'demo_mode',
  'currency',
  /** When customer service answers, in the firm's own words ("Mon–Sat 09:00–18:00 IST"); empty when not published. */
  'kefu_hours',
] as const;
export type SiteConfigName = (typeof siteConfigNames)[number];
