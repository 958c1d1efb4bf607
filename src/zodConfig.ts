import { config } from 'zod';

// Zod compiles fast object parsers with `new Function` when eval is allowed, and probes for it
// when each object schema is built. The Content-Security-Policy forbids eval (no 'unsafe-eval',
// server/http/securityHeaders.ts), so the probe is a reported violation: parse without it. The
// page sets this before any module loads (public/zod-jitless.js); the quote worker, one bundle
// whose first import this is, sets it here.
config({ jitless: true });
