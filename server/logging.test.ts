// The server's logs hold no personal data: a command that fails in the database is logged by
// the HTTP error handler without the statement's parameters or the row's values (PGlite puts
// the parameters on its errors, PostgreSQL the failing row), and the session headers are
// redacted. The app here is the real one with one extra route that runs the failing
// statements a buggy handler would, so the error handler's own logging is what is checked.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBasePath } from '../contract/envelope.ts';
import { issueInvitationCode } from './accounts/invitations.ts';
import { buildApp, type App } from './app.ts';
import { createLogger } from './logging.ts';
import { fixtureIdentifiers, fixtureSecrets, forbiddenLogPatterns } from './testing/fixtureSecrets.ts';
import { aadhaarWithCheckDigit } from './testing/identityKit.ts';
import { openTestDatabase, type TestDatabase } from './testing/testDatabase.ts';
import { testMarket } from './testing/testServer.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter((line) => line.length > 0));
    done();
  },
});

let database: TestDatabase;
let app: App;
let uploadDir: string;
const aadhaar = aadhaarWithCheckDigit('23456789012');
const session = { token: 'f'.repeat(64), account: '9200000001' };

beforeAll(async () => {
  database = await openTestDatabase();
  uploadDir = await mkdtemp(join(tmpdir(), 'ledgerline-logging-'));
  app = await buildApp({ db: database.db, demoMode: false, market: await testMarket(), uploadDir, ipoDrawDir: join(uploadDir, 'draws'), logger: createLogger('debug', capture) });
  await issueInvitationCode(database.db, { institutionName: 'Logging', kind: 'advisor', code: 'LOGS0001' });
  // What a handler with a bug would run: text the database cannot store, and a row its CHECK refuses.
  app.http.post('/test/failing-statement', async (request) => {
    const { kind } = request.body as { kind: string };
    const [user] = await database.db.query<{ id: bigint }>('SELECT id FROM users LIMIT 1');
    const values = kind === 'nul' ? ['Asha\u0000', 'pan', fixtureSecrets.pan] : ['Asha', 'passport', aadhaar];
    await database.db.query(
      `INSERT INTO kyc_submissions (user_id, name, id_type, id_number, front_upload_id, back_upload_id) VALUES ($1, $2, $3, $4, 1, 1)`,
      [user?.id.toString() ?? '1', ...values],
    );
    // A bank account number and a password hash on the way as well.
    await database.db.query('SELECT $1::bigint', [`${fixtureSecrets.cardAccountNumber}x`]);
    return { status: 1 };
  });
  await app.http.ready();
  const registered = await app.http.inject({
    method: 'POST', url: `${apiBasePath}user/register`,
    payload: { account: session.account, password: fixtureSecrets.userPassword, password2: fixtureSecrets.userPassword, invite_code: 'LOGS0001', agree: true },
  });
  expect(registered.json().msg).toBe('ok');
}, 180_000);

afterAll(async () => {
  await app?.http.close();
  await database?.close();
  await rm(uploadDir, { recursive: true, force: true });
});

const offending = () =>
  lines.flatMap((line) => [
    ...fixtureIdentifiers.filter((identifier) => line.includes(identifier)).map((identifier) => `${identifier.slice(0, 3)}…`),
    ...[aadhaar].filter((identifier) => line.includes(identifier)).map(() => 'aadhaar'),
    ...forbiddenLogPatterns.filter(({ pattern }) => pattern.test(line)).map(({ name }) => name),
  ]);

describe('server logs', () => {
  it('a-database-error-is-logged-without-the-statements-parameters-or-the-rows-values', async () => {
    for (const kind of ['nul', 'check']) {
      const answer = await app.http.inject({ method: 'POST', url: '/test/failing-statement', headers: session, payload: { kind } });
      expect(answer.statusCode).toBe(500);
      expect(answer.json().msg).toBe('system_busy');
    }
    const failures = lines.filter((line) => line.includes('command failed'));
    expect(failures).toHaveLength(2);
    // The failure is still explained: its message and code are there.
    expect(failures.map((line) => JSON.parse(line).err.code)).toEqual([expect.any(String), '23514']);
    expect(offending()).toEqual([]);
  });

  it('a-nul-in-a-kyc-field-and-the-session-headers-leave-no-trace-in-the-logs', async () => {
    const loggedIn = await app.http.inject({ method: 'POST', url: `${apiBasePath}user/login`, payload: { account: session.account, password: fixtureSecrets.userPassword } });
    const headers = loggedIn.json().data as { token: string; account: string };
    const kyc = { name: 'Asha\u0000', id_type: 'pan', id_number: fixtureSecrets.pan, front_upload_id: '1', back_upload_id: '2' };
    const answer = await app.http.inject({ method: 'POST', url: `${apiBasePath}user/kycSubmit`, headers, payload: kyc });
    expect([answer.statusCode, answer.json().msg]).toEqual([200, 'invalid_field:name']);
    const wrong = await app.http.inject({ method: 'POST', url: `${apiBasePath}user/login`, payload: { account: session.account, password: `${fixtureSecrets.userPassword}!` } });
    expect(wrong.json().status).toBe(0);
    expect(lines.some((line) => line.includes('user/kycSubmit'))).toBe(true);
    expect(lines.some((line) => line.includes(headers.token))).toBe(false);
    expect(offending()).toEqual([]);
  });
});
