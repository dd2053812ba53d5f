/**
 * Zod compiles object schemas with `new Function` unless told not to, and checks whether it may when a
 * schema is built, at module evaluation. The CSP refuses eval (server/plugins/security.ts), so that
 * check was logged on every page as a CSP violation in DevTools' Issues, which costs Lighthouse's best
 * practices (issue 41); the compiled path never ran. Zod reads its settings from this global, made by
 * the first copy of zod evaluated (node_modules/zod/v4/core/core.js), so the entry sets it before any
 * of the app's code (and zod in it) is evaluated: web/main.tsx imports this first.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

/** Whether zod was told not to compile (read by the test). */
export const zodJitless = (): boolean => holder.__zod_globalConfig?.jitless === true;
