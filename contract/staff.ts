import { z } from 'zod';
import { passwordLengthMax } from './accounts.ts';
import { idString, optionalReasonField, pageOf, reasonField } from './paging.ts';
import { staffPasswordLengthMin } from './constants.ts';

// Zod-free, for the phone app's first load (constants.ts); re-exported where they always were.
export { staffPasswordLengthMin };

// Staff (back office) contract. Staff are not users: separate accounts, separate sessions,
// one of three roles. They send the same `token` and `account` headers as users, with
// `account` holding the staff login.
//
// reviewer: reviews KYC, deposits and withdrawals.
// operator: manages users' restrictions, invitation codes and deposit channels.
// admin:    everything, including configuration and staff accounts.

export const staffRoles = ['reviewer', 'operator', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Lower-case login names: letters first, then letters, digits, dot, dash, underscore. */
export const staffLoginPattern = /^[a-z][a-z0-9._-]{2,31}$/;

const loginField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'login_required' : 'invalid_field') })
  .trim()
  .toLowerCase()
  .min(1, 'login_required');

export const staffLoginRequest = z.object({
  // A login that cannot exist is answered like a wrong password: nothing is revealed.
  login: loginField.max(32, 'account_or_password_incorrect'),
  password: z.string({ error: 'password_required' }).min(1, 'password_required').max(passwordLengthMax, 'password_too_long'),
});

export const staffLoginResponse = z.object({ token: z.string(), login: z.string(), role: z.enum(staffRoles), name: z.string() });

export const staffMember = z.object({
  staff_id: z.string(),
  login: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  active: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** `mfa_verified`: false while the session may only enrol its second factor (contract/sessions.ts). */
export const staffMeResponse = staffMember.omit({ active: true, created_at: true }).extend({ mfa_verified: z.boolean() });

export const staffListResponse = pageOf(staffMember);

export const staffCreateRequest = z.object({
  login: loginField.regex(staffLoginPattern, 'staff_login_invalid'),
  name: z.string({ error: 'staff_name_required' }).trim().min(1, 'staff_name_required').max(100, 'invalid_field'),
  role: z.enum(staffRoles, 'invalid_field'),
  password: z
    .string({ error: 'password_required' })
    .min(1, 'password_required')
    .min(staffPasswordLengthMin, 'staff_password_too_short')
    .max(passwordLengthMax, 'password_too_long'),
  reason: optionalReasonField,
});

/** Deactivating a staff member ends their sessions; rows are never deleted (the audit log points at them). */
export const staffSetActiveRequest = z.object({ staff_id: idString, active: z.boolean({ error: 'invalid_field' }), reason: reasonField });
