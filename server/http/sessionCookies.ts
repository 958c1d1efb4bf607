import fastifyCookie from '@fastify/cookie';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfCookieName, csrfHeaderName, sessionCookies, sessionHeaders } from '../../contract/envelope.ts';

// Where a request's session comes from. API clients send the `token`/`account` headers; the
// browser app sends an HttpOnly, SameSite=Strict cookie set at sign-in (Secure over TLS), which
// script cannot read. A cookie travels with every request the browser makes, so a state-changing
// request authenticated by it must also echo the readable CSRF cookie in the CSRF header (double
// submit): another site can make the browser send the cookie, but cannot read it to echo it.

export type SessionAudience = keyof typeof sessionCookies;

export type SessionCredentials = { token: string; account: string; via: 'header' | 'cookie' };

const valueLengthMax = 256;

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= valueLengthMax ? value : undefined;
}

/** `<encodeURIComponent(account)>:<token>`, the cookie's value. */
export const sessionCookieValue = (account: string, token: string): string => `${encodeURIComponent(account)}:${token}`;

export function parseSessionCookieValue(value: string | undefined): { token: string; account: string } | null {
  if (!value || value.length > valueLengthMax * 2) return null;
  const colon = value.indexOf(':');
  if (colon <= 0 || colon === value.length - 1) return null;
  try {
    return { account: decodeURIComponent(value.slice(0, colon)), token: value.slice(colon + 1) };
  } catch {
    return null;
  }
}

/** The browser's user session from a raw Cookie header (a socket's handshake, which is no Fastify request). */
export function userSessionFromCookieHeader(header: string | undefined): { token: string; account: string } | null {
  if (!header || header.length > 8192) return null;
  return parseSessionCookieValue(fastifyCookie.parse(header)[sessionCookies.user]);
}

/** The headers when both are sent (API clients), else the audience's cookie, else nothing. */
export function sessionCredentials(request: FastifyRequest, audience: SessionAudience): SessionCredentials | null {
  const token = headerValue(request, sessionHeaders.token);
  const account = headerValue(request, sessionHeaders.account);
  if (token && account) return { token, account, via: 'header' };
  const fromCookie = parseSessionCookieValue(request.cookies?.[sessionCookies[audience]]);
  return fromCookie ? { ...fromCookie, via: 'cookie' } : null;
}

/** Whether a cookie-authenticated request carries the CSRF cookie's value in the CSRF header (compared in constant time). */
export function csrfMatches(request: FastifyRequest): boolean {
  const cookie = request.cookies?.[csrfCookieName];
  const header = headerValue(request, csrfHeaderName);
  if (!cookie || !header) return false;
  const expected = Buffer.from(cookie);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const cookieBase = (request: FastifyRequest) => ({ path: '/', sameSite: 'strict' as const, secure: request.protocol === 'https' });

/** Sets the session cookie and a fresh CSRF cookie at sign-in. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, audience: SessionAudience, session: { account: string; token: string }, maxAgeSeconds: number): void {
  reply.setCookie(sessionCookies[audience], sessionCookieValue(session.account, session.token), { ...cookieBase(request), httpOnly: true, maxAge: maxAgeSeconds });
  // Readable by the app's script (that is the point); shared by both audiences, as only equality with the header matters.
  reply.setCookie(csrfCookieName, randomBytes(32).toString('base64url'), { ...cookieBase(request), httpOnly: false, maxAge: maxAgeSeconds });
}

/** Sign-out: the audience's session cookie goes (the CSRF cookie may still serve the other audience). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, audience: SessionAudience): void {
  reply.clearCookie(sessionCookies[audience], { ...cookieBase(request), httpOnly: true });
}
