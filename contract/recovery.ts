import { z } from 'zod';
import { mobileNumberPattern, passwordLengthMax, requiredString } from './accounts.ts';
import { newLoginPassword } from './identity.ts';
import { jsonValue, pageField, pageOf } from './paging.ts';
import { operators } from './staffRoles.ts';

// Account recovery ("Forgot password?", server/recovery/) and the demo outbox the notifier writes
// to when no message provider is configured (server/notifier/). The answer to a code request is
// the same whether or not the number has an account; only the reset tells right from wrong.

const accountField = requiredString('account_required').trim().min(1, 'account_required').regex(mobileNumberPattern, 'account_must_be_ten_digit_mobile');

/** A reset code is six digits, as the message shows it. */
export const resetCodePattern = /^\d{6}$/;

export const forgotPasswordRequest = z.object({ account: accountField });
/** The same for every number: how long a code, if one was sent, stays valid. */
export const forgotPasswordResponse = z.object({ code_minutes: z.number().int() });

export const resetPasswordRequest = z
  .object({
    account: accountField,
    code: z.string({ error: 'reset_code_required' }).trim().min(1, 'reset_code_required').regex(resetCodePattern, 'reset_code_invalid'),
    password: newLoginPassword,
    password2: z.string({ error: 'password2_required' }).min(1, 'password2_required').max(passwordLengthMax, 'password_too_long'),
  })
  .refine((form) => form.password === form.password2, { message: 'passwords_do_not_match', path: ['password2'] });

/** What the notifier sends: a kind and its parameters, never prose (the reader's screen writes the sentence). */
export const notificationKinds = ['password_reset_code'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const outboxRow = z.object({
  id: z.string(),
  recipient: z.string(),
  kind: z.enum(notificationKinds),
  params: jsonValue,
  created_at: z.string(),
});
export const outboxListRequest = z.object({ page: pageField, recipient: z.string({ error: 'invalid_field' }).trim().max(32, 'invalid_field').optional() });
export const outboxListResponse = pageOf(outboxRow);
export type OutboxRow = z.output<typeof outboxRow>;

export const recoveryCommands = {
  'user/forgotPassword': { auth: false, request: forgotPasswordRequest, response: forgotPasswordResponse },
  'user/resetPassword': { auth: false, request: resetPasswordRequest, response: z.null() },
  /** The demo outbox: operators read the codes a demo user would have received by SMS. */
  'admin/outbox/list': { auth: 'staff', roles: operators, request: outboxListRequest, response: outboxListResponse },
} as const;

