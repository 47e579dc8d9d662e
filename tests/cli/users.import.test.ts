import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildPack, buildTeam, buildUser } from "../support/factories";

describe("bulwark users import against a real server", () => {
  const cli = useCliHarness();
  let team: Row<"teams">;

  const usernames = async () =>
    (await cli.db.selectFrom("users").select("username").where("teamId", "=", team.id).orderBy("username").execute()).map(
      (r) => r.username,
    );

  beforeAll(async () => {
    team = await buildTeam(cli.db, { slug: "import-team" });
    await buildPack(cli.db, { team, licenseCount: 100 });
  });

  it("--dry-run prints the preview and changes nothing; --yes imports and exits 10 when a row failed", async () => {
    await buildUser(cli.db, { team, username: "kept", firstName: "Kept", lastName: "Before" });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-import-")), "people.csv");
    writeFileSync(
      file,
      [
        "username,firstName,lastName,team,ecs",
        "ada@import.test,Ada,Lovelace,import-team,yes",
        "kept,Kept,After,import-team,",
        "bad name,Bad,Row,import-team,",
        "ada@import.test,Ada,Again,import-team,",
      ].join("\n"),
    );

    const dry = await cli.run(["users", "import", "--file", file, "--dry-run", "--json"]);
    expect(dry.stderr).toBe("");
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dryRun: true,
      total: 4,
      counts: { new: 1, changed: 1, invalid: 1, duplicate: 1 },
      errors: { invalidField: [{ row: 3, field: "username" }], duplicate: [{ row: 4 }] },
    });
    const human = await cli.run(["users", "import", "--file", file, "--dry-run"]);
    expect(human.stderr).toContain("Dry run: nothing was changed");
    expect(human.stdout).toContain("A field is not valid");
    expect(await usernames()).toEqual(["kept"]);

    const refused = await cli.run(["users", "import", "--file", file]);
    expect(refused.code).toBe(EXIT_CODES.usage);
    expect(await usernames()).toEqual(["kept"]);

    const run = await cli.run(["users", "import", "--file", file, "--yes", "--json"]);
    expect(run.code).toBe(EXIT_CODES.partial);
    const status = JSON.parse(run.stdout) as { id: string; status: string; counts: Record<string, number> };
    expect(status).toMatchObject({ status: "done", counts: { created: 1, changed: 1, invalid: 1, duplicate: 1 } });
    expect(run.stderr).toContain(`--resume ${status.id}`);
    expect(await usernames()).toEqual(["ada@import.test", "kept"]);
    const kept = await cli.db.selectFrom("users").select("lastName").where("username", "=", "kept").executeTakeFirstOrThrow();
    expect(kept.lastName).toBe("After");

    // The same import id again: already done, nothing runs twice; a clean file exits 0.
    const again = await cli.run(["users", "import", "--file", file, "--yes", "--json", "--resume", status.id]);
    expect(JSON.parse(again.stdout)).toMatchObject({ id: status.id, counts: { created: 1 } });
    const clean = path.join(path.dirname(file), "clean.csv");
    writeFileSync(clean, "username,firstName,lastName,team\ngrace@import.test,Grace,Hopper,import-team\n");
    const ok = await cli.run(["users", "import", "--file", clean, "--yes"]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("Import finished");
    expect(await usernames()).toEqual(["ada@import.test", "grace@import.test", "kept"]);
  });

  it("--all-or-nothing refused by the database, no row to blame: exits 10 and prints why nothing was imported", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-import-")), "aon.csv");
    writeFileSync(file, "username,firstName,lastName,team\naon-1@import.test,A,One,import-team\naon-2@import.test,A,Two,import-team\n");
    // The database refuses the users insert as a whole (a trigger standing in for a constraint only the write meets).
    await sql`create trigger fail_cli_import before insert on users when new.username = 'aon-2@import.test' begin select raise(abort, 'injected failure'); end`.execute(
      cli.db,
    );
    try {
      const run = await cli.run(["users", "import", "--file", file, "--yes", "--all-or-nothing"]);
      expect(run.code).toBe(EXIT_CODES.partial);
      expect(run.stdout).toMatch(/Reason\s+Could not be saved/);
      expect(run.stdout).toMatch(/Not imported \(all or nothing\)\s+2/);
      expect(run.stdout).not.toContain("Problem");
    } finally {
      await sql`drop trigger fail_cli_import`.execute(cli.db);
    }
    expect(await usernames()).not.toContain("aon-1@import.test");
  });
});
