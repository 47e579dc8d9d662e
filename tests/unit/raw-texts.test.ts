/**
 * The layout tour's text check (tests/support/texts.ts) itself: it must catch what issue #27 saw
 * (a raw key no language defines, an access-log code, an English enum value in pt/es) and leave
 * ordinary texts (domains, e-mail addresses, versions, translated words) alone.
 */
import { describe, expect, it } from "vitest";
import { rawTextProblems } from "../support/texts";

describe("rawTextProblems", () => {
  it("flags raw keys, action codes and untranslated enum values", () => {
    expect(
      rawTextProblems(["help.apps.android", "Android help.apps.ios Default: 1", "settings:groups.apps", "list.all"], "en"),
    ).toHaveLength(4);
    expect(rawTextProblems(["admin.signin", "team.domains.add"], "en")).toEqual([
      'shows the action code "admin.signin"',
      'shows the action code "team.domains.add"',
    ]);
    expect(rawTextProblems(["user", "Role: user", "subscription", "active"], "pt")).toHaveLength(4);
    expect(rawTextProblems(["Todos", "nearExpiration"], "es")).toEqual(['shows the untranslated value "nearExpiration"']);
  });

  it("leaves ordinary texts alone", () => {
    const ordinary = [
      "northwind-logistics-international.example",
      "user-12@example.test",
      "5.0.1",
      "e.g.",
      "Subscrição",
      "Sessão iniciada",
      "Active",
    ];
    expect(rawTextProblems(ordinary, "pt")).toEqual([]);
    expect(rawTextProblems(["active", "user"], "en")).toEqual([]);
  });
});
