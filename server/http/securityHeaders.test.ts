// Proves every answer carries the security headers a bank's review asks for: a strict CSP (no
// inline script, no framing), nosniff, no referrer, a Permissions-Policy; HSTS only when
// the request came over TLS through the trusted proxy; hashed assets cached for a year and
// index.html revalidated on every load.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBasePath } from '../../contract/envelope.ts';
import { buildApp, type App } from '../app.ts';
import { testMarket } from '../testing/testServer.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';

let database: TestDatabase;
let app: App;
let webDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  webDir = await mkdtemp(join(tmpdir(), 'ledgerline-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Ledgerline</title>');
  await writeFile(join(webDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  // The proxy of a deployment (docs/deployment.md) on loopback: inject() comes from 127.0.0.1.
  app = await buildApp({
    db: database.db, demoMode: false, market: await testMarket(), webDir, uploadDir: join(webDir, 'uploads'), ipoDrawDir: join(webDir, 'draws'),
    fundNavIntervalMs: 3_600_000, trustProxy: '127.0.0.1',
  });
  await app.http.ready();
});

afterAll(async () => {
  await app?.http.close();
  await database?.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.http.inject({ method: 'GET', url, headers });

function directives(header: string | undefined): Map<string, string> {
  return new Map((header ?? '').split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const [name, ...values] = part.split(/\s+/);
    return [name!, values.join(' ')] as const;
  }));
}

describe('every answer carries the security headers', () => {
  it.each([
    ['the-page', () => get('/')],
    ['index-html', () => get('/index.html')],
    ['a-hashed-asset', () => get('/assets/index-Ab12Cd34.js')],
    ['an-api-answer', () => app.http.inject({ method: 'POST', url: `${apiBasePath}user/login`, payload: { account: '9000000001', password: 'wrong-password' } })],
    ['a-404', () => get('/nothing-here')],
  ])('%s', async (_what, request) => {
    const response = await request();
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    // Only styles may be inline (securityHeaders.ts says why); no script is, and nothing may eval.
    for (const [name, sources] of csp) if (name !== 'style-src') expect(sources).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(response.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
    // Plain HTTP: no HSTS, or a laptop demo would pin itself to an HTTPS it does not serve.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS only over TLS', () => {
  it('the-trusted-proxy-saying-https-gets-hsts', async () => {
    const response = await get('/', { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('an-untrusted-client-saying-https-does-not', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.9' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('caching', () => {
  it('index-html-is-revalidated-on-every-load', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('a-hashed-asset-is-cached-for-a-year-immutable', async () => {
    const response = await get('/assets/index-Ab12Cd34.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('api-answers-are-not-stored', async () => {
    const response = await app.http.inject({ method: 'POST', url: `${apiBasePath}user/login`, payload: {} });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
