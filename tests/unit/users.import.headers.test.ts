import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseImportFile } from "../../server/services/users/import/csv";
import { fieldOfHeader, resolveHeader } from "../../server/services/users/import/headers";
import { IMPORT_REQUIRED_COLUMNS } from "../../shared/schemas/userImport";
import { ROOT_DIR } from "../support/server";

/** The users export's column titles of one language, as the export writes them. */
const titlesOf = (lang: string): Record<string, string> =>
  (JSON.parse(readFileSync(path.join(ROOT_DIR, "locales", lang, "export.json"), "utf8")) as { columns: { users: Record<string, string> } })
    .columns.users;

describe("import header resolution", () => {
  it.each(["en", "pt", "es"])("reads every users export title of %s as its field", (lang) => {
    for (const [field, title] of Object.entries(titlesOf(lang))) expect(fieldOfHeader(title), `${lang}: ${title}`).toBe(field);
  });

  it("reads field names, ignoring case and surrounding spaces, and refuses other words", () => {
    expect(fieldOfHeader("firstName")).toBe("firstName");
    expect(fieldOfHeader("  FIRSTNAME ")).toBe("firstName");
    expect(fieldOfHeader(" nome  PRÓPRIO")).toBe("firstName");
    expect(fieldOfHeader("nome proprio")).toBeNull();
    expect(fieldOfHeader("colour")).toBeNull();
  });

  it("names the missing, unknown and repeated columns by field", () => {
    const resolved = resolveHeader(["Username", "Nombre", "firstName", "colour"], IMPORT_REQUIRED_COLUMNS);
    expect(resolved).toEqual({
      columns: ["username", "firstName", "firstName", "colour"],
      missing: ["lastName", "team"],
      unknown: ["colour"],
      repeated: ["firstName"],
    });
  });

  it("parses a file headed by titles, with a BOM, into cells keyed by field", async () => {
    const pt = titlesOf("pt");
    const header = [pt.uid, pt.username, pt.firstName, pt.lastName, pt.team, pt.status].join(",");
    const file = await parseImportFile(`\uFEFF${header}\r\nu-1,ana@x.test,Ana,Silva,acme,active\r\n`);
    expect(file.columns).toEqual(["uid", "username", "firstName", "lastName", "team", "status"]);
    expect(file.rows[0]?.cells).toMatchObject({ username: "ana@x.test", firstName: "Ana", lastName: "Silva", team: "acme" });
  });
});
