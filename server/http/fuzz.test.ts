// Every route of the contract fuzzed from its own schema against the real server (a real
// database, the real Fastify instance, each request through the whole HTTP stack): values
// shaped like the schema's, boundary values, wrong types, huge strings, NUL bytes, lone
// surrogates, right-to-left overrides and `__proto__` keys (zodArbitraries.ts). User routes
// are called with a user's session, `admin/` routes with an admin's, public ones with none.
// It holds when no answer is a 5xx, none takes over 5 s, no body the schema itself rejects is
// accepted, and the server still answers afterwards. It iterates over contract/api.ts, so a
// route added there is fuzzed without touching this file.
// FUZZ_RUNS (requests per route, default 24) and FUZZ_SEED make a run longer or repeatable.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, type ApiPath } from '../../contract/api.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import { cleanText } from '../../contract/text.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { markKycVerified, setFundPassword } from '../funding/fundingTestKit.ts';
import { createAndLogInStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundUser, registerAndLogIn } from '../testing/userKit.ts';
import { bodyArbitraryOf } from './zodArbitraries.ts';

const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 24);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const slowMs = 5_000;

/**
 * Routes whose accepted effect would end the run's own session, so every later request would
 * only test the 401 path: they are covered by their own tests (server/accounts, server/staff).
 */
const skipped: Partial<Record<ApiPath, string>> = {
  'user/logout': 'ends the fuzzing user session (any body is valid)',
  'admin/logout': 'ends the fuzzing staff session (any body is valid)',
};

type Headers = { token: string; account: string };
let database: TestDatabase;
let server: TestServer;
let sequence = 0;
const inviteCode = 'FUZZ0001';

async function newUserSession(): Promise<Headers> {
  sequence += 1;
  const user = await registerAndLogIn(database.db, server, String(9_300_000_000 + sequence), inviteCode);
  // A user who may move money, so the fuzz reaches past the first rules of the money routes.
  await markKycVerified(database.db, user.userId, 'Fuzz Tester', staffId);
  await setFundPassword(database.db, user.userId);
  await fundUser(database.db, user.userId, 1_000_000n);
  return user.session;
}

async function newAdminSession(): Promise<Headers> {
  sequence += 1;
  const admin = await createAndLogInStaff(database.db, server, `fuzz-admin-${sequence}`, 'admin');
  staffId = admin.staffId;
  return admin.headers;
}

let staffId = '';
let userSession: Headers;
let adminSession: Headers;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { demoMode: false });
  await issueInvitationCode(database.db, { institutionName: 'Fuzzing', kind: 'advisor', code: inviteCode });
  adminSession = await newAdminSession();
  userSession = await newUserSession();
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function send(path: string, body: unknown, headers: Headers | null) {
  const started = performance.now();
  const response = await server.app.http.inject({
    method: 'POST',
    url: apiBasePath + path,
    headers: { 'content-type': 'application/json', ...(headers ?? {}) },
    payload: body === undefined ? '' : JSON.stringify(body),
  });
  let envelope: { status?: number; msg?: string } = {};
  try {
    envelope = response.json();
  } catch {
    // A non-JSON answer is judged by its status code alone.
  }
  return { httpStatus: response.statusCode, envelope, ms: performance.now() - started };
}

/** Whether the server, which cleans text first, would have to refuse `body` on its schema alone. */
function schemaRejects(schema: z.ZodType, body: unknown): boolean {
  const text = cleanText(body ?? {});
  return !text.ok || !schema.safeParse(text.value).success;
}

/** The session a route's answers are read with is still good; a route that ended it (a restriction, a deactivation) gets a fresh one. */
async function keepSessionsAlive(): Promise<void> {
  if ((await send('user/info', {}, userSession)).httpStatus === 401) userSession = await newUserSession();
  if ((await send('admin/me', {}, adminSession)).httpStatus === 401) adminSession = await newAdminSession();
}

it('every-route-answers-every-fuzzed-body-without-a-5xx-a-hang-or-accepting-what-its-schema-rejects', async () => {
  const failures: string[] = [];
  const perRoute: Record<string, { sent: number; schemaValid: number; accepted: number }> = {};
  let requests = 0;
  const paths = (Object.keys(api) as ApiPath[]).filter((path) => !(path in skipped)).sort();
  for (const [index, path] of paths.entries()) {
    const entry = api[path];
    const schema = entry.request as z.ZodType;
    const bodies = fc.sample(bodyArbitraryOf(schema), { numRuns: runsPerRoute, seed: seed + index });
    // Not an object at all, and no body: every route must refuse both.
    bodies.push(undefined, 'not an object', [1, 2, 3]);
    for (const body of bodies) {
      const headers = entry.auth === 'staff' ? adminSession : entry.auth === true ? userSession : null;
      const answer = await send(path, body, headers);
      requests += 1;
      const counts = (perRoute[path] ??= { sent: 0, schemaValid: 0, accepted: 0 });
      counts.sent += 1;
      if (answer.envelope.status === 1) counts.accepted += 1;
      const rejected = schemaRejects(schema, body);
      if (!rejected) counts.schemaValid += 1;
      const shown = JSON.stringify(body)?.slice(0, 300);
      if (answer.httpStatus >= 500) failures.push(`${path}: HTTP ${answer.httpStatus} for ${shown}`);
      if (answer.ms > slowMs) failures.push(`${path}: ${Math.round(answer.ms)} ms for ${shown}`);
      if (answer.envelope.status === 1 && rejected) failures.push(`${path}: accepted a body its schema rejects: ${shown}`);
    }
    await keepSessionsAlive();
  }
  const health = await send('common/config', {}, null);
  console.info(
    `fuzz: ${requests} requests over ${paths.length} routes (seed ${seed}, ${runsPerRoute} generated bodies + 3 fixed per route); skipped: ${Object.keys(skipped).join(', ')}\n` +
      Object.entries(perRoute)
        .map(([path, { sent, schemaValid, accepted }]) => `  ${path}: ${sent} sent, ${schemaValid} past the schema, ${accepted} accepted`)
        .join('\n'),
  );
  expect(failures, `seed ${seed}`).toEqual([]);
  expect([health.httpStatus, health.envelope.status]).toEqual([200, 1]);
}, 240_000);
