/**
 * Imported first by the client entry, before any module that builds a zod schema: zod compiles
 * object parsers with `new Function` unless told not to, and even its probe for eval raises a CSP
 * violation under the console's script-src (no 'unsafe-eval'). Jitless zod interprets schemas
 * instead; the browser validates a form at a time, so the compiled fast path buys nothing there.
 *
 * Set through the global object zod's `config()` writes (`globalThis.__zod_globalConfig`, which
 * zod reads when it loads and at every schema it builds) rather than by importing `config`: the
 * import would pull zod's core utilities into the hydrator every page loads, 4 KB gzip even on
 * pages whose islands never validate (issue #28). tests/unit/zodJitless.budget.test.ts checks
 * that zod sees the setting.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

/** Whether the setting is in place (for the test). */
export const zodJitless = (): boolean => holder.__zod_globalConfig?.jitless === true;
