import { z } from 'zod';
import { accountStates, balancesSchema, restrictionNames, restrictionsSchema } from './accounts.ts';
import { idString, pageField, pageOf, optionalReasonField, reasonField } from './paging.ts';
import { statementLine } from './trading.ts';

// Staff tools over users and invitation codes. Read-only over money: no request here
// carries an amount, a balance or a price (server/staff/noMoneyEditing.test.ts checks it).

export const adminUsersListRequest = z.object({
  page: pageField,
  /** Start of a mobile number; empty lists everyone, newest first. */
  query: z.string({ error: 'invalid_field' }).trim().regex(/^\d{0,10}$/, 'invalid_field').optional(),
});

export const adminUserRow = z.object({
  user_id: z.string(),
  account: z.string(),
  institution: z.string(),
  invitation_code: z.string(),
  vip: z.boolean(),
  state: z.enum(accountStates),
  restrictions: restrictionsSchema,
  created_at: z.string(),
});
export const adminUsersListResponse = pageOf(adminUserRow);

export const adminUserDetailRequest = z.object({ user_id: idString, statement_page: pageField });
export const adminUserDetailResponse = z.object({
  user: adminUserRow,
  balances: balancesSchema,
  /** The user's ledger statement, read-only, the same lines the user sees. */
  statement: z.array(statementLine),
});

export const setRestrictionRequest = z.object({
  user_id: idString,
  restriction: z.enum(restrictionNames, 'invalid_field'),
  on: z.boolean({ error: 'invalid_field' }),
  reason: reasonField,
});
export const setRestrictionResponse = z.object({ state: z.enum(accountStates), restrictions: restrictionsSchema });

export const invitationKinds = ['institution', 'advisor'] as const;

export const invitationRow = z.object({
  code: z.string(),
  institution_name: z.string(),
  kind: z.enum(invitationKinds),
  active: z.boolean(),
  users: z.number().int(),
  created_at: z.string(),
});
export const invitationsListRequest = z.object({ page: pageField });
export const invitationsListResponse = pageOf(invitationRow);

export const invitationCodePattern = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

export const invitationIssueRequest = z.object({
  institution_name: z.string({ error: 'institution_name_required' }).trim().min(1, 'institution_name_required').max(200, 'invalid_field'),
  kind: z.enum(invitationKinds, 'invalid_field'),
  code: z
    .string({ error: 'invite_code_required' })
    .trim()
    .toUpperCase()
    .min(1, 'invite_code_required')
    .regex(invitationCodePattern, 'invite_code_invalid'),
  reason: optionalReasonField,
});

/** A deactivated code admits no new registrations; users who joined with it are unaffected. */
export const invitationSetActiveRequest = z.object({
  code: z.string({ error: 'invalid_field' }).trim().toUpperCase().max(32, 'invitation_not_found'),
  active: z.boolean({ error: 'invalid_field' }),
  reason: reasonField,
});
