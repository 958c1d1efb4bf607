import { z } from 'zod';
import { loginResponse } from './accounts.ts';
import { idString } from './paging.ts';
import { staffLoginResponse } from './staff.ts';
import { anyStaff } from './staffRoles.ts';

// Second factor (TOTP with recovery codes) and the sessions page, for users under user/ and
// staff under admin/ (server/accounts/mfa*.ts, sessionList.ts). A sign-in with the second
// factor on answers `{mfa_required: true, challenge}` instead of a session, and loginMfa trades
// the challenge and a code for one. Staff must have the second factor: a staff session opened
// without it may call only `staffPathsBeforeMfa` (HTTP 403 `staff_mfa_enrolment_required`).

/** Six digits from the authenticator app, or one of the recovery codes (`xxxxx-xxxxx`). */
export const mfaCodeField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'mfa_code_required' : 'invalid_field') })
  .trim()
  .min(1, 'mfa_code_required')
  .max(32, 'mfa_code_incorrect');

export const mfaCodeRequest = z.object({ code: mfaCodeField });
export const loginMfaRequest = z.object({
  challenge: z.string({ error: 'mfa_challenge_expired' }).min(1, 'mfa_challenge_expired').max(128, 'mfa_challenge_expired'),
  code: mfaCodeField,
});

export const mfaRequiredResponse = z.object({ mfa_required: z.literal(true), challenge: z.string() });
export const userLoginResponse = z.union([loginResponse, mfaRequiredResponse]);
/** `mfa_enrolment_required`: this session may only enrol (setup → enable) before anything else. */
export const staffSignedInResponse = staffLoginResponse.extend({ mfa_enrolment_required: z.boolean() });
export const staffLoginOutcome = z.union([staffSignedInResponse, mfaRequiredResponse]);

export const mfaSetupResponse = z.object({ secret: z.string(), uri: z.string() });
export const mfaEnableResponse = z.object({ recovery_codes: z.array(z.string()) });
export const mfaStatusResponse = z.object({ enabled: z.boolean() });

export const sessionListItem = z.object({
  id: z.string(),
  /** From the user agent: operating system and kind of device ("Android 14 · mobile"); empty when unknown. */
  device: z.string(),
  browser: z.string(),
  /** The address with its last part hidden (a.b.c.x); empty when unknown. */
  place: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionListItem = z.infer<typeof sessionListItem>;
export const sessionListResponse = z.object({ items: z.array(sessionListItem) });
export const endSessionRequest = z.object({ id: idString });

const emptyBody = z.object({}).optional().default({});

/** Staff commands a staff session without a verified second factor may call: who am I, sign out, enrol. */
export const staffPathsBeforeMfa = ['admin/me', 'admin/logout', 'admin/mfa/status', 'admin/mfa/setup', 'admin/mfa/enable'] as const;

export const sessionCommands = {
  'user/loginMfa': { auth: false, request: loginMfaRequest, response: loginResponse },
  'user/mfa/status': { auth: true, request: emptyBody, response: mfaStatusResponse },
  'user/mfa/setup': { auth: true, request: emptyBody, response: mfaSetupResponse },
  'user/mfa/enable': { auth: true, request: mfaCodeRequest, response: mfaEnableResponse },
  'user/mfa/disable': { auth: true, request: mfaCodeRequest, response: z.null() },
  'user/sessions': { auth: true, request: emptyBody, response: sessionListResponse },
  'user/endSession': { auth: true, request: endSessionRequest, response: z.null() },
  'admin/loginMfa': { auth: false, request: loginMfaRequest, response: staffSignedInResponse },
  'admin/mfa/status': { auth: 'staff', roles: anyStaff, request: emptyBody, response: mfaStatusResponse },
  'admin/mfa/setup': { auth: 'staff', roles: anyStaff, request: emptyBody, response: mfaSetupResponse },
  'admin/mfa/enable': { auth: 'staff', roles: anyStaff, request: mfaCodeRequest, response: mfaEnableResponse },
  'admin/mfa/disable': { auth: 'staff', roles: anyStaff, request: mfaCodeRequest, response: z.null() },
  'admin/sessions': { auth: 'staff', roles: anyStaff, request: emptyBody, response: sessionListResponse },
  'admin/endSession': { auth: 'staff', roles: anyStaff, request: endSessionRequest, response: z.null() },
} as const;
