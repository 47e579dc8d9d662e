/**
 * `bulwark api <METHOD> <PATH>` against a real server: `--paginate` follows the keyset cursor
 * through a list of 250 users, `--jsonl` streams the same items one per line, `--data -` sends a
 * body from standard input, and failures exit like every command (404 → 5, a bad path → 2).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildTeam, buildUser } from "../support/factories";
import { tempFile } from "./helpers";

describe("bulwark api against a real server", () => {
  const cli = useCliHarness();

  beforeAll(async () => {
    const team = await buildTeam(cli.db, { slug: "api-many" });
    for (let i = 0; i < 250; i++) await buildUser(cli.db, { team });
  }, 120_000);

  it("GET /v2/users --paginate prints the 250 users of every page as one JSON array", async () => {
    const run = await cli.run(["api", "GET", "/v2/users?team=api-many&limit=100", "--paginate"]);
    expect(run.code, run.stderr).toBe(EXIT_CODES.ok);
    const items = JSON.parse(run.stdout) as { uid: string }[];
    expect(items).toHaveLength(250);
    expect(new Set(items.map((item) => item.uid)).size).toBe(250);

    const lines = await cli.run(["api", "get", "users?team=api-many&limit=100", "--paginate", "--jsonl"]);
    expect(lines.code, lines.stderr).toBe(EXIT_CODES.ok);
    const uids = lines.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { uid: string }).uid);
    expect(new Set(uids)).toEqual(new Set(items.map((item) => item.uid)));

    const onePage = JSON.parse((await cli.run(["api", "GET", "/v2/users?team=api-many&limit=100"])).stdout) as {
      items: unknown[];
      total: number;
      nextCursor: string | null;
    };
    expect(onePage.items).toHaveLength(100);
    expect(onePage.total).toBe(250);
    expect(onePage.nextCursor).not.toBeNull();
  });

  it("POST --data - sends standard input as the JSON body; @file works too", async () => {
    const created = await cli.run(["api", "POST", "/v2/team", "--data", "-"], { stdin: JSON.stringify({ teamName: "Api Stdin Co" }) });
    expect(created.code, created.stderr).toBe(EXIT_CODES.ok);
    const team = JSON.parse(created.stdout) as { slug: string; teamName: string };
    expect(team.teamName).toBe("Api Stdin Co");
    const read = await cli.run(["api", "GET", `team/${team.slug}`, "--json"]);
    expect((JSON.parse(read.stdout) as { teamName: string }).teamName).toBe("Api Stdin Co");

    const file = tempFile("team.json", JSON.stringify({ teamName: "Api File Co" }));
    const fromFile = await cli.run(["api", "POST", "/v2/team", "--data", `@${file}`]);
    expect(fromFile.code, fromFile.stderr).toBe(EXIT_CODES.ok);
    expect((JSON.parse(fromFile.stdout) as { teamName: string }).teamName).toBe("Api File Co");
  });

  it("maps failures like every command: 404 exits 5, a refused body 7, a bad path or body 2 before any call", async () => {
    const missing = await cli.run(["api", "GET", "/v2/team/no-such-company", "--json"]);
    expect(missing.code).toBe(EXIT_CODES.notFound);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: { status: 404 } });
    expect((await cli.run(["api", "POST", "/v2/team", "--data", "{}"])).code).toBe(EXIT_CODES.validation);
    for (const args of [
      ["api", "GET", "/v3/users"],
      ["api", "GET", "https://elsewhere.example/v2/users"],
      ["api", "GET", "/v2/../metrics"],
      ["api", "PATCH", "/v2/users"],
      ["api", "POST", "/v2/team", "--data", "{not json"],
      ["api", "GET", "/v2/users", "--data", "{}"],
      ["api", "POST", "/v2/team", "--paginate"],
    ]) {
      const run = await cli.run(args);
      expect({ args, code: run.code }).toEqual({ args, code: EXIT_CODES.usage });
    }
    const notAList = await cli.run(["api", "GET", "/v2/me", "--paginate"]);
    expect(notAList.code).toBe(EXIT_CODES.usage);
  });
});
