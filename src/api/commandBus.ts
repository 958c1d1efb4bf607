import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
// Types only: the zod schemas stay on the server side of the bundle, so the first
// screen does not pay for a validation library.
import type { Api, ApiPath, RequestOf, ResponseOf } from '../../contract/api.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { apiBasePath, sessionHeaders } from '../../contract/envelope.ts';
import { type MessageKey, parseMessage } from '../../contract/messages.ts';
import { navigateTo, signInPath } from '../app/navigation.ts';
import { showToast } from '../app/toastStore.ts';
import { clearSession, session } from '../features/auth/sessionStore.ts';
import { backOfficeSignInPath, clearStaffSession, staffSessionHeaders } from '../features/backOffice/session/staffSession.ts';
import { translateServerMessage } from '../i18n/serverMessages.ts';

// The one module through which the app talks to the server. Every REST call is
// `POST /api/vue/<path>` with a JSON body and answers with an envelope; this module
// adds the session headers, bounds the wait, unwraps the envelope and turns every
// kind of failure into one toast plus one typed rejection.

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

const networkProblem = msg`Network problem. Please check your connection and try again.`;

/**
 * Whose session a command needs. Every back-office command lives under "admin/" and sends
 * the staff session; everything else sends the user's. The rule is a prefix so the bus needs
 * no zod schemas at run time; `staffPathsFollowTheContract` below makes the compiler check
 * it against each entry's `auth` in contract/api.ts.
 */
type SessionAudience = 'user' | 'staff';
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

type SessionBinding = {
  headers: () => { token: string; account: string } | null;
  end: () => void;
  /** Where a 401 sends the reader. */
  signInPath: string;
};

const sessionBindings: Record<SessionAudience, SessionBinding> = {
  user: {
    headers: () => (session.token && session.account ? { token: session.token, account: session.account } : null),
    end: clearSession,
    signInPath,
  },
  // A staff 401 ends only the staff session: the same person may stay signed in to the phone app.
  staff: { headers: staffSessionHeaders, end: clearStaffSession, signInPath: backOfficeSignInPath },
};

let unauthorizedRedirect: ReturnType<typeof setTimeout> | null = null;

function endSessionAndRedirect(binding: SessionBinding): void {
  binding.end();
  // Several calls may fail with 401 together; one redirect is enough.
  if (unauthorizedRedirect !== null) return;
  unauthorizedRedirect = setTimeout(() => {
    unauthorizedRedirect = null;
    navigateTo(binding.signInPath);
  }, unauthorizedRedirectDelayMs);
}

function requestHeaders(binding: SessionBinding): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const current = binding.headers();
  if (current) {
    headers[sessionHeaders.token] = current.token;
    headers[sessionHeaders.account] = current.account;
  }
  return headers;
}

function refuse(serverMessage: string, silent: boolean | undefined): CommandRefused {
  const { key, param } = parseMessage(serverMessage);
  const translated = translateServerMessage(serverMessage, i18n);
  if (!silent) showToast(translated);
  return new CommandRefused(key, param, serverMessage, translated);
}

function fail(reason: CommandFailed['reason'], silent: boolean | undefined): CommandFailed {
  if (!silent) showToast(i18n._(networkProblem));
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

export async function call<P extends ApiPath>(path: P, body: RequestOf<P>, options: CallOptions = {}): Promise<ResponseOf<P>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? requestTimeoutMs);
  // Absolute so it resolves the same in the browser and in tests (same origin).
  const url = new URL(`${apiBasePath}${path}`, window.location.href).toString();
  const binding = sessionBindings[audienceOf(path)];

  let response: Response;
  let envelope: Envelope<unknown> | null;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: requestHeaders(binding),
      body: JSON.stringify(body ?? {}),
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
    endSessionAndRedirect(binding);
    throw refusal;
  }
  if (envelope === null) throw fail('bad_response', options.silent);
  if (envelope.status === 1) return envelope.data as ResponseOf<P>;
  throw refuse(envelope.msg, options.silent);
}
