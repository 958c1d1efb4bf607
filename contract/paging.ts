import { z } from 'zod';
import { reasonLengthMax, recordIdPattern } from './constants.ts';

// Zod-free, for the phone app's first load (constants.ts); re-exported where they always were.
export { reasonLengthMax, recordIdPattern };

// Shared pieces of the back-office and message lists: one page size, one page shape, one
// id format and one "reason" rule, so every list and every staff action reads the same.

/** Lists of messages, audit entries and back-office rows show ten items a page. */
export const listPageSize = 10;

export const pageField = z.number({ error: 'invalid_field' }).int('invalid_field').min(1, 'invalid_field').max(10_000, 'invalid_field').default(1);

export const pageRequest = z.object({ page: pageField });

/** A page of `item`s with the total count, so a list can show page numbers. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

/** Database ids travel as decimal strings: they are bigints. */
export const idString = z.string({ error: 'invalid_field' }).regex(recordIdPattern, 'invalid_field');

/** Why a staff member did something. Users read it in their audit log, so it is required. */
export const reasonField = z
  .string({ error: 'reason_required' })
  .trim()
  .min(1, 'reason_required')
  .max(reasonLengthMax, 'reason_too_long');

/** A reason the staff member may leave out (actions that concern no user). */
export const optionalReasonField = z.string({ error: 'invalid_field' }).trim().max(reasonLengthMax, 'reason_too_long').default('');

/** Any JSON value: before/after snapshots in the audit log, settings values, message parameters. */
export const jsonValue = z.json();
export type JsonValue = z.infer<typeof jsonValue>;
