import { config } from 'zod';

// Zod compiles fast object parsers with `new Function` when eval is allowed, and probes for it
// when each object schema is built. The Content-Security-Policy forbids eval (no 'unsafe-eval',
// server/http/securityHeaders.ts), so the probe is a reported violation: parse without it.
// Imported first by every entry (main.tsx, the quote worker), before any schema is built.
config({ jitless: true });
