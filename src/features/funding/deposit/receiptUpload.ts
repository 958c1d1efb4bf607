import type { Envelope } from '../../../../contract/envelope.ts';
import { apiBasePath, csrfHeaderName, sessionHeaders } from '../../../../contract/envelope.ts';
import { csrfToken } from '../../../api/commandBus.ts';
import { type UploadImageResponse, uploadFormFields, uploadImagePath } from '../../../../contract/uploads.ts';
import { uploadTimeoutMs } from '../../../api/uploads.ts';
import { session } from '../../auth/sessionStore.ts';

// The deposit receipt goes through the same upload endpoint as uploadImage (src/api/uploads.ts),
// but with XMLHttpRequest: fetch cannot report upload progress, and a phone photo on a slow
// network takes long enough that the user needs to see it move.

const failed = (msg: 'upload_failed' | 'not_logged_in'): Envelope<never> => ({ status: 0, msg, data: null });

export type ReceiptUpload = { done: Promise<Envelope<UploadImageResponse>>; abort: () => void };

/** Uploads one receipt image; `onProgress` gets the share sent so far, 0 to 1. */
export function uploadReceipt(file: Blob, onProgress: (fraction: number) => void): ReceiptUpload {
  const request = new XMLHttpRequest();
  const done = new Promise<Envelope<UploadImageResponse>>((resolve) => {
    const form = new FormData();
    form.append(uploadFormFields.purpose, 'deposit_receipt');
    form.append(uploadFormFields.file, file, file instanceof File ? file.name : 'receipt');
    request.open('POST', new URL(`${apiBasePath}${uploadImagePath}`, window.location.href).toString());
    request.timeout = uploadTimeoutMs;
    if (session.token && session.account) {
      request.setRequestHeader(sessionHeaders.token, session.token);
      request.setRequestHeader(sessionHeaders.account, session.account);
    }
    // Without a token in memory the cookie carries the session, and a POST then needs the CSRF header.
    const csrf = csrfToken();
    if (csrf) request.setRequestHeader(csrfHeaderName, csrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        const body = JSON.parse(request.responseText) as Envelope<UploadImageResponse> | null;
        if (body && typeof body === 'object' && 'status' in body && 'msg' in body) return resolve(body);
      } catch {
        // Not JSON: answered below by status.
      }
      resolve(failed(request.status === 401 ? 'not_logged_in' : 'upload_failed'));
    };
    request.onerror = () => resolve(failed('upload_failed'));
    request.ontimeout = () => resolve(failed('upload_failed'));
    request.onabort = () => resolve(failed('upload_failed'));
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}
