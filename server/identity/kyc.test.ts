// Proves the user's side of KYC: PAN and Aadhaar numbers are checked (Verhoeff included),
// photos must be the caller's own uploads for their side (a foreign id reads like a missing
// one), a submission under review or verified cannot be replaced, a failed one can (as a new
// row), every refusal changes nothing, and the user sees their ID number masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { aadhaarWithCheckDigit, kycPhotos, uploadPhoto, withWrongCheckDigit } from '../testing/identityKit.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';

let database: TestDatabase;
let server: TestServer;
let reviewer: TestStaff;
let nextAccount = 9877700001;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'KYC Tests', kind: 'advisor', code: 'KYC1' });
  reviewer = await createAndLogInStaff(database.db, server, 'kara', 'reviewer');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const newUser = (): Promise<TestUser> => registerAndLogIn(database.db, server, String(nextAccount++), 'KYC1');
const submissionsOf = async (user: TestUser) =>
  database.db.query<{ id: bigint; status: string }>('SELECT id, status FROM kyc_submissions WHERE user_id = $1 ORDER BY id', [user.userId.toString()]);

async function submit(user: TestUser, form: Record<string, unknown> = {}) {
  const photos = 'front_upload_id' in form ? {} : await kycPhotos(server, user.session);
  return server.call('user/kycSubmit', { name: 'Asha Rao', id_type: 'pan', id_number: 'ABCDE1234F', ...photos, ...form }, user.session);
}

const review = (id: bigint, decision: 'approve' | 'reject', reason = 'Photos checked against the number') =>
  server.call('admin/kyc/review', { id: id.toString(), decision, reason }, reviewer.headers);

describe('state before and after submitting', () => {
  it('a-new-user-is-not-verified', async () => {
    const user = await newUser();
    expect((await server.call('user/kyc', {}, user.session)).body.data).toEqual({
      status: 'not_verified',
      name: null,
      id_type: null,
      id_number_masked: null,
      reason: null,
      submitted_at: null,
      reviewed_at: null,
    });
  });

  it('a-pan-submission-is-under-review-with-the-number-masked-but-its-last-four', async () => {
    const user = await newUser();
    const result = await submit(user, { id_number: 'abcde1234f', name: '  Asha Rao ' });
    expect(result.body.status).toBe(1);
    expect(result.body.data).toMatchObject({ status: 'under_review', name: 'Asha Rao', id_type: 'pan', id_number_masked: '••••••234F', reason: null, reviewed_at: null });
    expect((await server.call('user/kyc', {}, user.session)).body.data).toEqual(result.body.data);
    const [stored] = await database.db.query<{ id_number: string }>('SELECT id_number FROM kyc_submissions WHERE user_id = $1', [user.userId.toString()]);
    expect(stored!.id_number).toBe('ABCDE1234F');
  });

  it('an-aadhaar-number-with-a-valid-verhoeff-check-digit-is-accepted', async () => {
    const user = await newUser();
    const aadhaar = aadhaarWithCheckDigit('23456789012');
    const result = await submit(user, { id_type: 'aadhaar', id_number: aadhaar });
    expect(result.body.data).toMatchObject({ status: 'under_review', id_type: 'aadhaar', id_number_masked: `••••••••${aadhaar.slice(-4)}` });
  });
});

describe('bad input is refused with its own message and stores nothing', () => {
  const aadhaar = aadhaarWithCheckDigit('98765432101');
  it.each([
    ['an-aadhaar-number-with-a-wrong-check-digit', { id_type: 'aadhaar', id_number: withWrongCheckDigit(aadhaar) }, 'kyc_id_number_invalid'],
    ['an-aadhaar-number-starting-with-1', { id_type: 'aadhaar', id_number: `1${aadhaar.slice(1)}` }, 'kyc_id_number_invalid'],
    ['a-pan-number-given-as-aadhaar', { id_type: 'aadhaar', id_number: 'ABCDE1234F' }, 'kyc_id_number_invalid'],
    ['an-aadhaar-number-given-as-pan', { id_type: 'pan', id_number: aadhaar }, 'kyc_id_number_invalid'],
    ['a-pan-with-a-digit-where-a-letter-goes', { id_number: 'ABCD11234F' }, 'kyc_id_number_invalid'],
    ['a-missing-id-number', { id_number: '   ' }, 'kyc_id_number_required'],
    ['an-unknown-id-type', { id_type: 'passport' }, 'kyc_id_type_invalid'],
    ['a-missing-name', { name: '' }, 'kyc_name_required'],
    ['a-name-over-100-characters', { name: 'A'.repeat(101) }, 'kyc_name_too_long'],
  ])('%s', async (_scenario, form, message) => {
    const user = await newUser();
    const photos = await kycPhotos(server, user.session);
    const before = await submissionCount();
    expect((await submit(user, { ...photos, ...form })).body).toEqual({ status: 0, msg: message, data: null });
    expect(await submissionCount()).toBe(before);
  });

  it('missing-photos-are-kyc-photos-required', async () => {
    const user = await newUser();
    const front = await uploadPhoto(server, user.session, 'kyc_front');
    expect((await submit(user, { front_upload_id: front })).body.msg).toBe('kyc_photos_required');
    expect((await submit(user, { front_upload_id: undefined, back_upload_id: undefined })).body.msg).toBe('kyc_photos_required');
    expect(await submissionsOf(user)).toEqual([]);
  });

  it('someone-elses-photos-read-exactly-like-missing-ones', async () => {
    const owner = await newUser();
    const thief = await newUser();
    const theirs = await kycPhotos(server, owner.session);
    const mine = await kycPhotos(server, thief.session);
    const foreignFront = await submit(thief, { ...mine, front_upload_id: theirs.front_upload_id });
    const foreignBack = await submit(thief, { ...mine, back_upload_id: theirs.back_upload_id });
    const nonexistent = await submit(thief, { ...mine, back_upload_id: '999999999' });
    expect(foreignFront.body).toEqual({ status: 0, msg: 'kyc_photos_required', data: null });
    expect(foreignBack.body).toEqual(nonexistent.body);
    expect(await submissionsOf(thief)).toEqual([]);
  });

  it('photos-of-the-wrong-purpose-are-refused', async () => {
    const user = await newUser();
    const front = await uploadPhoto(server, user.session, 'kyc_front');
    const back = await uploadPhoto(server, user.session, 'kyc_back');
    const receipt = await uploadPhoto(server, user.session, 'deposit_receipt');
    expect((await submit(user, { front_upload_id: back, back_upload_id: front })).body.msg).toBe('kyc_photos_required');
    expect((await submit(user, { front_upload_id: front, back_upload_id: receipt })).body.msg).toBe('kyc_photos_required');
    expect((await submit(user, { front_upload_id: front, back_upload_id: 'abc' })).body.msg).toBe('invalid_field:back_upload_id');
    expect(await submissionsOf(user)).toEqual([]);
  });

  it('without-a-user-session-it-is-401', async () => {
    expect((await server.call('user/kyc', {})).httpStatus).toBe(401);
    expect((await server.call('user/kycSubmit', {}, reviewer.headers)).httpStatus).toBe(401);
  });
});

async function submissionCount() {
  const [row] = await database.db.query<{ count: number }>('SELECT count(*)::int AS count FROM kyc_submissions');
  return row!.count;
}

describe('transitions', () => {
  it('a-submission-under-review-cannot-be-replaced', async () => {
    const user = await newUser();
    await submit(user);
    expect((await submit(user, { id_number: 'ZZZZZ9999Z' })).body).toEqual({ status: 0, msg: 'kyc_under_review', data: null });
    expect(await submissionsOf(user)).toHaveLength(1);
  });

  it('a-verified-user-cannot-submit-again', async () => {
    const user = await newUser();
    await submit(user);
    const [row] = await submissionsOf(user);
    expect((await review(row!.id, 'approve')).body.status).toBe(1);
    expect((await server.call('user/kyc', {}, user.session)).body.data).toMatchObject({ status: 'verified', reason: null, reviewed_at: expect.any(String) });
    expect((await submit(user)).body.msg).toBe('kyc_already_verified');
    expect(await submissionsOf(user)).toHaveLength(1);
  });

  it('a-failed-user-sees-the-reason-and-resubmits-as-a-new-row', async () => {
    const user = await newUser();
    await submit(user);
    const [first] = await submissionsOf(user);
    await review(first!.id, 'reject', 'The back photo is blurred');
    expect((await server.call('user/kyc', {}, user.session)).body.data).toMatchObject({ status: 'failed', reason: 'The back photo is blurred' });
    const again = await submit(user, { name: 'Asha R. Rao' });
    expect(again.body.data).toMatchObject({ status: 'under_review', name: 'Asha R. Rao', reason: null });
    expect((await submissionsOf(user)).map((row) => row.status)).toEqual(['failed', 'under_review']);
  });

  it('two-submissions-at-once-store-one', async () => {
    const user = await newUser();
    const [first, second] = await Promise.all([submit(user), submit(user)]);
    expect([first.body.status, second.body.status].sort()).toEqual([0, 1]);
    expect([first.body.msg, second.body.msg]).toContain('kyc_under_review');
    expect(await submissionsOf(user)).toHaveLength(1);
  });
});
