// Every answer under /api/vue/ has this shape. status 1: success, data holds the result.
// status 0: a business refusal or invalid input; msg is a message key (see messages.ts).
export type SuccessEnvelope<Data> = { status: 1; msg: string; data: Data };
export type RefusalEnvelope = { status: 0; msg: string; data: null };
export type Envelope<Data> = SuccessEnvelope<Data> | RefusalEnvelope;

export const apiBasePath = '/api/vue/';

/** Request headers that carry the session. */
export const sessionHeaders = { token: 'token', account: 'account' } as const;

/**
 * The browser's session lives in HttpOnly cookies (script cannot read the token); API clients
 * keep sending `sessionHeaders`. Each session cookie's value is `<encodeURIComponent(account)>:<token>`.
 * State-changing requests that authenticate by cookie must echo the readable CSRF cookie in the
 * CSRF header (double submit; the names are axios's client defaults).
 */
export const sessionCookies = { user: 'll_session', staff: 'll_staff_session' } as const;
export const csrfCookieName = 'XSRF-TOKEN';
export const csrfHeaderName = 'x-xsrf-token';
