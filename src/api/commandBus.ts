// Types only: the zod schemas stay on the server side of the bundle, so the first
// screen does not pay for a validation library.
import type { Api, ApiPath, RequestOf, ResponseOf } from '../../contract/api.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { apiBasePath, csrfCookieName, csrfHeaderName, sessionHeaders } from '../../contract/envelope.ts';
import { type MessageKey, parseMessage } from '../../contract/messages.ts';
import { cleanText } from '../../contract/text.ts';
import type { IntentKey } from '../ui/useIdempotencyKey.ts';

// The one module through which the app talks to the server. Every REST call is
// `POST /api/vue/<path>` with a JSON body and answers with an envelope; this module
// adds the session headers, bounds the wait, unwraps the envelope and turns every
// kind of failure into one toast plus one typed rejection.
//
// It knows nothing of the app around it: whose session to send, how to show a message,
// how to say a refusal in the reader's language and where a 401 leads are hooks given
// once at start-up (configureCommandBus, from src/app/commandBusHooks.ts and, for the
// staff session, the back office's entry), so src/api depends only on contract/ and src/ui.

export const requestTimeoutMs = 10_000;
export const unauthorizedRedirectDelayMs = 2000;

export type CallOptions = {
  /** The caller shows the refusal itself (e.g. inline); no toast. */
  silent?: boolean;
  timeoutMs?: number;
};

/** The server answered status 0: a business refusal or invalid input. */
export class CommandRefused extends Error {
  override readonly name = 'CommandRefused';
  constructor(
    /** The message key, or null when this app version does not know it. */
    readonly key: MessageKey | null,
    readonly param: string | undefined,
    /** The raw `msg` as sent. */
    readonly serverMessage: string,
    readonly translated: string,
  ) {
    super(translated);
  }
}

/** No usable answer arrived: offline, timed out, or a broken response. */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
  constructor(readonly reason: 'network' | 'timeout' | 'bad_response') {
    super(`command failed: ${reason}`);
  }
}

/**
 * Whose session a command needs. Every back-office command lives under "admin/" and sends
 * the staff session; everything else sends the user's. The rule is a prefix so the bus needs
 * no zod schemas at run time; `staffPathsFollowTheContract` below makes the compiler check
 * it against each entry's `auth` in contract/api.ts.
 */
export type SessionAudience = 'user' | 'staff';
const staffPathPrefix = 'admin/';

type StaffAuthPath = { [P in ApiPath]: Api[P]['auth'] extends 'staff' ? P : never }[ApiPath];
type UserAuthPath = { [P in ApiPath]: Api[P]['auth'] extends true ? P : never }[ApiPath];
type BackOfficePath = Extract<ApiPath, `${typeof staffPathPrefix}${string}`>;
// True only while every staff entry is under admin/ and no user entry is: a contract entry
// that breaks the rule fails to compile here instead of sending the wrong session.
type StaffPathsFollowTheContract = [StaffAuthPath] extends [BackOfficePath] ? ([UserAuthPath & BackOfficePath] extends [never] ? true : false) : false;
const staffPathsFollowTheContract: StaffPathsFollowTheContract = true;
void staffPathsFollowTheContract;

export function audienceOf(path: ApiPath): SessionAudience {
  return path.startsWith(staffPathPrefix) ? 'staff' : 'user';
}

export type SessionHeaders = { token: string; account: string };

/** How one audience's session is read and ended. */
export type SessionBinding = {
  headers: () => SessionHeaders | null;
  end: () => void;
  /** Where a 401 sends the reader. */
  signInPath: string;
};

/** What the bus needs from the app around it. */
export type CommandBusHooks = {
  /** The user's session (the phone app) and the staff session (the back office). */
  sessions: Record<SessionAudience, SessionBinding>;
  /** Shows a short error message over the page. */
  notify: (text: string) => void;
  /** Opens a path: the sign-in page after a 401. */
  navigate: (path: string) => void;
  /**
   * The reader's sentence for a server message such as "invalid_field:amount". May arrive
   * later: the phone app loads its refusal texts only when the first refusal comes.
   */
  describeRefusal: (serverMessage: string) => string | Promise<string>;
  /** The reader's sentence when no usable answer arrived. */
  describeNoAnswer: () => string;
};

const signedOut: SessionBinding = { headers: () => null, end: () => {}, signInPath: '/' };

// Until configured the bus sends no session, shows nothing and describes a failure by its key.
let hooks: CommandBusHooks = {
  sessions: { user: signedOut, staff: signedOut },
  notify: () => {},
  navigate: (path) => {
    window.location.hash = `#${path}`;
  },
  describeRefusal: (serverMessage) => serverMessage,
  describeNoAnswer: () => 'network_problem',
};

/** Some of the hooks: each part of the app gives its own (the back office binds only the staff session). */
export type CommandBusConfiguration = Partial<Omit<CommandBusHooks, 'sessions'>> & { sessions?: Partial<CommandBusHooks['sessions']> };

export function configureCommandBus(next: CommandBusConfiguration): void {
  hooks = { ...hooks, ...next, sessions: { ...hooks.sessions, ...next.sessions } };
}

/** The session headers `audience` would send now, or null when signed out (uploads send them too). */
export function currentSessionHeaders(audience: SessionAudience): SessionHeaders | null {
  return hooks.sessions[audience].headers();
}

let unauthorizedRedirect: ReturnType<typeof setTimeout> | null = null;

function endSessionAndRedirect(binding: SessionBinding): void {
  binding.end();
  // Several calls may fail with 401 together; one redirect is enough.
  if (unauthorizedRedirect !== null) return;
  unauthorizedRedirect = setTimeout(() => {
    unauthorizedRedirect = null;
    hooks.navigate(binding.signInPath);
  }, unauthorizedRedirectDelayMs);
}

/** The readable CSRF cookie the server set at sign-in, or null (contract/envelope.ts). */
export function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${csrfCookieName}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

/**
 * Without a token in memory the session cookie carries the session, and the server then wants
 * the CSRF cookie echoed in its header (double submit); sent always, it costs nothing.
 */
function requestHeaders(binding: SessionBinding): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const csrf = csrfToken();
  if (csrf) headers[csrfHeaderName] = csrf;
  const current = binding.headers();
  if (current) {
    headers[sessionHeaders.token] = current.token;
    headers[sessionHeaders.account] = current.account;
  }
  return headers;
}

async function refuse(serverMessage: string, silent: boolean | undefined): Promise<CommandRefused> {
  const { key, param } = parseMessage(serverMessage);
  const translated = await hooks.describeRefusal(serverMessage);
  if (!silent) hooks.notify(translated);
  return new CommandRefused(key, param, serverMessage, translated);
}

function fail(reason: CommandFailed['reason'], silent: boolean | undefined): CommandFailed {
  if (!silent) hooks.notify(hooks.describeNoAnswer());
  return new CommandFailed(reason);
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'status' in body && 'msg' in body) return body as Envelope<unknown>;
    return null;
  } catch {
    return null;
  }
}

/**
 * The body in the NFC form the server stores (contract/text.ts), so a retried intent sends
 * exactly the text the first attempt stored. Text the server cannot store goes as typed:
 * the server names the field in its refusal.
 */
function normalisedBody(body: unknown): unknown {
  const text = cleanText(body ?? {});
  return text.ok ? text.value : (body ?? {});
}

export async function call<P extends ApiPath>(path: P, body: RequestOf<P>, options: CallOptions = {}): Promise<ResponseOf<P>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? requestTimeoutMs);
  // Absolute so it resolves the same in the browser and in tests (same origin).
  const url = new URL(`${apiBasePath}${path}`, window.location.href).toString();
  const binding = hooks.sessions[audienceOf(path)];

  let response: Response;
  let envelope: Envelope<unknown> | null;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: requestHeaders(binding),
      credentials: 'same-origin',
      body: JSON.stringify(normalisedBody(body)),
      signal: controller.signal,
    });
    envelope = await readEnvelope(response);
  } catch {
    throw fail(controller.signal.aborted ? 'timeout' : 'network', options.silent);
  } finally {
    clearTimeout(timer);
  }

  if (response.status === 401) {
    // Always say why the user is leaving the page, even for silent calls.
    const refusal = refuse(envelope?.msg ?? 'not_logged_in', false);
    // The session ends now, whenever the sentence for the toast is ready.
    endSessionAndRedirect(binding);
    throw await refusal;
  }
  if (envelope === null) throw fail('bad_response', options.silent);
  if (envelope.status === 1) return envelope.data as ResponseOf<P>;
  throw await refuse(envelope.msg, options.silent);
}

/**
 * Settles a money-moving request's key once the server has answered it, with a success or a
 * refusal: either way the next attempt is a new intent. A lost answer (offline, timeout)
 * leaves the key unsettled, so the retry is recognised as the same request.
 */
export async function settleWhenAnswered<T>(intent: IntentKey, sent: Promise<T>): Promise<T> {
  try {
    const answer = await sent;
    intent.settle();
    return answer;
  } catch (error) {
    if (error instanceof CommandRefused) intent.settle();
    throw error;
  }
}
