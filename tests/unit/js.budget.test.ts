/**
 * Issue #28's browser budget, as sizes (deterministic for one build, unlike times): every page of
 * the console, rendered on the production client build, loads at most its budget of gzip
 * JavaScript (bench/jsBudget.ts; `npm run bench -- --only js-budget` prints the whole table).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE } from "../../shared/errors";
import {
  aimLines,
  measurePages,
  ON_DEMAND_ISLANDS,
  PAGE_AIM,
  PAGE_BUDGET,
  pageLoad,
  SMALL_FORM_AIM,
  SMALL_FORM_BUDGET,
  SMALL_FORM_PAGES,
  type PageLoad,
} from "../../bench/jsBudget";
import { getTestServer, ROOT_DIR, type TestServer } from "../support/server";

let server: TestServer;

/** Every script of the client build, as one text. */
function builtScripts(): string {
  const assets = path.join(ROOT_DIR, "dist", "client", "assets");
  return readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(path.join(assets, file), "utf8"))
    .join("\n");
}

let loads: PageLoad[];

beforeAll(async () => {
  server = await getTestServer({ assets: "built" });
  loads = await measurePages(server);
});
afterAll(() => server.close());

describe("the browser budget", () => {
  it("measures every public page and every page of the route table", () => {
    expect(loads.length).toBeGreaterThan(20);
    for (const page of SMALL_FORM_PAGES) expect(loads.map((load) => load.page)).toContain(page);
  });

  it("keeps every page within its compressed JavaScript budget", () => {
    const over = loads.filter((load) => load.gzip > load.budget).map((load) => `${load.page}: ${load.gzip} B > ${load.budget} B`);
    expect(over).toEqual([]);
    for (const load of loads) expect(load.budget).toBe(SMALL_FORM_PAGES.has(load.page) ? SMALL_FORM_BUDGET : PAGE_BUDGET);
  });

  it("meets issue #28's aims: at most 100 KB on any page, 60 KB on a small-form page", () => {
    const over = loads.filter((load) => load.gzip > load.aim).map((load) => `${load.page}: ${load.gzip} B > ${load.aim} B`);
    expect(over).toEqual([]);
    for (const load of loads) expect(load.aim).toBe(SMALL_FORM_PAGES.has(load.page) ? SMALL_FORM_AIM : PAGE_AIM);
    expect(aimLines(loads).every((line) => line.includes(": met;"))).toBe(true);
  });

  it("ships Preact's compat layer, not React DOM, in the production client", () => {
    const scripts = builtScripts();
    // React 19's element symbol and its production error links are React DOM's; compat's SVG
    // attribute pattern (camel-cased names such as `strikethroughPosition`) is Preact's.
    expect(scripts).not.toContain("react.transitional.element");
    expect(scripts).not.toContain("react.dev/errors");
    expect(scripts).toContain("strikethrough");
  });

  it("lists the re-authentication prompt on a console page without counting its chunk (it loads on a refused call)", () => {
    const users = loads.find((load) => load.page === "/users/manage");
    expect(users?.islands).toContain("ReauthPrompt");
    expect(ON_DEMAND_ISLANDS.has("ReauthPrompt")).toBe(true);
    expect(users?.files.some((file) => /\/ReauthPrompt-[\w-]+\.js$/.test(file))).toBe(false);
  });

  it("counts the hydrator, its preloads and each island's chunks, and nothing on a page without islands", () => {
    const signIn = loads.find((load) => load.page === "/signin");
    expect(signIn?.islands).toContain("SignInForm");
    expect(signIn?.files.some((file) => /\/entry-[\w-]+\.js$/.test(file))).toBe(true);
    expect(signIn?.files.some((file) => /\/SignInForm-[\w-]+\.js$/.test(file))).toBe(true);
    expect(signIn?.gzip).toBeGreaterThan(10_000);
    expect(pageLoad("/static", "<!doctype html><html><body><p>none</p></body></html>").gzip).toBe(0);
  });

  it("ships zod without its JSON Schema generator (stubbed in the client build: no island converts a schema)", () => {
    const scripts = builtScripts();
    expect(scripts).toContain("zod JSON Schema generation is not part of the browser build");
    expect(scripts).not.toContain("Non-representable type encountered");
    expect(scripts).not.toContain("during JSON Schema conversion");
  });

  it("ships the error catalogue's codes without its English texts (islands translate errors:<code>)", () => {
    const scripts = builtScripts();
    expect(scripts).toContain("userCreate409");
    const english = Object.values(CATALOGUE)
      .map((entry) => entry.en)
      .filter((text) => text.length > 20 && !text.includes("{{"));
    expect(english.length).toBeGreaterThan(100);
    expect(english.filter((text) => scripts.includes(JSON.stringify(text).slice(1, -1)))).toEqual([]);
  });
});
