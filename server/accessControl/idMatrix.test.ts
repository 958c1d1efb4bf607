// The id matrix, generated from the contract: for every route whose request carries the id of
// something a user owns, another user sending that id gets exactly the answer a missing id
// gets (HTTP status, status, msg, data) and nothing anywhere in the database changes; the
// sender's own object of the same kind answers differently, which proves the request reached
// the ownership check rather than being refused for another reason. A route with an id field
// and no fixture fails the test. Then the role matrix: every back-office route refuses a
// user's session (401) and every staff role its entry does not list (403), and no user route
// opens for a staff session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiPath } from '../../contract/api.ts';
import { staffRoles } from '../../contract/staff.ts';
import type { TestUser } from '../testing/userKit.ts';
import { contractIdFields, idFieldKey, isOutsideOwnership, publicIdFields } from './contractIds.ts';
import { absentIdShapedLike, databaseFingerprint } from './fingerprint.ts';
import { idFixtures } from './idFixtures.ts';
import { openOwnershipWorld, type OwnershipWorld } from './ownershipWorld.ts';

let world: OwnershipWorld;
let victim: TestUser;
let intruder: TestUser;

beforeAll(async () => {
  world = await openOwnershipWorld();
  victim = await world.verifiedUser();
  intruder = await world.verifiedUser();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** `body` with every value equal to `from` (in lists too) replaced by `to`. */
function withIdReplaced(body: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const replace = (value: unknown): unknown =>
    value === from ? to : Array.isArray(value) ? value.map(replace) : value && typeof value === 'object' ? withIdReplaced(value as Record<string, unknown>, from, to) : value;
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, replace(value)]));
}

const ownedIdFields = () => contractIdFields().filter((field) => !isOutsideOwnership(field));

describe('the id matrix', () => {
  it('every-id-field-of-the-contract-is-either-public-with-a-reason-or-has-a-fixture', () => {
    const found = contractIdFields().map(idFieldKey);
    const owned = ownedIdFields().map(idFieldKey);
    expect(owned.filter((key) => !(key in idFixtures)), 'id fields without a fixture: add one to idFixtures.ts').toEqual([]);
    // And neither list names a field the contract no longer has.
    expect(Object.keys(idFixtures).filter((key) => !owned.includes(key)), 'fixtures for no id field').toEqual([]);
    expect(Object.keys(publicIdFields).filter((key) => !found.includes(key)), 'public ids the contract does not have').toEqual([]);
  });

  it('another-users-id-answers-as-a-missing-one-and-changes-nothing', async () => {
    const mismatches: unknown[] = [];
    let checked = 0;
    for (const field of ownedIdFields()) {
      const key = idFieldKey(field);
      const fixture = idFixtures[key];
      if (!fixture) continue; // the test above names it
      const sender = fixture.sender === 'verified' ? intruder : await world.newUser();
      const context = { world, sender };
      const foreignId = await world.make(fixture.kind, victim);
      const ownId = await world.make(fixture.kind, sender);
      const foreignBody = await fixture.body(foreignId, context);
      // The same request with only the id changed, so that nothing but the id can tell the answers apart.
      const missingBody = withIdReplaced(foreignBody, foreignId, absentIdShapedLike(foreignId));
      const ownBody = await fixture.body(ownId, context);

      const before = await databaseFingerprint(world.db);
      const foreign = await world.server.call(field.path, foreignBody, sender.session);
      const afterForeign = await databaseFingerprint(world.db);
      const missing = await world.server.call(field.path, missingBody, sender.session);
      const afterMissing = await databaseFingerprint(world.db);
      const own = await world.server.call(field.path, ownBody, sender.session);

      const changed = (from: Record<string, string>, to: Record<string, string>) => Object.keys(to).filter((table) => from[table] !== to[table]);
      const problems = [
        ...(foreign.body.status !== 0 ? ['another user’s id was accepted'] : []),
        ...(JSON.stringify([foreign.httpStatus, foreign.body]) !== JSON.stringify([missing.httpStatus, missing.body]) ? ['another user’s id and a missing one answer differently'] : []),
        ...changed(before, afterForeign).map((table) => `another user’s id changed ${table}`),
        ...changed(afterForeign, afterMissing).map((table) => `a missing id changed ${table}`),
        ...(JSON.stringify(own.body) === JSON.stringify(missing.body) ? ['the sender’s own id answers as a missing one: the request never reached the ownership check'] : []),
      ];
      if (problems.length > 0) mismatches.push({ key, problems, foreign: foreign.body, missing: missing.body, own: own.body });
      checked += 1;
    }
    const routes = new Set(ownedIdFields().map((field) => field.path)).size;
    console.info(`id matrix: ${checked} owned id fields on ${routes} routes checked (another user’s id, a missing id, the sender’s own); ${Object.keys(publicIdFields).length} public id fields and every staff route's ids left to the role matrix`);
    expect(mismatches).toEqual([]);
    expect(checked).toBe(ownedIdFields().length);
  }, 300_000);
});

describe('the role matrix', () => {
  it('every-back-office-route-refuses-a-user-session-and-every-role-it-does-not-list-and-no-user-route-opens-for-staff', async () => {
    const staffByRole = { admin: world.staff.admin, reviewer: world.staff.reviewer, operator: world.staff.operator };
    expect(Object.keys(staffByRole).sort()).toEqual([...staffRoles].sort());
    const before = await databaseFingerprint(world.db);
    const wrong: unknown[] = [];
    let userOnStaffRoutes = 0;
    let rolePairs = 0;
    let staffOnUserRoutes = 0;
    for (const path of Object.keys(api) as ApiPath[]) {
      const entry = api[path];
      if (entry.auth === 'staff') {
        const asUser = await world.server.call(path, {}, victim.session);
        if (asUser.httpStatus !== 401) wrong.push({ path, as: 'user', answer: [asUser.httpStatus, asUser.body.msg] });
        userOnStaffRoutes += 1;
        const allowed = (entry as { roles: readonly string[] }).roles;
        for (const role of staffRoles.filter((candidate) => !allowed.includes(candidate))) {
          const answer = await world.server.call(path, {}, staffByRole[role].headers);
          if (answer.httpStatus !== 403 || answer.body.msg !== 'staff_role_not_allowed') wrong.push({ path, as: role, answer: [answer.httpStatus, answer.body.msg] });
          rolePairs += 1;
        }
      } else if (entry.auth === true) {
        for (const staff of Object.values(staffByRole)) {
          const answer = await world.server.call(path, {}, staff.headers);
          if (answer.httpStatus !== 401) wrong.push({ path, as: `staff ${staff.headers.account}`, answer: [answer.httpStatus, answer.body.msg] });
          staffOnUserRoutes += 1;
        }
      }
    }
    console.info(`role matrix: ${userOnStaffRoutes} staff routes refused a user session, ${rolePairs} (route, role) pairs outside the route's roles refused, ${staffOnUserRoutes} (user route, staff role) pairs refused`);
    expect(wrong).toEqual([]);
    expect(rolePairs).toBeGreaterThan(0);
    expect(await databaseFingerprint(world.db)).toEqual(before);
  }, 120_000);
});
