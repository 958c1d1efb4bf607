import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { apiBasePath } from '../../contract/envelope.ts';

// The headers every answer carries (pages, assets, API envelopes, uploads), set by helmet, and
// how long a browser may keep the web app's files. Behind a reverse proxy that ends TLS, the
// proxy says so with X-Forwarded-Proto and the server trusts it (TRUST_PROXY, docs/deployment.md);
// HSTS is sent only then, so a plain-HTTP demo on a laptop never pins itself to HTTPS.

/**
 * What the web app really loads: its own scripts, styles and the quote worker (all files under
 * /assets/, no inline script), images from the API plus data: and blob: ones (QR codes,
 * photo previews before upload), and the same-origin API and socket.io stream ('self' covers
 * ws: and wss: of the page's own host in CSP Level 3).
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Inline <style> elements are allowed, inline script never: Radix's dialog scroll lock
  // (react-remove-scroll) and react-zoom-pan-pinch insert <style> elements whose text is computed
  // at run time (scrollbar gaps, ids), so neither hashes nor a static page's nonce can name them.
  // A style cannot run code; the script policy is what stops injected markup from acting.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'none'"],
} as const;

/**
 * Powerful features the app never uses are off for it and anything it embeds. The identity photo
 * is taken through a file input (`capture`), which opens the phone's camera app and needs no
 * camera permission for the page.
 */
export const permissionsPolicy = [
  'camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'serial=()', 'bluetooth=()', 'hid=()',
  'midi=()', 'magnetometer=()', 'gyroscope=()', 'accelerometer=()', 'display-capture=()', 'interest-cohort=()',
].join(', ');

/** A year, with subdomains: what browsers' preload lists ask for. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/** Built files under /assets/ carry a content hash in their name: a changed file is a new name. */
export const immutableAssetCaching = 'public, max-age=31536000, immutable';
/** index.html and anything else without a hash: always asked again, so a deploy reaches every phone at once. */
export const revalidateCaching = 'no-cache';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Sent below, only over TLS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    // request.protocol is https when the socket is TLS or, with trustProxy, when the proxy said so.
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
    // API answers are one person's data: no shared or browser cache keeps them.
    if (request.url.startsWith(apiBasePath) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/** For @fastify/static's setHeaders: hashed assets for a year, everything else revalidated. */
export function setStaticCaching(reply: { header(name: string, value: string): unknown }, filePath: string): void {
  const hashed = /[\\/]assets[\\/][^\\/]+$/.test(filePath);
  reply.header('cache-control', hashed ? immutableAssetCaching : revalidateCaching);
}
