/**
 * A name holding terminal escapes (stored before input validation refused
 * them, or written straight into the database) must not reach the operator's terminal raw. The
 * human output shows them as visible escapes; `--json` keeps the stored text exactly.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Chalk } from "chalk";
import type { Row } from "../../server/db/types";
import { renderTable, printable } from "../../cli/output";
import { useCliHarness } from "../support/cli";
import { buildAdmin, buildDevice, buildTeam, buildUser } from "../support/factories";

const TITLE = "\u001b]0;PWNED\u0007";
const RED = "\u001b[31m";
const FIRST = `${TITLE}Eve`;
const LAST = `${RED}Mallory\u202e\u009b2J\r`;
/** Bytes no human output may carry once the planted names are printed (tests run off a TTY: no colors). */
const RAW = /(?![\t\n])\p{Cc}|[\u202a-\u202e\u2066-\u2069]/u;

describe("bulwark prints server text safely", () => {
  const cli = useCliHarness();
  let user: Row<"users">;
  let team: Row<"teams">;
  let admin: Row<"admins">;

  beforeAll(async () => {
    const db = cli.db;
    // Planted straight into the database: the API's validation would refuse these names.
    team = await buildTeam(db, { slug: "escape-team", teamName: `${RED}Escape\u001b[0m Team`, city: `${TITLE}Lisbon` });
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
    const json = JSON.parse((await cli.run(["teams", "show", team.slug, "--json"])).stdout) as { teamName: string; city: string };
    expect([json.teamName, json.city]).toEqual([team.teamName, `${TITLE}Lisbon`]);
  });

  it("printable keeps text, tabs, line feeds and the CLI's own colors", () => {
    expect(printable("Zoë\tO'Brien\nÅsa 李")).toBe("Zoë\tO'Brien\nÅsa 李");
    const color = new Chalk({ level: 1 });
    const table = renderTable(["h"], [[{ text: `ok${RED}`, color: "green" }]], true, color);
    expect(table).toContain(color.green("ok\\x1b[31m"));
  });
});
