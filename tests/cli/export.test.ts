/**
 * `bulwark <list> export` against a real server — the list's filters, the file written
 * whole (and equal to the API's own answer), standard output, JSON Lines, and flags checked with
 * the shared schemas before any call.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildTeam, buildUser } from "../support/factories";

describe("bulwark <list> export against a real server", () => {
  const cli = useCliHarness();
  let team: Row<"teams">;

  beforeAll(async () => {
    team = await buildTeam(cli.db, { slug: "export-cli" });
    for (let i = 0; i < 5; i++) await buildUser(cli.db, { team, firstName: `=Cli ${i}`, status: i < 3 ? "blocked" : "active" });
  });
  it("writes the filtered users to a file, byte for byte what the API answers", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-export-")), "blocked.csv");
    const run = await cli.run(["users", "export", "--team", team.slug, "--status", "blocked", "--bom", "-o", file]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.stringContaining(file) as string });
    expect(existsSync(`${file}.part`)).toBe(false);
    const written = readFileSync(file);
    const api = await cli.server
      .request()
      .get(`/v2/users/export?team=${team.slug}&status=blocked&bom=1&lang=en&format=csv&headers=labels`)
      .set("Authorization", `Bearer ${cli.rootToken}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(written.equals(api.body as Buffer)).toBe(true);
    const lines = written.toString("utf8").split("\r\n").filter(Boolean);
    expect(lines[0]!.startsWith("\uFEFFUser UID,Username,First name")).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((line) => line.includes(",'=Cli "))).toBe(true);
  });

  it("takes the users list's --last-seen group: never-seen users are 'longAgo', none was seen today", async () => {
    const longAgo = await cli.run(["users", "export", "--team", team.slug, "--last-seen", "longAgo", "--json"]);
    expect(longAgo.code).toBe(0);
    expect(longAgo.stdout.split("\n").filter(Boolean)).toHaveLength(5);
    const today = await cli.run(["users", "export", "--team", team.slug, "--last-seen", "today", "--json"]);
    expect([today.code, today.stdout.trim()]).toEqual([0, ""]);
    const bad = await cli.run(["users", "export", "--last-seen", "yesterday"]);
    expect(bad.code).toBe(EXIT_CODES.usage);
    expect(bad.stderr).toContain("--last-seen");
  });

  it("streams JSON Lines to standard output, and the teams and logs exports work the same way", async () => {
    const users = await cli.run(["users", "export", "--team", team.slug, "--format", "jsonl"]);
    expect(users.code).toBe(0);
    const records = users.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { team: string; firstName: string });
    expect(records).toHaveLength(5);
    expect(records.every((r) => r.team === team.slug && r.firstName.startsWith("=Cli"))).toBe(true);
    const teams = await cli.run(["teams", "export", "--search", "export-cli", "--headers", "fields"]);
    expect(teams.stdout.split("\r\n")[0]).toBe("slug,teamName,institution,city,country,language,adminCount,userCount,createdOn");
    expect(teams.stdout).toContain("export-cli");
    const logs = await cli.run(["logs", "export", "--action", "users.export", "--format", "jsonl"]);
    expect(logs.code).toBe(0);
    expect(logs.stdout.split("\n").filter(Boolean).length).toBeGreaterThanOrEqual(2);
  });

  it("refuses bad flags before any call (exit 2), in the CLI's language", async () => {
    const bad = await cli.run(["users", "export", "--status", "gone", "--format", "xml"]);
    expect(bad.code).toBe(EXIT_CODES.usage);
    expect(bad.stderr).toContain("--status");
    expect(bad.stderr).toContain("--format");
    const when = await cli.run(["logs", "export", "--from", "yesterday", "--lang", "pt"]);
    expect(when.code).toBe(EXIT_CODES.usage);
    expect(when.stderr).toContain("--from");
  });

  it("--json keeps stdout JSON: rows as JSON Lines, a summary with -o, and --format csv to stdout refused (exit 2)", async () => {
    const logs = await cli.run(["logs", "export", "--json"]);
    expect(logs.code, logs.stderr).toBe(0);
    const lines = logs.stdout.split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const users = await cli.run(["users", "export", "--team", team.slug, "--json"]);
    expect(users.stdout.split("\n").filter(Boolean)).toHaveLength(5);
    const csv = await cli.run(["users", "export", "--json", "--format", "csv"]);
    expect(csv.code).toBe(EXIT_CODES.usage);
    expect(JSON.parse(csv.stderr)).toMatchObject({ error: { code: "usage" } });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-export-")), "users.csv");
    const toFile = await cli.run(["users", "export", "--team", team.slug, "--json", "-o", file]);
    expect(JSON.parse(toFile.stdout)).toEqual({ file, contentType: expect.stringContaining("text/csv") as string });
    expect(readFileSync(file, "utf8")).toContain("=Cli");
    const help = await cli.run(["logs", "export", "--help"]);
    expect(help.stdout).toMatch(/implies\s+--format\s+jsonl/);
  });
});
