import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { api, type ApiPath, type ParsedRequestOf, type ResponseOf } from '../../contract/api.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import { staffPathsBeforeMfa } from '../../contract/sessions.ts';
import type { StaffRole } from '../../contract/staff.ts';
import type { Session } from '../accounts/sessions.ts';
import type { StaffSession } from '../staff/staffSessions.ts';
import { refusal, succeed } from './envelope.ts';
import { accountNamedIn, rateLimitPolicy, sendRateLimited } from './rateLimits.ts';
import { csrfMatches, type SessionAudience, sessionCredentials } from './sessionCookies.ts';
import { validate } from './validation.ts';

type AuthOf<P extends ApiPath> = (typeof api)[P]['auth'];

/** What the handler gets as `session`: the user's, the staff member's, or nothing for public entries. */
export type SessionFor<P extends ApiPath> = AuthOf<P> extends true ? Session : AuthOf<P> extends 'staff' ? StaffSession : null;

export interface CommandContext<P extends ApiPath> {
  body: ParsedRequestOf<P>;
  session: SessionFor<P>;
  request: FastifyRequest;
  /** For the few handlers that set or clear the session cookies (sign-in, sign-out). */
  reply: FastifyReply;
}

export type CommandHandler<P extends ApiPath> = (context: CommandContext<P>) => Promise<ResponseOf<P>>;

export type Authenticate = (token: string, account: string) => Promise<Session | { refusedWith: 'not_logged_in' | 'account_frozen' | 'account_login_banned' }>;
export type AuthenticateStaff = (token: string, login: string) => Promise<StaffSession | { refusedWith: 'not_logged_in' }>;

/** Both session checks; staff entries need this form, user entries accept either form. */
export interface Authenticators {
  user: Authenticate;
  staff: AuthenticateStaff;
}

type AuthenticatorsFor<P extends ApiPath> = AuthOf<P> extends 'staff' ? Authenticators : Authenticate | Authenticators;

/**
 * Registers `POST /api/vue/<path>` for one contract entry: checks the session the entry
 * asks for (HTTP 401 without one; for staff entries HTTP 403 `staff_role_not_allowed`
 * when the staff member's role is not listed), validates the body with the shared schema,
 * then hands a typed body to the handler. Refusals thrown by the handler become status-0
 * envelopes in the server's error handler.
 */
export function registerCommand<P extends ApiPath>(
  app: FastifyInstance,
  authenticate: AuthenticatorsFor<P>,
  path: P,
  handler: CommandHandler<P>,
): void {
  const entry = api[path];
  const authenticators: Partial<Authenticators> = typeof authenticate === 'function' ? { user: authenticate } : authenticate;
  const staffRoles: readonly StaffRole[] | null = 'roles' in entry ? entry.roles : null;
  if (entry.auth === 'staff' && (!authenticators.staff || !staffRoles)) {
    throw new Error(`routes: ${path} is a staff entry and needs the staff authenticator and its roles`);
  }
  const rateLimitKind = rateLimitPolicy[path];
  const allowedBeforeMfa = (staffPathsBeforeMfa as readonly string[]).includes(path);
  app.post(apiBasePath + path, async (request, reply) => {
    // Rate-limited entries count every request, refused or not, before anything else is done:
    // by address first, then by account (the session's, or the one a public entry's body names).
    const rateLimiter = rateLimitKind ? app.commandRateLimiter : undefined;
    const rateLimited = async (account: string | null) => {
      const refused = rateLimiter ? await rateLimiter.check(request, rateLimitKind!, account) : null;
      return refused ? sendRateLimited(reply, refused) : null;
    };
    let session: Session | StaffSession | null = null;
    if (entry.auth === true) {
      const outcome = await checkSession(request, authenticators.user!, 'user');
      if ('refusedWith' in outcome) {
        await rateLimited(null);
        return reply.sent ? reply : reply.code(refusalStatus(outcome.refusedWith)).send(refusal(outcome.refusedWith));
      }
      session = outcome;
      if (await rateLimited(`user:${outcome.userId}`)) return reply;
    } else if (entry.auth === false) {
      const named = accountNamedIn(request.body);
      if (await rateLimited(named === null ? null : `${path.split('/')[0]}:${named}`)) return reply;
    } else if (entry.auth === 'staff') {
      const outcome = await checkSession(request, authenticators.staff!, 'staff');
      if ('refusedWith' in outcome) return reply.code(refusalStatus(outcome.refusedWith)).send(refusal(outcome.refusedWith));
      // Checked before the body: a role that may not call the entry learns nothing about its rules.
      if (!staffRoles!.includes(outcome.role)) return reply.code(403).send(refusal('staff_role_not_allowed'));
      // Staff must have the second factor: a session opened without one may only enrol.
      if (!outcome.mfaVerified && !allowedBeforeMfa) return reply.code(403).send(refusal('staff_mfa_enrolment_required'));
      session = outcome;
    }
    return runHandler(request, reply, path, session, handler);
  });
}

async function runHandler<P extends ApiPath>(
  request: FastifyRequest,
  reply: FastifyReply,
  path: P,
  session: Session | StaffSession | null,
  handler: CommandHandler<P>,
) {
  const validation = validate(api[path].request, request.body);
  if (!validation.ok) return reply.send(refusal(validation.key, validation.key === 'invalid_field' ? validation.field : undefined));
  const data = await handler({ body: validation.value as ParsedRequestOf<P>, session: session as SessionFor<P>, request, reply });
  return reply.send(succeed(data));
}

/** A forged cross-site request is refused (403) without ending the session; anything else is 401. */
const refusalStatus = (key: string): number => (key === 'csrf_token_invalid' ? 403 : 401);

/**
 * Reads the session (the headers, else the audience's cookie; see sessionCookies.ts) and asks
 * `authenticate`; none is `not_logged_in`. A cookie on anything but a GET must come with the CSRF
 * header (`csrf_token_invalid` otherwise); header clients need none, as no browser adds headers.
 */
export async function checkSession<Outcome>(
  request: FastifyRequest,
  authenticate: (token: string, account: string) => Promise<Outcome | { refusedWith: 'not_logged_in' }>,
  audience: SessionAudience,
): Promise<Outcome | { refusedWith: 'not_logged_in' | 'csrf_token_invalid' }> {
  const credentials = sessionCredentials(request, audience);
  if (!credentials) return { refusedWith: 'not_logged_in' as const };
  if (credentials.via === 'cookie' && request.method !== 'GET' && request.method !== 'HEAD' && !csrfMatches(request)) {
    return { refusedWith: 'csrf_token_invalid' as const };
  }
  return authenticate(credentials.token, credentials.account);
}
