import type { Envelope } from '../../contract/envelope.ts';
import { apiBasePath, sessionHeaders } from '../../contract/envelope.ts';
import { type UploadImageResponse, type UploadPurpose, uploadFilePath, uploadFormFields, uploadImagePath } from '../../contract/uploads.ts';
import { csrfHeaderName } from '../../contract/envelope.ts';
import { csrfToken, currentSessionHeaders, type SessionHeaders } from './commandBus.ts';

// Image uploads: the one call that is not a JSON command (see contract/uploads.ts). The
// browser sends multipart/form-data and sets its boundary itself, so no content-type here.
// Answers the usual envelope; a screen shows `msg` with translateServerMessage.

/** Photos from a phone on a slow network take longer than a JSON command. */
export const uploadTimeoutMs = 60_000;

/** The user's session headers when a token is in memory (else the cookie carries it), and the CSRF header. */
function currentUserHeaders(): Record<string, string> {
  const current = currentSessionHeaders('user');
  const csrf = csrfToken();
  return { ...(current ? { [sessionHeaders.token]: current.token, [sessionHeaders.account]: current.account } : {}), ...(csrf ? { [csrfHeaderName]: csrf } : {}) };
}

const failedEnvelope = (msg: 'upload_failed' | 'not_logged_in'): Envelope<never> => ({ status: 0, msg, data: null });

/** Uploads one image for `purpose` with the signed-in user's session; the envelope's data holds `upload_id`. */
export async function uploadImage(file: Blob, purpose: UploadPurpose, timeoutMs = uploadTimeoutMs): Promise<Envelope<UploadImageResponse>> {
  const form = new FormData();
  // Purpose first: the server reads it whatever the order, but this keeps the body readable in logs.
  form.append(uploadFormFields.purpose, purpose);
  form.append(uploadFormFields.file, file, file instanceof File ? file.name : 'image');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const url = new URL(`${apiBasePath}${uploadImagePath}`, window.location.href).toString();
    const response = await fetch(url, { method: 'POST', headers: currentUserHeaders(), body: form, signal: controller.signal });
    const body = (await response.json().catch(() => null)) as Envelope<UploadImageResponse> | null;
    if (body && typeof body === 'object' && 'status' in body && 'msg' in body) return body;
    return failedEnvelope(response.status === 401 ? 'not_logged_in' : 'upload_failed');
  } catch {
    return failedEnvelope('upload_failed');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Fetches a stored upload and returns an object URL for an <img> (an <img src> cannot send
 * the session headers). Staff screens pass their own session; revoke the URL when done.
 * Null when the image is not available to this session.
 */
export async function loadUploadedImage(uploadId: string, as?: SessionHeaders | 'cookies'): Promise<string | null> {
  // 'cookies': no headers at all, so the staff cookie decides (the user's headers would be tried first).
  const headers = as === 'cookies' ? {} : as ? { [sessionHeaders.token]: as.token, [sessionHeaders.account]: as.account } : currentUserHeaders();
  try {
    const url = new URL(`${apiBasePath}${uploadFilePath}/${encodeURIComponent(uploadId)}`, window.location.href).toString();
    const response = await fetch(url, { headers, credentials: 'same-origin' });
    if (!response.ok) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null;
  }
}
