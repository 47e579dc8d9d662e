import { resolve } from "node:path";
import { createRequire } from "node:module";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const config = createRequire(import.meta.url)(resolve(root, ".dependency-cruiser.cjs")) as IConfiguration;

/** Runs the repository's own layer rules over `paths` under `baseDir`; returns "rule: from → to" per violation. */
async function violations(baseDir: string, paths: string[]): Promise<string[]> {
  const { output } = await cruise(
    paths,
    { ...config.options, ruleSet: { forbidden: config.forbidden }, baseDir, validate: true, tsConfig: undefined },
    undefined,
    undefined,
  );
  const summary = (output as ICruiseResult).summary;
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe("layer rules (DESIGN §1, .dependency-cruiser.cjs)", () => {
  it("hold for the whole tree: no circle, services below HTTP, capabilities through their index.ts, shared/ isomorphic", async () => {
    expect(await violations(root, ["server", "shared", "client", "cli", "scripts", "bench"])).toEqual([]);
  }, 120_000);

  it("catch a service that imports server/http and one that reaches into another capability", async () => {
    const found = await violations(resolve(root, "tests/fixtures/layers"), ["server"]);
    expect(found).toContain("below-http: server/services/demo/index.ts → server/http/thing.ts");
    expect(found).toContain("capability-face: server/services/demo/index.ts → server/services/other/inner.ts");
  }, 60_000);
});
