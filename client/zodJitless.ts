/**
 * Imported first by the client entry, before any module that builds a zod schema: zod compiles
 * object parsers with `new Function` unless told not to, and even its probe for eval raises a CSP
 * violation under the console's script-src (no 'unsafe-eval'). Jitless zod interprets schemas
 * instead; the browser validates a form at a time, so the compiled fast path buys nothing there.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
