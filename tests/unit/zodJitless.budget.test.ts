/**
 * client/zodJitless.ts sets zod's jitless mode without importing zod (issue #28, the browser
 * budget): zod, loaded afterwards as the island chunks do, must see it and build no parser with
 * `new Function` (the CSP has no 'unsafe-eval').
 */
import { expect, it } from "vitest";
import { zodJitless } from "../../client/zodJitless";

it("makes zod, loaded afterwards, interpret schemas without eval", async () => {
  const { config } = await import("zod/v4/core");
  expect(config().jitless).toBe(true);
  config({ jitless: false });
  expect(zodJitless()).toBe(false); // the same object zod reads: the check below would fail without the setting
  config({ jitless: true });
  expect(zodJitless()).toBe(true);
  const { z } = await import("zod");
  const original = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args: string[]) {
      compiled++;
      return Reflect.construct(target, args);
    },
  });
  try {
    const schema = z.object({ name: z.string(), age: z.number() });
    for (let i = 0; i < 5; i++) expect(schema.safeParse({ name: "a", age: i }).success).toBe(true);
  } finally {
    globalThis.Function = original;
  }
  expect(compiled).toBe(0);
});
