// Proves the upload helper sends the image as multipart form data with the purpose and the
// session headers, and hands back the server's envelope (or upload_failed offline).
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { startSession } from '../features/auth/sessionStore.ts';
import { server } from '../test/mswServer.ts';
import { uploadImage } from './uploads.ts';

describe('uploadImage', () => {
  it('sends-purpose-file-and-session-headers-and-returns-the-envelope', async () => {
    startSession('token-123', '9000000001');
    let seen: { token: string | null; purpose: FormDataEntryValue | null; file: boolean; contentType: string | null } | null = null;
    server.use(
      http.post('*/api/vue/upload/image', async ({ request }) => {
        const contentType = request.headers.get('content-type');
        const form = await request.formData();
        seen = { token: request.headers.get('token'), purpose: form.get('purpose'), file: form.get('file') instanceof Blob, contentType };
        return HttpResponse.json({ status: 1, msg: 'ok', data: { upload_id: '42' } });
      }),
    );
    const envelope = await uploadImage(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'kyc_front');
    expect(envelope).toEqual({ status: 1, msg: 'ok', data: { upload_id: '42' } });
    expect(seen).toMatchObject({ token: 'token-123', purpose: 'kyc_front', file: true });
    expect(seen!.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('a-refusal-comes-back-as-its-envelope', async () => {
    server.use(http.post('*/api/vue/upload/image', () => HttpResponse.json({ status: 0, msg: 'upload_too_large', data: null })));
    expect(await uploadImage(new Blob(['x']), 'avatar')).toEqual({ status: 0, msg: 'upload_too_large', data: null });
  });

  it('a-network-failure-is-upload-failed', async () => {
    server.use(http.post('*/api/vue/upload/image', () => HttpResponse.error()));
    expect(await uploadImage(new Blob(['x']), 'avatar')).toEqual({ status: 0, msg: 'upload_failed', data: null });
  });
});
