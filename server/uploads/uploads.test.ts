// Proves uploads are judged by their content: a renamed text file, an oversized file and a
// truncated JPEG are refused and leave nothing behind (no row, no file); a valid JPEG is
// re-encoded without its EXIF; an upload is served to its owner and to staff and is a 404
// for everyone else; and uploadOwnedBy tells other domains whose an upload id is.
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBasePath } from '../../contract/envelope.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { multipartBody, type MultipartPart } from '../testing/multipart.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';
import { uploadOwnedBy } from './uploads.ts';

let database: TestDatabase;
let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let reviewer: TestStaff;
let operator: TestStaff;
let admin: TestStaff;
let photoWithExif: Buffer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Upload Tests', kind: 'advisor', code: 'UPL1' });
  owner = await registerAndLogIn(database.db, server, '9866600001', 'UPL1');
  stranger = await registerAndLogIn(database.db, server, '9866600002', 'UPL1');
  reviewer = await createAndLogInStaff(database.db, server, 'rosa', 'reviewer');
  operator = await createAndLogInStaff(database.db, server, 'otto', 'operator');
  admin = await createAndLogInStaff(database.db, server, 'ada', 'admin');
  photoWithExif = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Location Ltd', Artist: 'Owner Phone' } })
    .toBuffer();
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function upload(session: { token: string; account: string } | null, parts: MultipartPart[]) {
  const { payload, contentType } = multipartBody(parts);
  const response = await server.app.http.inject({
    method: 'POST',
    url: `${apiBasePath}upload/image`,
    headers: { 'content-type': contentType, ...(session ?? {}) },
    payload,
  });
  return { httpStatus: response.statusCode, body: response.json() };
}

const imageForm = (file: Buffer, purpose = 'kyc_front', filename = 'photo.jpg'): MultipartPart[] => [
  { name: 'purpose', value: purpose },
  { name: 'file', value: file, filename, contentType: 'image/jpeg' },
];

const fetchFile = (id: string, headers: Record<string, string> = {}) => server.app.http.inject({ method: 'GET', url: `${apiBasePath}upload/file/${id}`, headers });

/** Rows and files stored so far: a refusal must change neither. */
const stored = async () => ({
  rows: (await database.db.query('SELECT id FROM uploads')).length,
  files: (await readdir(server.uploadDir)).length,
});

describe('accepted images', () => {
  it('a-jpeg-with-exif-comes-back-re-encoded-without-its-exif', async () => {
    expect((await sharp(photoWithExif).metadata()).exif).toBeDefined();
    const result = await upload(owner.session, imageForm(photoWithExif));
    expect(result.body).toMatchObject({ status: 1, data: { upload_id: expect.stringMatching(/^\d+$/) } });
    const served = await fetchFile(result.body.data.upload_id, owner.session);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('no-store');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Location'))).toBe(false);
  });

  it('a-phone-sized-photo-of-several-megabytes-is-accepted-and-kept-within-4096-pixels', async () => {
    // Random pixels do not compress: this JPEG is megabytes, far over the 64 KiB limit of JSON bodies.
    const width = 4400;
    const height = 300;
    const noise = Buffer.alloc(width * height * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const result = await upload(owner.session, imageForm(photo));
    expect(result.body.status).toBe(1);
    const served = await fetchFile(result.body.data.upload_id, owner.session);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 4096 });
  });

  it.each([
    ['png', () => sharp({ create: { width: 20, height: 20, channels: 4, background: '#00000080' } }).png().toBuffer(), 'image/png'],
    ['webp', () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#888' } }).webp().toBuffer(), 'image/webp'],
  ])('a-%s-is-accepted-and-served-as-itself', async (_format, make, mime) => {
    const result = await upload(owner.session, imageForm(await make(), 'avatar', 'named-wrongly.jpg'));
    expect(result.body.status).toBe(1);
    expect((await fetchFile(result.body.data.upload_id, owner.session)).headers['content-type']).toBe(mime);
  });
});

describe('refused uploads store nothing', () => {
  const textNamedJpeg = Buffer.from('This is a plain text file pretending to be a photo.\n'.repeat(20));

  it.each([
    ['a-text-file-named-x-jpg', () => imageForm(textNamedJpeg, 'kyc_front', 'x.jpg'), 'upload_not_an_image'],
    ['a-truncated-jpeg', () => imageForm(photoWithExif.subarray(0, Math.floor(photoWithExif.length * 0.6))), 'upload_not_an_image'],
    ['a-jpeg-header-then-garbage', () => imageForm(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), textNamedJpeg])), 'upload_not_an_image'],
    ['an-svg-named-png', () => imageForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'avatar', 'x.png'), 'upload_not_an_image'],
    ['an-unknown-purpose', () => imageForm(photoWithExif, 'selfie'), 'upload_purpose_invalid'],
    ['no-purpose', () => imageForm(photoWithExif).slice(1), 'upload_purpose_invalid'],
    ['no-file', () => imageForm(photoWithExif).slice(0, 1), 'upload_file_required'],
    ['an-empty-file', () => imageForm(Buffer.alloc(0)), 'upload_file_required'],
    ['two-files', () => [...imageForm(photoWithExif), { name: 'file', value: photoWithExif, filename: 'b.jpg' }], 'invalid_body'],
  ])('%s is refused with its own message', async (_name, form, message) => {
    const before = await stored();
    const result = await upload(owner.session, form());
    expect(result.body).toEqual({ status: 0, msg: message, data: null });
    expect(await stored()).toEqual(before);
  });

  it('a-file-over-the-configured-size-is-refused', async () => {
    const before = await stored();
    const limit = server.app.settings.get('upload.max_bytes');
    const oversized = Buffer.concat([photoWithExif, Buffer.alloc(limit + 1 - photoWithExif.length + 1024)]);
    const result = await upload(owner.session, imageForm(oversized));
    expect(result.body).toEqual({ status: 0, msg: `upload_too_large:${limit / (1024 * 1024)}`, data: null });
    expect(await stored()).toEqual(before);
  });

  it('without-a-user-session-it-is-401', async () => {
    const anonymous = await upload(null, imageForm(photoWithExif));
    expect(anonymous.httpStatus).toBe(401);
    expect((await upload(reviewer.headers, imageForm(photoWithExif))).httpStatus).toBe(401);
  });

  it('a-json-body-is-refused', async () => {
    const response = await server.app.http.inject({ method: 'POST', url: `${apiBasePath}upload/image`, headers: owner.session, payload: { file: 'x' } });
    expect(response.json()).toEqual({ status: 0, msg: 'upload_file_required', data: null });
  });
});

describe('who may see an upload', () => {
  let uploadId: string;
  beforeAll(async () => {
    uploadId = (await upload(owner.session, imageForm(photoWithExif, 'deposit_receipt'))).body.data.upload_id;
  });

  it('staff-see-any-upload', async () => {
    expect((await fetchFile(uploadId, reviewer.headers)).statusCode).toBe(200);
  });

  it.each([
    ['another-user', () => stranger.session],
    ['no-session', () => ({})],
    ['a-forged-token', () => ({ token: 'x'.repeat(43), account: owner.account })],
  ])('%s gets the same 404 as a missing id', async (_who, headers) => {
    const forbidden = await fetchFile(uploadId, headers());
    const missing = await fetchFile('999999999', owner.session);
    expect(forbidden.statusCode).toBe(404);
    expect(forbidden.json()).toEqual(missing.json());
  });

  it('upload-ids-are-random-not-sequential', async () => {
    const ids: bigint[] = [];
    for (let index = 0; index < 3; index++) ids.push(BigInt((await upload(owner.session, imageForm(photoWithExif, 'avatar'))).body.data.upload_id));
    for (const id of ids) expect(id.toString()).toMatch(/^[1-9]\d{17}$/);
    // Consecutive uploads are nowhere near each other: nothing to count or guess from one id.
    expect(ids.slice(1).every((id, index) => id - ids[index]! !== 1n)).toBe(true);
    expect(new Set(ids.map(String)).size).toBe(3);
  });

  it('upload-owned-by-checks-owner-and-purpose', async () => {
    expect(await uploadOwnedBy(database.db, uploadId, owner.userId, 'deposit_receipt')).toBe(true);
    expect(await uploadOwnedBy(database.db, uploadId, owner.userId, 'kyc_front')).toBe(false);
    expect(await uploadOwnedBy(database.db, uploadId, stranger.userId, 'deposit_receipt')).toBe(false);
    expect(await uploadOwnedBy(database.db, 'not-a-number', owner.userId, 'deposit_receipt')).toBe(false);
  });
});

describe('identity photos', () => {
  let photoId: string;
  beforeAll(async () => {
    photoId = (await upload(owner.session, imageForm(photoWithExif, 'kyc_front'))).body.data.upload_id;
  });

  it('an-operator-gets-403-like-any-role-outside-its-roles', async () => {
    const refused = await fetchFile(photoId, operator.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 0, msg: 'staff_role_not_allowed', data: null });
  });

  it('reviewers-and-admins-see-it-and-each-view-is-in-the-owners-activity', async () => {
    expect((await fetchFile(photoId, reviewer.headers)).statusCode).toBe(200);
    expect((await fetchFile(photoId, admin.headers)).statusCode).toBe(200);
    // The owner's own view is not a staff view: nothing is written for it.
    expect((await fetchFile(photoId, owner.session)).statusCode).toBe(200);
    const activity = await server.call('user/auditLog', { page: 1 }, owner.session);
    const views = activity.body.data.items.filter((entry: { action: string }) => entry.action === 'kyc.photo_view');
    expect(views).toHaveLength(2);
    expect(views.map((entry: { subject_id: string }) => entry.subject_id)).toEqual([photoId, photoId]);
    // The stranger's activity shows none of it.
    const theirs = await server.call('user/auditLog', { page: 1 }, stranger.session);
    expect(theirs.body.data.items.filter((entry: { action: string }) => entry.action === 'kyc.photo_view')).toHaveLength(0);
  });

  it('other-uploads-stay-visible-to-every-staff-role-without-an-audit-entry', async () => {
    const receipt = (await upload(owner.session, imageForm(photoWithExif, 'deposit_receipt'))).body.data.upload_id;
    expect((await fetchFile(receipt, operator.headers)).statusCode).toBe(200);
  });
});
