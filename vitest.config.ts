import { availableParallelism } from "node:os";
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
    // At least two files at once: a file spends much of its time waiting on PostgreSQL, Chromium or
    // a server child process, so on a 2-core runner Vitest's default (cores − 1 = one) left a core
    // idle and CI took ~55 min; more cores keep Vitest's default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 180_000,
    globalSetup: ["tests/support/global-setup.ts"],
  },
});
