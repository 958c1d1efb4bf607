import { z } from 'zod';
import { mobileNumberPattern } from './accounts.ts';
import { aadhaarPattern, panPattern, verhoeffValid } from './identity.ts';
import { idString } from './paging.ts';
import { nomineeNameLengthMax, nomineesPerUserMax } from './constants.ts';

// Zod-free, for the phone app's first load (constants.ts); re-exported where they always were.
export { nomineeNameLengthMax, nomineesPerUserMax };

// The profile area: nominees (who receives the holdings if the account holder dies), the
// daily sign-in and the avatar. Each rule carries its own message key, in the order the
// rules are reported.

// ---- nominees ----------------------------------------------------------------------------

export const nomineeRelationships = ['spouse', 'son', 'daughter', 'father', 'mother', 'brother', 'sister', 'other'] as const;
export type NomineeRelationship = (typeof nomineeRelationships)[number];

/** The shares of all of a user's nominees add up to at most this many percent. */
export const nomineeShareTotalMax = 100;

/** PAN (AAAAA9999A) or Aadhaar (12 digits, Verhoeff check digit): the identity rules KYC uses. */
export function isPanOrAadhaar(idNumber: string): boolean {
  return panPattern.test(idNumber) || (aadhaarPattern.test(idNumber) && verhoeffValid(idNumber));
}

/** Which kind of ID a valid number is; the database keeps both together. */
export const idTypeOf = (idNumber: string): 'pan' | 'aadhaar' => (panPattern.test(idNumber) ? 'pan' : 'aadhaar');

/** Missing or empty is `requiredKey`; another type is a malformed body naming the field. */
const requiredText = (requiredKey: 'nominee_name_required' | 'nominee_id_number_required' | 'nominee_phone_required') =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredKey : 'invalid_field') });

export const nomineeAddRequest = z.object({
  relationship: z.enum(nomineeRelationships, 'nominee_relationship_invalid'),
  name: requiredText('nominee_name_required').trim().min(1, 'nominee_name_required').max(nomineeNameLengthMax, 'nominee_name_too_long'),
  // People type Aadhaar numbers in groups of four ("2345 6789 0124"): spaces are not part of the number.
  id_number: requiredText('nominee_id_number_required')
    .overwrite((text) => text.replace(/\s+/g, '').toUpperCase())
    .min(1, 'nominee_id_number_required')
    .max(20, 'nominee_id_number_invalid')
    .refine(isPanOrAadhaar, 'nominee_id_number_invalid'),
  phone: requiredText('nominee_phone_required').trim().min(1, 'nominee_phone_required').regex(mobileNumberPattern, 'nominee_phone_invalid'),
  share: z
    .number({ error: 'nominee_share_invalid' })
    .int('nominee_share_invalid')
    .min(1, 'nominee_share_invalid')
    .max(nomineeShareTotalMax, 'nominee_share_invalid'),
  accept_terms: z.literal(true, 'nominee_terms_not_accepted'),
});

export const nomineeDeleteRequest = z.object({ id: idString });

/** A nominee as its owner sees it: the ID number masked but for its last four characters. */
export const nominee = z.object({
  id: z.string(),
  relationship: z.enum(nomineeRelationships),
  name: z.string(),
  id_type: z.enum(['pan', 'aadhaar']),
  id_number_masked: z.string(),
  phone: z.string(),
  share: z.number().int(),
  created_at: z.string(),
});
export type Nominee = z.infer<typeof nominee>;

export const nomineeListResponse = z.object({
  items: z.array(nominee),
  /** Sum of the shares; at most 100. */
  share_total: z.number().int(),
  /** What a new nominee may still receive: 100 − share_total. */
  share_remaining: z.number().int(),
});

// ---- daily sign-in -----------------------------------------------------------------------

/**
 * One check-in per IST calendar day. The streak counts consecutive days up to today, or up
 * to yesterday while today's check-in is still open. It grants nothing with money value.
 */
export const checkInState = z.object({
  checked_in_today: z.boolean(),
  streak: z.number().int(),
  total: z.number().int(),
});
export type CheckInState = z.infer<typeof checkInState>;

// ---- avatar ------------------------------------------------------------------------------

/** An upload of purpose `avatar` made by the caller; any other id is `avatar_upload_not_found`. */
export const setAvatarRequest = z.object({
  upload_id: z.string({ error: 'avatar_upload_not_found' }).regex(/^[1-9]\d{0,17}$/, 'avatar_upload_not_found'),
});
export const setAvatarResponse = z.object({ avatar_upload_id: z.string() });
