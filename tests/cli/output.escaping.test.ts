/**
 * Issue #32 item 7: `--json` escapes what JSON.stringify leaves raw but a terminal acts on (C1
 * controls such as the one-byte CSI U+009B, bidi marks and overrides, line and paragraph
 * separators) as `\u` sequences, so the data stays exact; tables neutralize the same characters;
 * and the server refuses bidi overrides in names as it refuses controls.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { printable, terminalJson } from "../../cli/output";
import { requiredText } from "../../shared/schemas/builders";
import { useCliHarness } from "../support/cli";
import { buildTeam, buildUser } from "../support/factories";

const HOSTILE = "a\u009b2Jb\u202ec\u2066d\u200ee\u200ff\u061cg\u2028h\u2029i\u0085j\u007fk";
/** Characters neither --json nor a table may print raw. */
const RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

describe("CLI escaping of hostile text", () => {
  const cli = useCliHarness();
  let team: Row<"teams">;
  let user: Row<"users">;

  beforeAll(async () => {
    // Planted in the database: the API refuses these names.
    team = await buildTeam(cli.db, { slug: "escaping-team" });
    user = await buildUser(cli.db, { team, firstName: HOSTILE, lastName: "Plain" });
  });

  it("--json escapes them as \\u sequences, and the parsed data is exact", async () => {
    for (const args of [
      ["users", "show", user.uid, "--json"],
      ["users", "list", "--team", team.slug, "--json"],
      ["api", "GET", `/v2/user/${user.uid}`],
    ]) {
      const run = await cli.run(args);
      expect({ args, code: run.code }).toEqual({ args, code: 0 });
      expect(run.stdout).not.toMatch(RAW);
      expect(run.stdout).toContain("\\u009b2Jb\\u202ec");
      expect(run.stdout).toContain("\\u2028h\\u2029i");
    }
    const shown = JSON.parse((await cli.run(["users", "show", user.uid, "--json"])).stdout) as { firstName: string };
    expect(shown.firstName).toBe(HOSTILE);
  });

  it("tables neutralize them", async () => {
    const run = await cli.run(["users", "list", "--team", team.slug]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(RAW);
    expect(run.stdout).toContain("\\u200ee\\u200ff\\u061cg\\u2028h");
  });

  it("terminalJson and printable on their own", () => {
    expect(JSON.parse(terminalJson({ v: HOSTILE }))).toEqual({ v: HOSTILE });
    expect(terminalJson({ v: HOSTILE })).not.toMatch(RAW);
    expect(terminalJson({ v: "Zoë 李 \u00a0" })).toBe(JSON.stringify({ v: "Zoë 李 \u00a0" }));
    expect(printable(HOSTILE)).not.toMatch(RAW);
  });

  it("the server's name rule refuses bidi overrides and isolates but keeps RTL marks", () => {
    const name = requiredText(100, { trim: true });
    for (const bad of ["Eve\u202eliam", "x\u202ay", "x\u2066y", "x\u2069"]) expect(name.safeParse(bad).success, bad).toBe(false);
    for (const good of ["\u05e9\u05dc\u05d5\u05dd\u200f", "Ana\u200eSilva", "Zoë"]) expect(name.safeParse(good).success, good).toBe(true);
  });
});
