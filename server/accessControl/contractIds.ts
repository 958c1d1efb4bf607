import type { z } from 'zod';
import { api, type ApiPath } from '../../contract/api.ts';
import { idString } from '../../contract/paging.ts';

// The id fields of the contract, found by walking each route's request schema: a field is an
// id when its schema is the contract's idString (or a list of them) or when its name says so
// (`id`, `…_id`, `…_ids`, `…_no`). The ownership matrix needs a fixture for every one of
// them that is not listed below as public, so a new route that takes an id cannot slip past it.

/** One id-carrying field of one route; list fields are written `positions[]`. */
export interface IdField {
  path: ApiPath;
  field: string;
}

export const idFieldKey = ({ path, field }: IdField) => `${path} ${field}`;

const idName = /^(id|.+_id|.+_ids|.+_no)$/;

type AnySchema = z.ZodType & { _zod: { def: any } };

/** The schema under wrappers that do not change what the field holds. */
function unwrapped(schema: AnySchema): AnySchema {
  let current = schema;
  for (;;) {
    const def = current._zod.def;
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else if (def.type === 'lazy') current = def.getter();
    else return current;
  }
}

function idFieldsOf(schema: AnySchema, prefix: string): string[] {
  const inner = unwrapped(schema);
  const def = inner._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, AnySchema>).flatMap(([name, field]) => {
        const value = unwrapped(field);
        const isList = value._zod.def.type === 'array';
        const element = isList ? unwrapped(value._zod.def.element) : value;
        const holdsId = element === (idString as unknown) || (idName.test(name) && ['string', 'number', 'bigint'].includes(element._zod.def.type));
        const here = `${prefix}${name}${isList ? '[]' : ''}`;
        return [...(holdsId ? [here] : []), ...idFieldsOf(isList ? element : value, `${here}.`)];
      });
    case 'union':
      return [...new Set((def.options as AnySchema[]).flatMap((option) => idFieldsOf(option, prefix)))];
    case 'intersection':
      return [...idFieldsOf(def.left, prefix), ...idFieldsOf(def.right, prefix)];
    default:
      return [];
  }
}

/** Every id field of every route, in the contract's order. */
export function contractIdFields(): IdField[] {
  return (Object.keys(api) as ApiPath[]).flatMap((path) => idFieldsOf(api[path].request as unknown as AnySchema, '').map((field) => ({ path, field })));
}

/**
 * Ids that name something public, so any user may send any value: each line says why. Whole
 * families are kept out by the predicate below (staff routes, routes without a session).
 */
export const publicIdFields: Record<string, string> = {
  // Deposit channels are the firm's collection accounts, shown to every user who deposits.
  'user/deposit channel_id': 'public deposit channel',
  // Published products: every user sees the same issues, offers, blocks, allocations and funds.
  'ipo/detail ipo_id': 'published IPO',
  'ipo/apply ipo_id': 'published IPO',
  'ipo/draw ipo_id': 'published IPO (the draw is public; the caller sees their own result)',
  'placement/apply placement_id': 'published placement or rights issue',
  'block/detail block_id': 'published block trade',
  'block/buy block_id': 'published block trade',
  'vip/buy allocation_id': 'published VIP allocation (the level check is its own gate)',
  'fund/detail fund_id': 'published strategy fund',
  'fund/subscribe fund_id': 'published strategy fund',
  // The courseware's question bank is the same for everyone (lesson ids are a closed list, not ids).
  'exam/submit answers[].question_id': 'public question bank',
  // Published news.
  'news/detail id': 'published news article',
  // A bank account number the user types in, not a reference to a stored object.
  'user/addBankCard account_no': 'typed bank account number',
};

/**
 * Whether the matrix skips a field: staff routes (staff act on every user's objects by design;
 * their gate is the role matrix), routes without a session (no caller to own anything), and
 * the public ids above.
 */
export function isOutsideOwnership({ path, field }: IdField): boolean {
  const auth = api[path].auth;
  return auth === 'staff' || auth === false || idFieldKey({ path, field }) in publicIdFields;
}
