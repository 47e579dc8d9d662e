/**
 * A name holding terminal escapes (stored before input validation refused
 * them, or written straight into the database) must not reach the operator's terminal raw. The
 * human output shows them as visible escapes; `--json` keeps the stored text exactly.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Chalk } from "chalk";
import type { Row } from "../../server/db/types";
import { renderTable, printable, terminalJson } from "../../cli/output";
import { useCliHarness } from "../support/cli";
import { buildAdmin, buildDevice, buildTeam, buildUser } from "../support/factories";

const TITLE = "\u001b]0;PWNED\u0007";
const RED = "\u001b[31m";
const FIRST = `${TITLE}Eve`;
const LAST = `${RED}Mallory\u202e\u009b2J\r`;
/** Bytes no human output may carry once the planted names are printed (tests run off a TTY: no colors). */
const RAW = /(?![\t\n])\p{Cc}|[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** What `--json` output may not carry raw either (JSON itself escapes C0): DEL, C1, direction marks, separators. */
const JSON_RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** Invisible direction marks and line separators (issue #32 item 7): planted in a city. */
const MARKS = "\u200eA\u200fB\u061cC\u2028D\u2029E\u2067F\u2069\u007f";

describe("bulwark prints server text safely", () => {
  const cli = useCliHarness();
  let user: Row<"users">;
  let team: Row<"teams">;
  let admin: Row<"admins">;

  beforeAll(async () => {
    const db = cli.db;
    // Planted straight into the database: the API's validation would refuse these names.
    team = await buildTeam(db, { slug: "escape-team", teamName: `${RED}Escape\u001b[0m Team`, city: `${TITLE}Lisbon${MARKS}` });
    user = await buildUser(db, { team, firstName: FIRST, lastName: LAST });
    await buildDevice(db, user, { deviceName: `${RED}phone\u0007` });
    admin = await buildAdmin(db, { firstName: FIRST, lastName: LAST, teams: [team] });
  });

  it("users list and show: no raw control byte, visible escapes instead; --json exact", async () => {
    for (const args of [
      ["users", "list", "--team", team.slug],
      ["users", "show", user.uid],
    ]) {
      const run = await cli.run(args);
      expect({ args, code: run.code, stderr: run.stderr.replace(/No devices.*\n/, "") }).toEqual({ args, code: 0, stderr: "" });
      expect(run.stdout).not.toMatch(RAW);
      expect(run.stdout).toContain("\\x1b]0;PWNED\\x07Eve");
      expect(run.stdout).toContain("\\x1b[31mMallory\\u202e\\x9b2J");
    }
    const shown = await cli.run(["users", "show", user.uid]);
    expect(shown.stdout).toContain("\\x1b[31mphone\\x07");

    const listed = await cli.run(["users", "list", "--team", team.slug, "--json"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(JSON_RAW);
    expect(listed.stdout).toContain("\\u202e\\u009b2J");
    const item = (JSON.parse(listed.stdout) as { items: { firstName: string; lastName: string; team: { teamName: string } }[] }).items[0]!;
    expect([item.firstName, item.lastName, item.team.teamName]).toEqual([FIRST, LAST, team.teamName]);
    const detail = JSON.parse((await cli.run(["users", "show", user.uid, "--json"])).stdout) as {
      firstName: string;
      devices: { deviceName: string }[];
    };
    expect([detail.firstName, detail.devices[0]!.deviceName]).toEqual([FIRST, `${RED}phone\u0007`]);
  });

  it("teams and admins: tables and fields are printable too", async () => {
    for (const args of [
      ["teams", "list"],
      ["teams", "show", team.slug],
      ["admins", "list"],
      ["admins", "show", admin.uid],
    ]) {
      const run = await cli.run(args);
      expect({ args, code: run.code }).toEqual({ args, code: 0 });
      expect(run.stdout + run.stderr).not.toMatch(RAW);
      expect(run.stdout).toContain("\\x1b[31m");
    }
    const shown = await cli.run(["teams", "show", team.slug]);
    expect(shown.stdout).toContain("Lisbon\\u200eA\\u200fB\\u061cC\\u2028D\\u2029E\\u2067F\\u2069\\x7f");
    const raw = (await cli.run(["teams", "show", team.slug, "--json"])).stdout;
    expect(raw).not.toMatch(JSON_RAW);
    const json = JSON.parse(raw) as { teamName: string; city: string };
    expect([json.teamName, json.city]).toEqual([team.teamName, `${TITLE}Lisbon${MARKS}`]);
    const viaApi = await cli.run(["api", "GET", `/v2/team/${team.slug}`]);
    expect(viaApi.stdout).not.toMatch(JSON_RAW);
    expect((JSON.parse(viaApi.stdout) as { city: string }).city).toBe(`${TITLE}Lisbon${MARKS}`);
  });

  it("printable keeps text, tabs, line feeds and the CLI's own colors", () => {
    expect(printable("Zoë\tO'Brien\nÅsa 李")).toBe("Zoë\tO'Brien\nÅsa 李");
    const color = new Chalk({ level: 1 });
    const table = renderTable(["h"], [[{ text: `ok${RED}`, color: "green" }]], true, color);
    expect(table).toContain(color.green("ok\\x1b[31m"));
  });

  it("terminalJson escapes DEL, C1, direction marks and separators; JSON.parse gives the same data back", () => {
    const value = { name: `a\u009b2Jb\u202ec\u2066d\u2069\u200e\u200f\u061c\u2028\u2029\u007f\u0085é李`, n: [1, null] };
    const text = terminalJson(value, 2);
    expect(text).not.toMatch(JSON_RAW);
    expect(text).toContain("a\\u009b2Jb\\u202ec\\u2066d\\u2069\\u200e\\u200f\\u061c\\u2028\\u2029\\u007f\\u0085é李");
    expect(JSON.parse(text)).toEqual(value);
    expect(terminalJson({ plain: "Zoë" })).toBe(JSON.stringify({ plain: "Zoë" }));
    expect(printable("x\u200ey\u061cz\u2028w")).toBe("x\\u200ey\\u061cz\\u2028w");
  });
});
