import { describe, expect, it } from "vitest";
import { Header } from "../../client/components/layout/Header";
import { ROLES, roleTextKey } from "../../shared/domain/roles";
import { languages } from "../../shared/limits";
import { renderAsServer, translate } from "../support/render";

const admin = { uid: "3f1c1a2e-5b7d-4a40-9c1e-2d9f0c7b8a11", firstName: "Ada", lastName: "Lovelace" };

describe("Header", () => {
  it.each([
    ["en", "root", "Super administrator"],
    ["pt", "root", "Superadministrador"],
    ["es", "root", "Superadministrador"],
    ["en", "admin", "Administrator"],
    ["pt", "admin", "Administrador"],
    ["es", "admin", "Administrador"],
  ] as const)("shows the role translated (%s, %s), never the raw label", (lang, role, text) => {
    const { html } = renderAsServer(<Header title="Dashboard" admin={{ ...admin, role }} csrfToken="c" />, lang);
    const shown = [...html.matchAll(/<span class="profile-role"[^>]*>([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(shown).toEqual([text, text]);
    expect(html).toContain(`data-role="${role === "root" ? "superAdmin" : "admin"}"`);
  });

  it("has a translation of every role in every language", () => {
    for (const lang of languages) {
      for (const role of ROLES) {
        const key = roleTextKey(role);
        expect({ lang, key, text: translate(lang)(key) }).not.toEqual({ lang, key, text: key.split(":")[1] });
        expect(translate(lang)(key)).not.toMatch(/^(superAdmin|admin|roles\.)/);
      }
    }
  });
});
