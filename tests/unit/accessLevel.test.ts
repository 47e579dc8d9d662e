/**
 * The access level rule (#31): one schema for users and admins, a whole number 0..9 or null, its
 * errors translated in every language; the stored text form read back strictly.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ACCESS_LEVELS, accessLevelFromStored, accessLevelToStored, isAccessLevel } from "../../shared/domain/accessLevels";
import { accessLevelRange, languages } from "../../shared/limits";
import { accessLevel } from "../../shared/schemas/accessLevel";
import { AdminCreateSchema, AdminUpdateSchema } from "../../shared/schemas/admin";
import { validationKeyOf, validationMessageParams } from "../../shared/schemas/messages";
import { UserCreateSchema, UserUpdateSchema } from "../../shared/schemas/user";

const UID = "3f1c1a2e-5b7d-4a40-9c1e-2d9f0c7b8a11";

/** The translated text of the first issue of a failed parse, as a client shows it. */
function message(lang: string, value: unknown): string {
  const parsed = accessLevel.safeParse(value);
  if (parsed.success) throw new Error(`${String(value)} was accepted`);
  const issue = parsed.error.issues[0]!;
  const texts = JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../locales/${lang}/validation.json`, import.meta.url)), "utf8"),
  ) as Record<string, string>;
  const params = validationMessageParams(issue);
  return texts[validationKeyOf(issue).slice("validation.".length)]!.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(params[name]),
  );
}

describe("access level rule", () => {
  it("accepts every whole number from 0 to 9 and null, nothing else", () => {
    expect(ACCESS_LEVELS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const level of [...ACCESS_LEVELS, null]) expect(accessLevel.parse(level)).toBe(level);
    for (const bad of [-1, 10, 1.5, "3", "", true, Number.NaN, Infinity, 2 ** 53, {}, []]) {
      expect({ bad, ok: accessLevel.safeParse(bad).success }).toEqual({ bad, ok: false });
    }
    expect(isAccessLevel(accessLevelRange.max)).toBe(true);
    expect(isAccessLevel(accessLevelRange.max + 1)).toBe(false);
  });

  it("is the same optional field in the user and admin create and edit bodies", () => {
    const user = { username: "lev", firstName: "L", lastName: "E", team: "acme" };
    expect(UserCreateSchema.parse({ ...user, accessLevel: 4 }).accessLevel).toBe(4);
    expect(UserCreateSchema.parse(user).accessLevel).toBeUndefined();
    expect(UserUpdateSchema.parse({ uid: UID, accessLevel: null }).accessLevel).toBeNull();
    expect(UserUpdateSchema.safeParse({ uid: UID, accessLevel: 10 }).success).toBe(false);
    const admin = { username: "ad@x.test", firstName: "A", lastName: "D", teams: ["acme"], invite: true as const };
    expect(AdminCreateSchema.parse({ ...admin, accessLevel: 0 }).accessLevel).toBe(0);
    expect(AdminCreateSchema.safeParse({ ...admin, accessLevel: -1 }).success).toBe(false);
    expect(AdminUpdateSchema.parse({ uid: UID, accessLevel: 9 }).accessLevel).toBe(9);
    expect(AdminUpdateSchema.safeParse({ uid: UID, accessLevel: "9" }).success).toBe(false);
  });

  it("explains a refusal in English, European Portuguese and Spanish, with the bound", () => {
    expect(languages).toEqual(expect.arrayContaining(["en", "pt", "es"]));
    expect(message("en", 10)).toBe("Enter a number of at most 9.");
    expect(message("en", -1)).toBe("Enter a number of at least 0.");
    expect(message("en", 2.5)).toBe("Enter a whole number.");
    for (const lang of ["pt", "es"]) {
      expect(message(lang, 10)).toContain("9");
      expect(message(lang, 10)).not.toBe(message("en", 10));
      expect(message(lang, -1)).toContain("0");
    }
    expect(message("pt", 10)).toBe("Introduza um número igual ou inferior a 9.");
  });

  it("stores the decimal text and reads back only what the rule allows", () => {
    expect(accessLevelToStored(7)).toBe("7");
    expect(accessLevelToStored(null)).toBeNull();
    expect(accessLevelFromStored("7")).toBe(7);
    expect(accessLevelFromStored("0")).toBe(0);
    expect(accessLevelFromStored(null)).toBeNull();
    // Values written outside the console before the rule read as not set.
    for (const legacy of ["basic", "10", "-1", "", " 3", "3.0", "07x"]) expect(accessLevelFromStored(legacy)).toBeNull();
  });
});
