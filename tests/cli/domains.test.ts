import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildAdmin, buildTeam, buildUser, GOOD_PASSWORD } from "../support/factories";

describe("bulwark domains and associations against a real server", () => {
  const cli = useCliHarness();
  let adminToken: string;
  let teams: Row<"teams">[];

  beforeAll(async () => {
    teams = [];
    for (const slug of ["cli-a", "cli-b", "cli-c"]) teams.push(await buildTeam(cli.db, { slug, teamName: slug.toUpperCase() }));
    adminToken = await cli.tokenOf(await buildAdmin(cli.db, { teams: [teams[0]!] }));
  });

  it("adds and removes domains with --password-stdin; a wrong password exits as an authentication failure", async () => {
    const wrong = await cli.run(["domains", "add", "cli-a", "Cli-A.Example", "--password-stdin"], { stdin: "Wr0ng!Pass\n" });
    expect(wrong.code).toBe(EXIT_CODES.authentication);
    expect(wrong.stderr).toContain("Bad password. The domains were not changed");

    const added = await cli.run(["domains", "add", "cli-a", "Cli-A.Example", "b.cli-a.example", "--password-stdin", "--json"], {
      stdin: `${GOOD_PASSWORD}\n`,
    });
    expect(added.stderr).toBe("");
    expect(JSON.parse(added.stdout)).toEqual({ slug: "cli-a", domains: ["b.cli-a.example", "cli-a.example"], usersOutside: 0 });

    await buildUser(cli.db, { team: teams[0]!, username: "one@b.cli-a.example" });
    const refused = await cli.run(["domains", "remove", "cli-a", "b.cli-a.example", "--password-stdin"], { stdin: `${GOOD_PASSWORD}\n` });
    expect(refused.code).toBe(EXIT_CODES.usage);
    expect(refused.stderr).toContain("1 users have these domains: pass --yes");
    const removed = await cli.run(["domains", "remove", "cli-a", "b.cli-a.example", "--password-stdin", "--yes", "--json"], {
      stdin: `${GOOD_PASSWORD}\n`,
    });
    expect(JSON.parse(removed.stdout)).toEqual({ slug: "cli-a", domains: ["cli-a.example"], usersOutside: 1 });

    const listed = JSON.parse((await cli.run(["domains", "list", "--search", "cli-a", "--json"])).stdout) as {
      items: { slug: string; usersOutside: number }[];
    };
    expect(listed.items).toEqual([expect.objectContaining({ slug: "cli-a", domains: ["cli-a.example"], usersOutside: 1 })]);

    const noPassword = await cli.run(["domains", "add", "cli-b", "cli-b.example"]);
    expect(noPassword.code).toBe(EXIT_CODES.usage);
    const admin = await cli.run(["domains", "list"], { token: adminToken });
    expect(admin.stderr).toContain("Only a super administrator can manage domains");
  });

  it("creates, shows, updates, lists and deletes an association", async () => {
    const created = await cli.run(["associations", "create", "--name", "CLI trio", "--team", "cli-a", "cli-b", "cli-c", "--json"]);
    expect(created.stderr).toBe("");
    const association = JSON.parse(created.stdout) as { id: string; status: string; teams: { slug: string }[] };
    expect(association).toMatchObject({ status: "open", closedCommunications: false });
    expect(association.teams.map((t) => t.slug).sort()).toEqual(["cli-a", "cli-b", "cli-c"]);

    const closed = JSON.parse(
      (await cli.run(["associations", "update", association.id, "--status", "closed", "--closed-communications", "--json"])).stdout,
    );
    expect(closed).toMatchObject({ id: association.id, status: "closed", closedCommunications: true });
    const shown = await cli.run(["associations", "show", association.id]);
    expect(shown.stdout).toContain("CLI trio");
    const list = JSON.parse((await cli.run(["associations", "list", "--search", "CLI trio", "--json"])).stdout) as {
      items: { id: string }[];
    };
    expect(list.items.map((i) => i.id)).toEqual([association.id]);

    const oneTeam = await cli.run(["associations", "create", "--name", "Solo", "--team", "cli-a"]);
    expect(oneTeam.code).toBe(EXIT_CODES.usage);
    expect((await cli.run(["associations", "delete", association.id])).code).toBe(EXIT_CODES.usage);
    expect((await cli.run(["associations", "delete", association.id, "--yes"])).code).toBe(0);
    const gone = await cli.run(["associations", "show", association.id]);
    expect(gone.stderr).toContain("Association not found");
  });
});
