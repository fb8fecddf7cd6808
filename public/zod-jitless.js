// Loaded by index.html before any module. The console runs under a CSP without 'unsafe-eval'
// (server/security-headers.ts); zod probes for eval with `new Function` as its first object schema is built,
// and the browser reports that as a policy violation although zod catches the error. `jitless` skips the
// probe: under that CSP zod could not compile its parsers anyway. zod reads this global when it loads, which
// in the built app is before any code of ours can run (its chunk is imported first), hence a plain script.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true })
