import sharp from 'sharp';
import { verhoeffValid } from '../../contract/identity.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import type { UploadPurpose } from '../../contract/uploads.ts';
import { multipartBody } from './multipart.ts';
import type { TestServer } from './testServer.ts';

// KYC fixtures: photos uploaded through the real multipart endpoint, and ID numbers that
// pass (or just miss) the contract's checks.

let photo: Promise<Buffer> | undefined;
const samplePhoto = () => (photo ??= sharp({ create: { width: 64, height: 40, channels: 3, background: '#cc8844' } }).jpeg().toBuffer());

/** Uploads a small JPEG as `session` for `purpose` and returns its upload id. */
export async function uploadPhoto(server: TestServer, session: { token: string; account: string }, purpose: UploadPurpose): Promise<string> {
  const { payload, contentType } = multipartBody([
    { name: 'purpose', value: purpose },
    { name: 'file', value: await samplePhoto(), filename: 'id.jpg', contentType: 'image/jpeg' },
  ]);
  const response = await server.app.http.inject({ method: 'POST', url: `${apiBasePath}upload/image`, headers: { 'content-type': contentType, ...session }, payload });
  const body = response.json();
  if (body.status !== 1) throw new Error(`upload failed: ${body.msg}`);
  return body.data.upload_id;
}

/** `prefix` (11 digits) completed with its Verhoeff check digit: a well-formed Aadhaar number. */
export function aadhaarWithCheckDigit(prefix: string): string {
  for (let digit = 0; digit <= 9; digit++) if (verhoeffValid(prefix + digit)) return prefix + digit;
  throw new Error(`no check digit for ${prefix}`);
}

/** The same number with a wrong last digit: any other digit breaks a Verhoeff check. */
export const withWrongCheckDigit = (aadhaar: string): string => aadhaar.slice(0, -1) + ((Number(aadhaar.at(-1)) + 1) % 10);

/** Both photos of `session`'s user, uploaded for their sides. */
export async function kycPhotos(server: TestServer, session: { token: string; account: string }) {
  return { front_upload_id: await uploadPhoto(server, session, 'kyc_front'), back_upload_id: await uploadPhoto(server, session, 'kyc_back') };
}
