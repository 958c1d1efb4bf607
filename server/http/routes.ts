import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, type ApiPath, type ParsedRequestOf, type ResponseOf } from '../../contract/api.ts';
import { apiBasePath, sessionHeaders } from '../../contract/envelope.ts';
import type { Session } from '../accounts/sessions.ts';
import { refusal, succeed } from './envelope.ts';
import { validate } from './validation.ts';

type SessionFor<P extends ApiPath> = (typeof api)[P]['auth'] extends true ? Session : null;

export interface CommandContext<P extends ApiPath> {
  body: ParsedRequestOf<P>;
  session: SessionFor<P>;
  request: FastifyRequest;
}

export type CommandHandler<P extends ApiPath> = (context: CommandContext<P>) => Promise<ResponseOf<P>>;

export type Authenticate = (token: string, account: string) => Promise<Session | { refusedWith: 'not_logged_in' | 'account_frozen' | 'account_login_banned' }>;

/**
 * Registers `POST /api/vue/<path>` for one contract entry: checks the session when the
 * entry is protected (HTTP 401 otherwise), validates the body with the shared schema,
 * then hands a typed body to the handler. Refusals thrown by the handler become
 * status-0 envelopes in the server's error handler.
 */
export function registerCommand<P extends ApiPath>(
  app: FastifyInstance,
  authenticate: Authenticate,
  path: P,
  handler: CommandHandler<P>,
): void {
  const entry = api[path];
  app.post(apiBasePath + path, async (request, reply) => {
    let session: Session | null = null;
    if (entry.auth) {
      const token = headerValue(request, sessionHeaders.token);
      const account = headerValue(request, sessionHeaders.account);
      const outcome = token && account ? await authenticate(token, account) : { refusedWith: 'not_logged_in' as const };
      if ('refusedWith' in outcome) return reply.code(401).send(refusal(outcome.refusedWith));
      session = outcome;
    }
    const validation = validate(entry.request, request.body);
    if (!validation.ok) return reply.send(refusal(validation.key, validation.key === 'invalid_field' ? validation.field : undefined));
    const data = await handler({ body: validation.value as ParsedRequestOf<P>, session: session as SessionFor<P>, request });
    return reply.send(succeed(data));
  });
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
}
