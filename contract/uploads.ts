import { z } from 'zod';

// Image uploads. The one endpoint that is not a JSON command: `POST /api/vue/upload/image`
// takes multipart/form-data with a `purpose` field and one `file` field, and answers the
// usual envelope with `{upload_id}`. Other commands (KYC, deposits) then refer to the id.
// `GET /api/vue/upload/file/<id>` returns the image to its owner or to staff, 404 to anyone else; an identity
// photo only to reviewers and admins among staff (403 for other roles), each staff view audited.

export const uploadPurposes = ['kyc_front', 'kyc_back', 'deposit_receipt', 'avatar'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];
/** Identity documents: among staff only these roles see them, and every view is audited. */
export const kycPhotoPurposes: readonly UploadPurpose[] = ['kyc_front', 'kyc_back'];
export const kycPhotoReaderRoles = ['reviewer', 'admin'] as const;

export const uploadImagePath = 'upload/image';
export const uploadFilePath = 'upload/file';
export const uploadFormFields = { purpose: 'purpose', file: 'file' } as const;

export const uploadImageResponse = z.object({ upload_id: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponse>;
