import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SettingName } from '../../contract/settings.ts';
import type { Settings } from '../settings/settings.ts';
import { refusal } from './envelope.ts';

// Rate limits on the entries an attacker would hammer: sign-in, registration, password reset,
// fund passwords and uploads. One policy table keyed by contract path (plain strings, so an entry
// added later picks up its policy the day it is registered), applied by registerCommand and the
// upload route, counted by @fastify/rate-limit's in-memory store (an LRU: bounded whatever the
// number of addresses). Every request counts, refused ones included, before any work is done:
// an upload is counted before its bytes are decoded.
//
// Each kind is limited per client address and per account; the per-account budget is larger than
// the per-address one, so one stranger alone never spends an account's budget (sign-in lockouts are
// per account and address: server/accounts/accounts.ts). The limits are settings (group rate_limit).

export type RateLimitKind = 'sign_in' | 'registration' | 'password_reset' | 'fund_password' | 'upload';

export const rateLimitPolicy: Readonly<Record<string, RateLimitKind>> = {
  'user/login': 'sign_in',
  'admin/login': 'sign_in',
  'user/loginMfa': 'sign_in',
  'admin/loginMfa': 'sign_in',
  'user/register': 'registration',
  'user/forgotPassword': 'password_reset',
  'user/resetPassword': 'password_reset',
  // every entry whose body carries a fund password (contract/identity.ts, contract/funding.ts)
  'user/setFundPassword': 'fund_password',
  'user/changeFundPassword': 'fund_password',
  'user/withdraw': 'fund_password',
  'upload/image': 'upload',
};

/** The refusal each kind answers with; its parameter is the minutes until the window ends. */
export const rateLimitRefusals = {
  sign_in: 'too_many_sign_in_attempts',
  registration: 'too_many_registrations',
  password_reset: 'too_many_password_resets',
  fund_password: 'too_many_fund_password_attempts',
  upload: 'too_many_uploads',
} as const satisfies Record<RateLimitKind, string>;

type Scope = 'ip' | 'account';
const limitSetting = (kind: RateLimitKind, scope: Scope) => `rate_limit.${kind}_per_${scope}` as SettingName & `rate_limit.${string}`;

/** Addresses and accounts counted at most; the least recently seen are forgotten first. */
const countersMax = 50_000;

export interface RateLimitRefusal {
  key: (typeof rateLimitRefusals)[RateLimitKind];
  minutes: number;
}

export interface RateLimiter {
  /** Counts one request of `kind` from the request's address and, when known, for `account`; the refusal when over either limit. */
  check(request: FastifyRequest, kind: RateLimitKind, account: string | null): Promise<RateLimitRefusal | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by registerRateLimits; registerCommand applies rateLimitPolicy through it. */
    commandRateLimiter?: RateLimiter;
  }
}

export async function registerRateLimits(app: FastifyInstance, settings: Settings): Promise<RateLimiter> {
  await app.register(fastifyRateLimit, { global: false, cache: countersMax });
  // The key a limiter counts under is set just before it runs: the account is known only to the route.
  const keys = new WeakMap<FastifyRequest, string>();
  const windowMs = () => settings.get('rate_limit.window_minutes') * 60_000;
  const limiters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const limiterFor = (kind: RateLimitKind, scope: Scope) => {
    const name = `${kind}:${scope}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = app.createRateLimit({
        keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}`,
        max: () => settings.get(limitSetting(kind, scope)) as number,
        timeWindow: windowMs,
      });
      limiters.set(name, limiter);
    }
    return limiter;
  };
  const count = async (request: FastifyRequest, kind: RateLimitKind, scope: Scope, key: string) => {
    keys.set(request, key);
    const outcome = await limiterFor(kind, scope)(request);
    if (outcome.isAllowed || !outcome.isExceeded) return null;
    return { key: rateLimitRefusals[kind], minutes: Math.max(1, Math.ceil(outcome.ttlInSeconds / 60)) };
  };
  const limiter: RateLimiter = {
    async check(request, kind, account) {
      const byAddress = await count(request, kind, 'ip', request.ip);
      if (byAddress) return byAddress;
      return account ? count(request, kind, 'account', account.slice(0, 64)) : null;
    },
  };
  app.decorate('commandRateLimiter', limiter);
  return limiter;
}

/** HTTP 429 with the kind's own message, and when to try again. */
export const sendRateLimited = (reply: FastifyReply, refused: RateLimitRefusal) =>
  reply.code(429).header('retry-after', String(refused.minutes * 60)).send(refusal(refused.key, String(refused.minutes)));

/** The account a public entry's body names (user/login's `account`, admin/login's `login`), before validation. */
export function accountNamedIn(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { account, login } = body as { account?: unknown; login?: unknown };
  const named = typeof account === 'string' ? account : typeof login === 'string' ? login : null;
  return named ? named.trim().toLowerCase() : null;
}
