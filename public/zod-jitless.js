// Zod probes for eval (`new Function`) when it builds each object schema, before any app code could
// configure it; the Content-Security-Policy forbids eval, so the probe is a reported violation. Zod
// reads its configuration from this global when it loads: loaded before the app's modules (index.html).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
