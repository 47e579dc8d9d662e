/**
 * A domain removal at the same moment as a user creation into that team must not let a
 * user in outside the white-list without the removal's confirmation. Both paths lock the team's
 * row before reading the domains, so they run one after the other. The interleaving that broke it
 * is forced on PostgreSQL: the creation is held right after its white-list check (another
 * transaction holds the same username, so its INSERT waits on the unique index) while the
 * removal runs. Without the lock, the removal counted nobody in the domain, deleted it and the
 * creation then committed a user outside it; with it, the removal waits and then asks for
 * confirmation (409 naming one user).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, givePassword } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

describe.each(testDialects())("a domain removal racing a user creation on %s", (dialect) => {
  let server: TestServer;
  let auth: string;
  let password: string;

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    const root = await buildAdmin(server.database.db, { role: "root" });
    password = await givePassword(server.database.db, server.config, root);
    auth = await bearerFor(
      server.config,
      await server.database.db.selectFrom("admins").selectAll().where("id", "=", root.id).executeTakeFirstOrThrow(),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (method: "post" | "put" | "delete", url: string, body: object) =>
    server.request()[method](url).set("Authorization", auth).send(body);

  it("never lets both through unconfirmed when they are sent together", async () => {
    const db = server.database.db;
    for (let round = 0; round < 5; round++) {
      const tag = randomBytes(4).toString("hex");
      const team = await buildTeam(db, { slug: `race-${tag}`, teamName: `Race ${tag}` });
      await buildPack(db, { team, licenseCount: 10 });
      expect(
        (await send("put", "/v2/team/domains", { slug: team.slug, domains: [`a-${tag}.example`, `b-${tag}.example`], password })).status,
      ).toBe(200);
      const [created, removed] = await Promise.all([
        send("post", "/v2/user", { username: `u@b-${tag}.example`, firstName: "U", lastName: "V", team: team.slug }),
        send("delete", "/v2/team/domains", { slug: team.slug, domains: [`b-${tag}.example`], password }),
      ]);
      // Either the removal came first (the creation meets the new white-list) or the creation did (the removal asks).
      const outcome = `${created.status}/${removed.status}`;
      expect(["502/200", "200/409"], JSON.stringify([created.body, removed.body])).toContain(outcome);
    }
  });

  // The forced interleaving needs a second connection: SQLite's single writer has nothing to interleave.
  if (dialect === "postgres")
    it("serializes them: the creation commits first and the removal then asks to confirm the user it leaves outside", async () => {
      const db = server.database.db;
      const tag = randomBytes(4).toString("hex");
      const team: Row<"teams"> = await buildTeam(db, { slug: `race-${tag}`, teamName: `Race ${tag}` });
      const other = await buildTeam(db, { slug: `race-other-${tag}`, teamName: `Race other ${tag}` });
      await buildPack(db, { team, licenseCount: 10 });
      expect(
        (await send("put", "/v2/team/domains", { slug: team.slug, domains: [`a-${tag}.example`, `b-${tag}.example`], password })).status,
      ).toBe(200);
      const username = `late@b-${tag}.example`;

      const holder = new pg.Client({ connectionString: server.database.options.databaseUrl });
      const probe = new pg.Client({ connectionString: server.database.options.databaseUrl });
      await Promise.all([holder.connect(), probe.connect()]);
      const waiting = async () =>
        Number(
          (await probe.query("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'"))
            .rows[0].n,
        );
      const waitFor = async (count: number) => {
        for (let i = 0; i < 200 && (await waiting()) < count; i++) await new Promise((resolve) => setTimeout(resolve, 25));
        return waiting();
      };
      try {
        // Holds the username (uncommitted), so the creation waits at its INSERT, after its white-list check.
        await holder.query("begin");
        await holder.query(
          "insert into users (uid, username, first_name, last_name, team_id, status, created_at, updated_at) values ($1, $2, 'H', 'H', $3, 'active', 0, 0)",
          ["00000000-0000-4000-8000-" + tag.padStart(12, "0"), username, other.id],
        );
        const creation = send("post", "/v2/user", { username, firstName: "Late", lastName: "Comer", team: team.slug }).then((res) => res);
        expect(await waitFor(1)).toBe(1);
        const removal = send("delete", "/v2/team/domains", { slug: team.slug, domains: [`b-${tag}.example`], password }).then((res) => res);
        // The removal now waits for the team's row, which the creation holds (or, unlocked, finishes at once).
        await waitFor(2);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await holder.query("rollback");
        const [created, removed] = await Promise.all([creation, removal]);
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        expect(removed.status, JSON.stringify(removed.body)).toBe(409);
        expect(removed.body.error.details).toEqual({ usersLeftOutside: 1 });
        const domains = await db.selectFrom("teamDomains").select("domain").where("teamId", "=", team.id).orderBy("domain").execute();
        expect(domains.map((d) => d.domain)).toEqual([`a-${tag}.example`, `b-${tag}.example`]);
      } finally {
        await holder.query("rollback").catch(() => undefined);
        await Promise.all([holder.end(), probe.end()]);
      }
    });
});
