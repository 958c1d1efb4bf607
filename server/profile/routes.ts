import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { type Authenticate, registerCommand } from '../http/routes.ts';
import { setAvatar } from './avatars.ts';
import { checkIn, checkInStateOf } from './checkIns.ts';
import { addNominee, deleteNominee, nomineesOf } from './nominees.ts';

/** Nominees, the daily sign-in and the avatar: each reads and changes only the caller's own rows. */
export function registerProfileRoutes(app: FastifyInstance, db: Database, authenticate: Authenticate, now: () => number): void {
  registerCommand(app, authenticate, 'user/nomineeList', ({ session }) => nomineesOf(db, session.userId));
  registerCommand(app, authenticate, 'user/addNominee', ({ body, session }) => addNominee(db, session.userId, body));
  registerCommand(app, authenticate, 'user/deleteNominee', ({ body, session }) => deleteNominee(db, session.userId, body.id));
  registerCommand(app, authenticate, 'user/checkInState', ({ session }) => checkInStateOf(db, session.userId, now()));
  registerCommand(app, authenticate, 'user/checkIn', ({ session }) => checkIn(db, session.userId, now()));
  registerCommand(app, authenticate, 'user/setAvatar', ({ body, session }) => setAvatar(db, session.userId, body.upload_id));
}
