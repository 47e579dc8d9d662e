import { describe, expect, it } from "vitest";
import { languages } from "../../shared/limits";
import { avoidedWordsIn, findViolations, fold, isAllowed, loadGlossary, loadTexts, proseOf } from "../support/glossary";

const glossary = loadGlossary();
const texts = new Map(languages.map((lang) => [lang, loadTexts(lang)] as const));
const textsOf = (lang: (typeof languages)[number]) => texts.get(lang) ?? new Map<string, string>();
const REQUIRED = [
  "company",
  "superAdministrator",
  "administrator",
  "user",
  "password",
  "delete",
  "wipe",
  "signIn",
  "settings",
  "device",
  "invitation",
  "license",
  "email",
];

describe("locales/glossary.json", () => {
  it("covers the required concepts in every language, each with chosen terms", () => {
    const ids = glossary.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of REQUIRED) {
      const concept = glossary.find((c) => c.id === id);
      for (const lang of languages) expect({ id, lang, use: (concept?.[lang]?.use.length ?? 0) > 0 }).toEqual({ id, lang, use: true });
    }
  });

  it.each(languages)("has no text in %s that uses an avoided synonym", (lang) => {
    const found = findViolations(glossary, lang, textsOf(lang)).map((v) => `${v.key} [${v.concept}: ${v.word}] ${v.text}`);
    expect(found).toEqual([]);
  });

  it.each(languages)("uses at least one chosen term of each concept in %s", (lang) => {
    const all = fold([...textsOf(lang).values()].map(proseOf).join("\n"));
    for (const concept of glossary) {
      const entry = concept[lang];
      if (!entry) continue;
      const used = entry.use.some((term) => all.includes(fold(term)));
      expect({ concept: concept.id, used }).toEqual({ concept: concept.id, used: true });
    }
  });

  it("has only exceptions that name existing keys using an avoided word", () => {
    for (const concept of glossary) {
      for (const lang of languages) {
        const entry = concept[lang];
        for (const glob of Object.keys(entry?.allowIn ?? {})) {
          if (!entry) continue;
          const single = { ...entry, allowIn: { [glob]: "" } };
          const needed = [...textsOf(lang)].some(([key, text]) => isAllowed(single, key) && avoidedWordsIn(entry, text).length > 0);
          expect({ concept: concept.id, lang, glob, needed }).toEqual({ concept: concept.id, lang, glob, needed: true });
        }
      }
    }
  });
});

describe("the glossary check", () => {
  const plant = (lang: (typeof languages)[number], key: string, text: string) => findViolations(glossary, lang, new Map([[key, text]]));

  it("fails on a planted synonym, whatever its case and accents", () => {
    expect(plant("pt", "auth:fields.password", "Senha")).toMatchObject([{ concept: "password", word: "senha*" }]);
    expect(plant("pt", "users:list.caption", "USUÁRIOS")).toMatchObject([{ concept: "user" }]);
    expect(plant("pt", "users:list.caption", "Usuarios ativos")).toMatchObject([{ concept: "user" }]);
    expect(
      plant("es", "users:list.clearFilters", "Borrar filtros")
        .map((v) => v.concept)
        .sort(),
    ).toEqual(["clear", "delete"]);
    expect(plant("en", "layout:nav.items.teams", "Teams")).toMatchObject([{ concept: "company", word: "teams" }]);
    expect(plant("en", "layout:header.signOut", "Log out")).toMatchObject([{ concept: "signIn", word: "log out" }]);
    expect(plant("es", "auth:fields.email", "E-mail")).toMatchObject([{ concept: "email", word: "e-mail" }]);
    expect(plant("pt", "teams:delete.open", "Remova-a")).toMatchObject([{ concept: "delete", word: "remov*" }]);
    expect(plant("pt", "common:loading", "Está carregando…")).toMatchObject([{ concept: "europeanPortuguese", word: "carregando" }]);
    expect(plant("en", "admins:create.root", "Create as Super-Admin?")).toMatchObject([{ concept: "superAdministrator" }]);
  });

  it("matches whole words only and sets identifiers aside", () => {
    expect(plant("en", "teams:list.create", "Steam teammates")).toEqual([]);
    expect(plant("en", "cli:users.optTeam", "the company (slug), e.g. --team acme or bulwark teams show acme")).toEqual([]);
    expect(plant("en", "cli:hints.login", "Sign in with: bulwark login <URL>")).toEqual([]);
    expect(plant("pt", "auth:fields.password", "Palavra-passe")).toEqual([]);
  });

  it("applies an exception only to the keys it names", () => {
    expect(plant("es", "users:devices.wipeOpen", "Borrar datos")).toEqual([]);
    expect(plant("es", "users:devices.deleteOpen", "Borrar")).toMatchObject([{ concept: "delete" }, { concept: "clear" }]);
  });
});
