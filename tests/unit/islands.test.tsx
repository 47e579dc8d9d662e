import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISLAND_BASE_NAMESPACES, Island, serializeIslandProps } from "../../client/components/Island";
import { isIslandName, islandRegistry } from "../../client/islands/registry";
import { LanguageSwitcher } from "../../client/islands/LanguageSwitcher";
import { renderDocument } from "../../server/pages/document";
import { createI18n } from "../../server/i18n";
import { TEST_ASSETS } from "../support/server";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

describe("island props", () => {
  it("cannot close the script element or break JavaScript parsing", () => {
    const json = serializeIslandProps({ text: "</script><script>alert(1)</script>", amp: "a&b", ls: "\u2028\u2029" });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script>", amp: "a&b", ls: "\u2028\u2029" });
  });
});

describe("island registry", () => {
  it("names exactly the island files, each a lazy import of its own component", async () => {
    const files = readdirSync(path.join(ROOT, "client", "islands"))
      .filter((f) => f.endsWith(".tsx"))
      .map((f) => f.slice(0, -4))
      .sort();
    expect(Object.keys(islandRegistry).sort()).toEqual(files);
    for (const [name, load] of Object.entries(islandRegistry)) {
      const component = await load();
      expect(typeof component).toBe("function");
      expect((component as { name: string }).name).toBe(name);
    }
    expect(isIslandName("LanguageSwitcher")).toBe(true);
    expect(isIslandName("toString")).toBe(false);
    expect(isIslandName(null)).toBe(false);
  });
});

describe("renderDocument", async () => {
  const i18n = await createI18n(path.join(ROOT, "locales"));

  it("sends no script and no translations for a page without islands", () => {
    const html = renderDocument({ element: <p>static</p>, title: "T", lang: "pt", nonce: "n0nce", assets: TEST_ASSETS, i18n });
    expect(html).toContain('<html lang="pt">');
    expect(html).not.toContain("<script");
    expect(html).toContain('<link rel="stylesheet" href="/assets/styles-test.css">');
  });

  it("adds the hydrator, the marker's props and only the current language's namespaces for an island", () => {
    const html = renderDocument({
      element: <Island name="LanguageSwitcher" component={LanguageSwitcher} props={{ current: "es", hrefs: { en: "/a", es: "/b" } }} />,
      title: "T",
      lang: "es",
      nonce: "n0nce",
      assets: TEST_ASSETS,
      i18n,
    });
    expect(html).toContain(
      '<bulwark-island name="LanguageSwitcher" prefix="LanguageSwitcher0-"><script type="application/json" nonce="n0nce">{"current":"es","hrefs":{"en":"/a","es":"/b"}}</script>',
    );
    expect(html).toContain('<script type="module" nonce="n0nce" src="/assets/entry-test.js"></script>');
    const inlined = /<script type="application\/json" id="bulwark-i18n" nonce="n0nce">(.*?)<\/script>/.exec(html)?.[1];
    const translations = JSON.parse(inlined ?? "{}") as { lang: string; resources: Record<string, unknown> };
    expect(translations.lang).toBe("es");
    expect(Object.keys(translations.resources).sort()).toEqual([...ISLAND_BASE_NAMESPACES].sort());
    expect(JSON.stringify(translations.resources)).toContain("Idioma");
    expect(html).toContain('<option value="es" lang="es" selected="">Español</option>');
  });

  it("escapes the title", () => {
    const html = renderDocument({ element: <p />, title: "<b>x</b>", lang: "en", nonce: "n", assets: TEST_ASSETS, i18n });
    expect(html).toContain("<title>&lt;b&gt;x&lt;/b&gt;</title>");
  });
});

describe("navigation rules", async () => {
  const { visibleNavigation, canAccess, navItemForPath } = await import("../../shared/domain/navigation");
  const keys = (role: "root" | "admin", edition: "public" | "private") =>
    visibleNavigation(role, edition).flatMap((s) => s.items.map((i) => i.key));

  it("shows root everything, with Purchase or Activate by edition", () => {
    expect(keys("root", "public")).toEqual([
      "dashboard",
      "usersManage",
      "usersImport",
      "usersInvite",
      "licensesStatus",
      "licensesPurchase",
      "administrators",
      "teams",
      "domains",
      "associations",
      "accessLog",
      "settingsGeneral",
      "settingsApps",
    ]);
    expect(keys("root", "private")).toContain("licensesActivate");
    expect(keys("root", "private")).not.toContain("licensesPurchase");
  });

  it("hides root-only items from an admin, and Activate in the private edition", () => {
    expect(keys("admin", "public")).toEqual([
      "dashboard",
      "usersManage",
      "usersImport",
      "usersInvite",
      "licensesStatus",
      "licensesPurchase",
      "administrators",
      "teams",
      "accessLog",
    ]);
    expect(keys("admin", "private")).toEqual([
      "dashboard",
      "usersManage",
      "usersImport",
      "usersInvite",
      "licensesStatus",
      "administrators",
      "teams",
      "accessLog",
    ]);
    expect(visibleNavigation("admin", "public").map((s) => s.key)).not.toContain("settings");
  });

  it("maps nested paths to their entry for the page guard", () => {
    expect(navItemForPath("/users/profile/abc", "public")?.key).toBe("usersManage");
    // The longest match wins: /users/import is its own entry, not Manage's /users.
    expect(navItemForPath("/users/import", "public")?.key).toBe("usersImport");
    expect(navItemForPath("/admins/create", "public")?.key).toBe("administrators");
    expect(navItemForPath("/teams/profile/x", "public")?.key).toBe("teams");
    expect(navItemForPath("/settingsx", "public")).toBeUndefined();
    expect(canAccess("rootInPrivate", "admin", "public")).toBe(true);
    expect(canAccess("rootInPrivate", "admin", "private")).toBe(false);
  });
});
