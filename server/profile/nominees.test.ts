// Proves a user's nominee shares never add up to more than 100 % — one add at a time, many
// adds at once, and straight into the database past the service — that every refused add
// or delete changes nothing, and that another user's nominee is "not found" like a missing one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verhoeffValid } from '../../contract/identity.ts';
import { nomineesPerUserMax } from '../../contract/profile.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';

let database: TestDatabase;
let server: TestServer;
let nextAccount = 9844400000;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Nominee Tests', kind: 'advisor', code: 'NOM1' });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const newUser = () => registerAndLogIn(database.db, server, String((nextAccount += 1)), 'NOM1');

/** A Verhoeff-valid Aadhaar number starting with `first11`. */
function aadhaar(first11: string): string {
  const digit = [...'0123456789'].find((candidate) => verhoeffValid(first11 + candidate));
  return first11 + digit;
}

/** Verhoeff catches every single-digit error: changing the last digit makes the number invalid. */
const wrongCheckDigit = (valid: string) => valid.slice(0, 11) + String((Number(valid.slice(11)) + 1) % 10);

let panSerial = 1000;
const nextPan = () => `ABCPE${(panSerial += 1)}F`;

const nomineeForm = (overrides: Record<string, unknown> = {}) => ({
  relationship: 'spouse',
  name: 'Ananya Sharma',
  id_number: nextPan(),
  phone: '9876543210',
  share: 50,
  accept_terms: true,
  ...overrides,
});

const add = (user: TestUser, form: Record<string, unknown>) => server.call('user/addNominee', form, user.session);
const list = async (user: TestUser) => (await server.call('user/nomineeList', {}, user.session)).body.data;
const rowsOf = (user: TestUser) => database.db.query('SELECT id, share FROM nominees WHERE user_id = $1 ORDER BY id', [user.userId.toString()]);

describe('adding nominees', () => {
  let priya: TestUser;
  beforeEach(async () => {
    priya = await newUser();
  });

  it('a-nominee-is-listed-with-the-id-number-masked-and-the-share-remaining', async () => {
    const result = await add(priya, nomineeForm({ id_number: 'abcpe1234f', share: 60 }));
    expect(result.body.status).toBe(1);
    expect(result.body.data).toMatchObject({ share_total: 60, share_remaining: 40 });
    expect(result.body.data.items[0]).toMatchObject({ relationship: 'spouse', name: 'Ananya Sharma', id_type: 'pan', id_number_masked: '••••••234F', share: 60 });
    expect(JSON.stringify(await list(priya))).not.toContain('ABCPE1234F');
  });

  it('an-aadhaar-typed-in-groups-of-four-is-accepted-without-the-spaces', async () => {
    const number = aadhaar('23456789012');
    const grouped = `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`;
    const result = await add(priya, nomineeForm({ id_number: grouped, relationship: 'son', share: 10 }));
    expect(result.body.data.items[0]).toMatchObject({ id_type: 'aadhaar', id_number_masked: `••••••••${number.slice(-4)}` });
  });

  it('shares-may-reach-exactly-100-and-one-percent-more-is-refused-with-what-is-left', async () => {
    expect((await add(priya, nomineeForm({ share: 70 }))).body.status).toBe(1);
    expect((await add(priya, nomineeForm({ share: 30 }))).body.data.share_remaining).toBe(0);
    expect((await add(priya, nomineeForm({ share: 1 }))).body).toEqual({ status: 0, msg: 'nominee_shares_exceed_100:0', data: null });
    const listed = await list(priya);
    expect(listed).toMatchObject({ share_total: 100, share_remaining: 0 });
    expect(listed.items).toHaveLength(2);
  });

  it('the-same-person-twice-is-refused', async () => {
    const pan = nextPan();
    await add(priya, nomineeForm({ id_number: pan, share: 10 }));
    expect((await add(priya, nomineeForm({ id_number: pan.toLowerCase(), share: 10 }))).body.msg).toBe('nominee_already_added');
    expect(await rowsOf(priya)).toHaveLength(1);
  });

  it(`at-most-${nomineesPerUserMax}-nominees`, async () => {
    for (let index = 0; index < nomineesPerUserMax; index += 1) expect((await add(priya, nomineeForm({ share: 1 }))).body.status).toBe(1);
    expect((await add(priya, nomineeForm({ share: 1 }))).body.msg).toBe('nominee_limit_reached');
    expect(await rowsOf(priya)).toHaveLength(nomineesPerUserMax);
  });

  it('concurrent-adds-never-take-the-total-past-100', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => add(priya, nomineeForm({ share: 30 }))));
    const accepted = results.filter((result) => result.body.status === 1);
    expect(accepted).toHaveLength(3);
    expect(results.filter((result) => result.body.status === 0).map((result) => result.body.msg)).toEqual(Array(3).fill('nominee_shares_exceed_100:10'));
    expect((await rowsOf(priya)).reduce((sum, row) => sum + Number(row.share), 0)).toBe(90);
  });
});

describe('every refused add changes nothing', () => {
  let rahul: TestUser;
  beforeAll(async () => {
    rahul = await newUser();
    await add(rahul, nomineeForm({ share: 40 }));
  });

  it.each([
    ['no-relationship', { relationship: undefined }, 'nominee_relationship_invalid'],
    ['a-relationship-not-on-the-list', { relationship: 'neighbour' }, 'nominee_relationship_invalid'],
    ['no-name', { name: '   ' }, 'nominee_name_required'],
    ['a-name-of-101-characters', { name: 'A'.repeat(101) }, 'nominee_name_too_long'],
    ['no-id-number', { id_number: '' }, 'nominee_id_number_required'],
    ['a-malformed-pan', { id_number: 'ABCDE12345' }, 'nominee_id_number_invalid'],
    ['an-aadhaar-with-a-wrong-check-digit', { id_number: wrongCheckDigit(aadhaar('23456789012')) }, 'nominee_id_number_invalid'],
    ['no-phone', { phone: undefined }, 'nominee_phone_required'],
    ['a-nine-digit-phone', { phone: '987654321' }, 'nominee_phone_invalid'],
    ['a-landline-style-phone', { phone: '0221234567' }, 'nominee_phone_invalid'],
    ['a-share-of-zero', { share: 0 }, 'nominee_share_invalid'],
    ['a-share-of-101', { share: 101 }, 'nominee_share_invalid'],
    ['a-fractional-share', { share: 12.5 }, 'nominee_share_invalid'],
    ['a-share-as-text', { share: '20' }, 'nominee_share_invalid'],
    ['terms-not-accepted', { accept_terms: false }, 'nominee_terms_not_accepted'],
    ['more-than-the-share-left', { share: 61 }, 'nominee_shares_exceed_100:60'],
  ])('%s is refused with its own message', async (_name, overrides, message) => {
    const before = await rowsOf(rahul);
    const result = await add(rahul, nomineeForm(overrides));
    expect(result.body).toEqual({ status: 0, msg: message, data: null });
    expect(await rowsOf(rahul)).toEqual(before);
  });
});

describe('deleting nominees', () => {
  it('the-owner-deletes-a-nominee-and-its-share-is-free-again', async () => {
    const owner = await newUser();
    const added = (await add(owner, nomineeForm({ share: 100 }))).body.data.items[0];
    const result = await server.call('user/deleteNominee', { id: added.id }, owner.session);
    expect(result.body.data).toEqual({ items: [], share_total: 0, share_remaining: 100 });
  });

  it('another-users-nominee-is-not-found-and-stays', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const added = (await add(owner, nomineeForm({ share: 25 }))).body.data.items[0];
    const result = await server.call('user/deleteNominee', { id: added.id }, stranger.session);
    expect(result.body).toEqual({ status: 0, msg: 'nominee_not_found', data: null });
    expect((await list(owner)).items).toHaveLength(1);
    // Nor does the stranger's own list show it.
    expect((await list(stranger)).items).toEqual([]);
  });

  it.each([['999999999'], ['abc'], [''], [12]])('the-id %j is refused and nothing is deleted', async (id) => {
    const owner = await newUser();
    await add(owner, nomineeForm({ share: 25 }));
    const result = await server.call('user/deleteNominee', { id }, owner.session);
    expect(result.body.status).toBe(0);
    expect(result.body.msg).toMatch(/^(nominee_not_found|invalid_field:id)$/);
    expect(await rowsOf(owner)).toHaveLength(1);
  });
});

describe('the database holds the rules on its own', () => {
  const insertDirectly = (user: TestUser, share: number, idNumber = nextPan()) =>
    database.db.transaction((tx) =>
      tx.query(`INSERT INTO nominees (user_id, relationship, name, id_type, id_number, phone, share) VALUES ($1, 'other', 'Direct Insert', 'pan', $2, '9876543210', $3)`, [
        user.userId.toString(),
        idNumber,
        share,
      ]),
    );

  it('an-insert-past-100-percent-is-refused', async () => {
    const user = await newUser();
    await insertDirectly(user, 80);
    await expect(insertDirectly(user, 21)).rejects.toThrow(/shares would add up to 101/);
    expect(await rowsOf(user)).toHaveLength(1);
  });

  it('two-direct-inserts-at-once-cannot-both-pass', async () => {
    const user = await newUser();
    const outcomes = await Promise.allSettled([insertDirectly(user, 60), insertDirectly(user, 60)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect((await rowsOf(user)).map((row) => Number(row.share))).toEqual([60]);
  });

  it('a-malformed-id-number-or-phone-is-refused', async () => {
    const user = await newUser();
    await expect(insertDirectly(user, 10, 'NOT-A-PAN')).rejects.toThrow();
    await expect(
      database.db.query(`INSERT INTO nominees (user_id, relationship, name, id_type, id_number, phone, share) VALUES ($1, 'other', 'X', 'pan', $2, '12345', 10)`, [
        user.userId.toString(),
        nextPan(),
      ]),
    ).rejects.toThrow();
    expect(await rowsOf(user)).toHaveLength(0);
  });
});
