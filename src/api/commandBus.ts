import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
// Types only: the zod schemas stay on the server side of the bundle, so the first
// screen does not pay for a validation library.
import type { ApiPath, RequestOf, ResponseOf } from '../../contract/api.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { apiBasePath, sessionHeaders } from '../../contract/envelope.ts';
import { type MessageKey, parseMessage } from '../../contract/messages.ts';
import { navigateTo, signInPath } from '../app/navigation.ts';
import { showToast } from '../app/toastStore.ts';
import { clearSession, session } from '../features/auth/sessionStore.ts';
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

let unauthorizedRedirect: ReturnType<typeof setTimeout> | null = null;

function endSessionAndRedirect(): void {
  clearSession();
  // Several calls may fail with 401 together; one redirect is enough.
  if (unauthorizedRedirect !== null) return;
  unauthorizedRedirect = setTimeout(() => {
    unauthorizedRedirect = null;
    navigateTo(signInPath);
  }, unauthorizedRedirectDelayMs);
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (session.token && session.account) {
    headers[sessionHeaders.token] = session.token;
    headers[sessionHeaders.account] = session.account;
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

  let response: Response;
  let envelope: Envelope<unknown> | null;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: requestHeaders(),
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
    endSessionAndRedirect();
    throw refusal;
  }
  if (envelope === null) throw fail('bad_response', options.silent);
  if (envelope.status === 1) return envelope.data as ResponseOf<P>;
  throw refuse(envelope.msg, options.silent);
}
