/**
 * The enum formatters (client/components/format/enums.ts): every access-log action the server
 * records, every target type, user role and pack type has a label in each language, and the
 * label is not the stored code; an unknown code reads as itself, never as an i18n key.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logActionLabel, logTargetLabel, packTypeLabel, userRoleLabel } from "../../client/components/format/enums";
import { createI18n } from "../../server/i18n";
import { makeTranslate } from "../../server/pages/translate";
import { LICENSE_TYPES } from "../../shared/domain/licenses";
import { EXPORT_RESOURCES } from "../../shared/schemas/export";
import { languages } from "../../shared/limits";
import { ROOT_DIR } from "../support/server";

const i18n = await createI18n(path.join(ROOT_DIR, "locales"));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry) ? [full] : [];
  });
}

/** Action codes and target types written as literals in the server, plus the composed ones (bulk actions, exports). */
function recorded(): { actions: Set<string>; targets: Set<string> } {
  const actions = new Set<string>();
  const targets = new Set<string>();
  for (const file of sourceFiles(path.join(ROOT_DIR, "server", "services"))) {
    const text = readFileSync(file, "utf8");
    if (!/recordAccess|logPerTeam|confirmChange/.test(text)) continue;
    for (const m of text.matchAll(/action: "([a-zA-Z]+(?:\.[a-zA-Z]+)+)"/g)) actions.add(m[1]!);
    for (const m of text.matchAll(/action: [^,\n]*\? "([a-zA-Z.]+)" : "([a-zA-Z.]+)"/g)) actions.add(m[1]!).add(m[2]!);
    for (const m of text.matchAll(/(?:logPerTeam|confirmChange)\([^)]*?"([a-zA-Z]+(?:\.[a-zA-Z]+)+)"/g)) actions.add(m[1]!);
    for (const m of text.matchAll(/target: \{ type: "([a-zA-Z]+)"/g)) targets.add(m[1]!);
  }
  for (const bulk of ["block", "activate", "move", "delete"]) actions.add(`users.${bulk}`);
  for (const resource of EXPORT_RESOURCES) actions.add(`${resource}.export`);
  return { actions, targets };
}

describe("enum formatters", () => {
  const { actions, targets } = recorded();

  it("finds the server's actions and target types", () => {
    expect(actions.size).toBeGreaterThan(40);
    expect(actions).toContain("admin.signin");
    expect(actions).toContain("invite.resend");
    expect(actions).toContain("admin.password.reset");
    expect(targets).toContain("licensePack");
  });

  for (const lang of languages) {
    const t = makeTranslate(i18n, lang);
    it(`labels every recorded action, target, role and pack type in ${lang}`, () => {
      const raw = [
        ...[...actions].map((code) => [code, logActionLabel(t, code)]),
        ...[...targets].map((code) => [code, logTargetLabel(t, code)]),
        ...LICENSE_TYPES.map((code) => [code, packTypeLabel(t, code)]),
        ["user", userRoleLabel(t, "user")],
      ].filter(([code, label]) => label === code || label!.includes("actions.") || label!.includes("targets."));
      expect(raw).toEqual([]);
    });
  }

  it("reads an unknown code as itself, not as a key", () => {
    const t = makeTranslate(i18n, "pt");
    expect(logActionLabel(t, "robot.dance")).toBe("robot.dance");
    expect(userRoleLabel(t, "operator")).toBe("operator");
    expect(logActionLabel(t, "admin.signin")).toBe("Sessão iniciada");
    expect(packTypeLabel(t, "subscription")).toBe("Subscrição");
  });
});
