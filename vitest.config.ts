import { defineConfig } from "vitest/config";

const e2e = process.env.BULWARK_TEST_E2E !== "0";

/**
 * One Vitest run for every suite. scripts/test.mjs decides whether the browser suites
 * (`*.browser.test.ts`) run, after checking for Chromium, and says what it skipped.
 */
export default defineConfig({
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", ...(e2e ? [] : ["tests/**/*.browser.test.ts"])],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 180_000,
    globalSetup: ["tests/support/global-setup.ts"],
  },
});
