import { z } from 'zod';
import { passwordLengthMax, passwordLengthMin } from './accounts.ts';
import { idString, pageField, pageOf, reasonField } from './paging.ts';

// Identity: real-name verification (KYC), the login password and the fund password.
//
// KYC: not_verified → under_review → verified | failed (with the reviewer's reason); a
// failed user may submit again. The ID number is a PAN (AAAAA9999A) or an Aadhaar number
// (12 digits whose last is a Verhoeff check digit). Photos are uploads of purpose
// kyc_front / kyc_back, owned by the caller.

export const kycStatuses = ['not_verified', 'under_review', 'verified', 'failed'] as const;
export type KycStatus = (typeof kycStatuses)[number];
export const idTypes = ['pan', 'aadhaar'] as const;
export type IdType = (typeof idTypes)[number];

export const panPattern = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const aadhaarPattern = /^[2-9][0-9]{11}$/;

// Verhoeff's dihedral-group tables, as published (Verhoeff 1969; UIDAI uses them for Aadhaar).
const verhoeffMultiply = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1], [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const verhoeffPermute = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1], [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when the last digit is the Verhoeff check digit of the others. */
export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let check = 0;
  [...digits].reverse().forEach((digit, position) => {
    check = verhoeffMultiply[check]![verhoeffPermute[position % 8]![Number(digit)]!]!;
  });
  return check === 0;
}

export const kycNameField = z.string({ error: 'kyc_name_required' }).trim().min(1, 'kyc_name_required').max(100, 'kyc_name_too_long');

/** An upload id; missing means the user has not added the photo yet. */
const photoField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'kyc_photos_required' : 'invalid_field') })
  .regex(/^[1-9]\d{0,17}$/, 'invalid_field');

export const kycSubmitRequest = z
  .object({
    name: kycNameField,
    id_type: z.enum(idTypes, 'kyc_id_type_invalid'),
    id_number: z.string({ error: 'kyc_id_number_required' }).trim().toUpperCase().min(1, 'kyc_id_number_required').max(20, 'kyc_id_number_invalid'),
    front_upload_id: photoField,
    back_upload_id: photoField,
  })
  .refine((form) => (form.id_type === 'pan' ? panPattern.test(form.id_number) : aadhaarPattern.test(form.id_number) && verhoeffValid(form.id_number)), {
    message: 'kyc_id_number_invalid',
    path: ['id_number'],
  });

/** The caller's verification as they see it: the ID number masked but for its last four characters. */
export const kycState = z.object({
  status: z.enum(kycStatuses),
  name: z.string().nullable(),
  id_type: z.enum(idTypes).nullable(),
  id_number_masked: z.string().nullable(),
  /** The reviewer's reason when failed. */
  reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type KycState = z.infer<typeof kycState>;

export const kycSubmissionStatuses = ['under_review', 'verified', 'failed'] as const;

/** A submission as staff review it: full ID number and both photos. */
export const kycSubmissionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  account: z.string(),
  name: z.string(),
  id_type: z.enum(idTypes),
  id_number: z.string(),
  front_upload_id: z.string(),
  back_upload_id: z.string(),
  status: z.enum(kycSubmissionStatuses),
  reason: z.string().nullable(),
  reviewer: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export const adminKycListRequest = z.object({ page: pageField, status: z.enum(kycSubmissionStatuses, 'invalid_field').optional() });
export const adminKycListResponse = pageOf(kycSubmissionRow);

export const reviewDecisions = ['approve', 'reject'] as const;
/** Every review says why: the user reads the reason of a rejection, and the audit log keeps both. */
export const reviewRequest = z.object({ id: idString, decision: z.enum(reviewDecisions, 'invalid_field'), reason: reasonField });

// Passwords. The login password follows the registration rules; the fund password is a
// separate six-digit PIN asked for before money leaves the account.

export const newLoginPassword = z.string({ error: 'password_required' }).min(1, 'password_required').min(passwordLengthMin, 'password_too_short').max(passwordLengthMax, 'password_too_long');

export const changePasswordRequest = z
  .object({
    old_password: z.string({ error: 'old_password_required' }).min(1, 'old_password_required').max(passwordLengthMax, 'password_too_long'),
    password: newLoginPassword,
    password2: z.string({ error: 'password2_required' }).min(1, 'password2_required'),
  })
  .refine((form) => form.password === form.password2, { message: 'passwords_do_not_match', path: ['password2'] });

export const fundPasswordPattern = /^\d{6}$/;
const fundPassword = z.string({ error: 'fund_password_required' }).min(1, 'fund_password_required').regex(fundPasswordPattern, 'fund_password_must_be_six_digits');

export const setFundPasswordRequest = z
  .object({ password: fundPassword, password2: z.string({ error: 'password2_required' }).min(1, 'password2_required') })
  .refine((form) => form.password === form.password2, { message: 'passwords_do_not_match', path: ['password2'] });

export const changeFundPasswordRequest = z
  .object({
    old_fund_password: z.string({ error: 'fund_password_required' }).min(1, 'fund_password_required').max(32, 'wrong_fund_password'),
    password: fundPassword,
    password2: z.string({ error: 'password2_required' }).min(1, 'password2_required'),
  })
  .refine((form) => form.password === form.password2, { message: 'passwords_do_not_match', path: ['password2'] });

/** What the security page shows. */
export const securityResponse = z.object({
  kyc_status: z.enum(kycStatuses),
  fund_password_set: z.boolean(),
  /** After too many wrong fund passwords, withdrawals wait until this instant. */
  fund_password_locked_until: z.string().nullable(),
  bank_cards: z.number().int(),
});
