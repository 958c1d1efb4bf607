// Proves a user's avatar can only be one of their own uploads made for it: another user's
// upload, an upload for another purpose (an ID photo) and an id that does not exist are all
// "not found" alike and change nothing; user/info then names the avatar chosen.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadPurpose } from '../../contract/uploads.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';
import { storeImage } from '../uploads/uploads.ts';

let database: TestDatabase;
let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let picture: Buffer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Avatar Tests', kind: 'advisor', code: 'AVA1' });
  owner = await registerAndLogIn(database.db, server, '9844600001', 'AVA1');
  stranger = await registerAndLogIn(database.db, server, '9844600002', 'AVA1');
  picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3b4bdb' } }).png().toBuffer();
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const uploadFor = async (user: TestUser, purpose: UploadPurpose) => (await storeImage(database.db, server.uploadDir, user.userId, purpose, picture)).uploadId.toString();
const avatarOf = async (user: TestUser) => (await server.call('user/info', {}, user.session)).body.data.avatar_upload_id;
const setAvatar = (user: TestUser, uploadId: unknown) => server.call('user/setAvatar', { upload_id: uploadId }, user.session);

describe('choosing an avatar', () => {
  it('a-new-user-has-no-avatar', async () => {
    expect(await avatarOf(owner)).toBeNull();
  });

  it('the-users-own-avatar-upload-becomes-their-avatar-and-a-later-one-replaces-it', async () => {
    const first = await uploadFor(owner, 'avatar');
    expect((await setAvatar(owner, first)).body).toEqual({ status: 1, msg: 'ok', data: { avatar_upload_id: first } });
    expect(await avatarOf(owner)).toBe(first);
    const second = await uploadFor(owner, 'avatar');
    await setAvatar(owner, second);
    expect(await avatarOf(owner)).toBe(second);
  });
});

describe('refused avatars change nothing', () => {
  it.each([
    ['another-users-avatar-upload', () => uploadFor(stranger, 'avatar')],
    ['the-users-own-id-photo', () => uploadFor(owner, 'kyc_front')],
    ['an-upload-that-does-not-exist', async () => '987654321'],
    ['a-malformed-id', async () => 'abc'],
    ['a-number-instead-of-a-string', async () => 12],
  ])('%s is not found', async (_name, uploadId) => {
    const before = await avatarOf(owner);
    const result = await setAvatar(owner, await uploadId());
    expect(result.body).toEqual({ status: 0, msg: 'avatar_upload_not_found', data: null });
    expect(await avatarOf(owner)).toBe(before);
  });

  it('the-database-refuses-a-foreign-upload-written-past-the-service', async () => {
    const foreign = await uploadFor(stranger, 'avatar');
    await expect(
      database.db.query('INSERT INTO user_avatars (user_id, upload_id) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET upload_id = EXCLUDED.upload_id', [
        owner.userId.toString(),
        foreign,
      ]),
    ).rejects.toThrow(/not their own avatar upload/);
  });

  it('another-user-cannot-fetch-the-avatar-image', async () => {
    const avatar = await avatarOf(owner);
    const response = await server.app.http.inject({ method: 'GET', url: `/api/vue/upload/file/${avatar}`, headers: stranger.session });
    expect(response.statusCode).toBe(404);
  });
});
