import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { useCliHarness } from "../support/cli";
import { buildPack, buildTeam, buildUser } from "../support/factories";

/** The columns an import reads, as the export names them with `--headers fields`. */
const COMPARED = ["username", "firstName", "lastName", "team", "ecs", "sip", "cellcrypt"] as const;
type Line = Record<string, string>;

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const readCsv = (file: string): Line[] => parse<Line>(readFileSync(file, "utf8"), { columns: true, bom: true });
const writeCsv = (file: string, lines: Line[]) => {
  const columns = Object.keys(lines[0]!);
  writeFileSync(
    file,
    `${[columns.join(","), ...lines.map((line) => columns.map((c) => quote(line[c] ?? "")).join(","))].join("\r\n")}\r\n`,
  );
};
const compared = (lines: Line[]) =>
  lines.map((line) => Object.fromEntries(COMPARED.map((c) => [c, line[c]]))).sort((a, b) => a.username!.localeCompare(b.username!));

describe("bulwark users export → edit → import → export round trip", () => {
  const cli = useCliHarness();
  let team: Row<"teams">;

  beforeAll(async () => {
    team = await buildTeam(cli.db, { slug: "round-trip" });
    await buildPack(cli.db, { team, licenseCount: 10 });
  });

  it("imports the edited export and exports exactly the edits", async () => {
    const db = cli.db;
    await buildUser(db, { team, username: "ana@round.test", firstName: "Ana", lastName: "Silva", isEcs: 1 });
    await buildUser(db, { team, username: "beto", firstName: "Beto", lastName: "Reis, Jr.", isSip: 1 });
    await buildUser(db, { team, username: "caio@round.test", firstName: "Caio", lastName: "Dias" });
    const dir = mkdtempSync(path.join(tmpdir(), "bulwark-roundtrip-"));
    const first = path.join(dir, "users.csv");
    const exported = await cli.run(["users", "export", "--team", team.slug, "--headers", "fields", "-o", first]);
    expect({ code: exported.code, stderr: exported.stderr }).toEqual({ code: 0, stderr: `Written to ${first}.\n` });
    const lines = readCsv(first);
    expect(lines).toHaveLength(3);

    // Edit: a last name, a flag, and one new row.
    const edited = lines.map((line) => ({ ...line }));
    edited.find((l) => l.username === "ana@round.test")!.lastName = "Silva Santos";
    edited.find((l) => l.username === "beto")!.ecs = "true";
    edited.push({
      ...Object.fromEntries(Object.keys(lines[0]!).map((c) => [c, ""])),
      username: "dora@round.test",
      firstName: "Dora",
      lastName: "Eça",
      team: team.slug,
      ecs: "false",
      sip: "true",
      cellcrypt: "true",
    });
    const changedFile = path.join(dir, "edited.csv");
    writeCsv(changedFile, edited);

    const imported = await cli.run(["users", "import", "--file", changedFile, "--yes", "--json"]);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({
      status: "done",
      counts: { created: 1, changed: 2, unchanged: 1, invalid: 0, duplicate: 0 },
    });

    const second = path.join(dir, "again.csv");
    expect((await cli.run(["users", "export", "--team", team.slug, "--headers", "fields", "-o", second])).code).toBe(0);
    const after = readCsv(second);
    expect(compared(after)).toEqual(compared(edited));
    expect(after.find((l) => l.username === "dora@round.test")?.status).toBe("pending");
  });
});
