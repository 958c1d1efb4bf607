import type { Database } from '../db/database.ts';
import type { TestServer } from './testServer.ts';

// Users for tests, registered and logged in through the real endpoints.

export interface TestUser {
  userId: bigint;
  account: string;
  /** Ready to pass as the `session` of server.call. */
  session: { token: string; account: string };
}

export const testUserPassword = 'correct-horse';

export async function registerAndLogIn(db: Database, server: TestServer, account: string, inviteCode: string): Promise<TestUser> {
  const form = { account, password: testUserPassword, password2: testUserPassword, invite_code: inviteCode, agree: true };
  const registered = await server.call('user/register', form);
  if (registered.body.status !== 1) throw new Error(`registration failed: ${registered.body.msg}`);
  const loggedIn = await server.call('user/login', { account, password: testUserPassword });
  if (loggedIn.body.status !== 1) throw new Error(`login failed: ${loggedIn.body.msg}`);
  const [user] = await db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account]);
  return { userId: user!.id, account, session: loggedIn.body.data };
}
