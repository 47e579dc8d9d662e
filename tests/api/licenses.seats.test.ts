/**
 * Issue 15 item 6: seats are never oversold. 200 parallel one-seat requests (user creations)
 * against 100 free seats: exactly 100 succeed, the other 100 get the catalogue's 'Not enough
 * available licenses' error, and the database holds 100 users. On PostgreSQL the requests are
 * split over two app instances with their own connection pools on one database, as two server
 * processes behind a load balancer; on SQLite one process serves them all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const SECRETS = { JWT_SECRET: "j".repeat(40), SESSION_SECRET: "s".repeat(40), PASSWORD_PEPPER: "p".repeat(40) };
const REQUESTS = 200;
const FREE = 100;

describe.each(testDialects())("seat reservation under concurrency on %s", (dialect) => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    one = await getTestServer({ dialect, env: SECRETS });
    two = dialect === "postgres" ? await getTestServer({ shareDatabaseOf: one, env: SECRETS }) : one;
  });
  afterAll(async () => {
    if (two !== one) await two?.close();
    await one?.close();
  });

  it(`lets exactly ${FREE} of ${REQUESTS} parallel one-seat requests through`, async () => {
    const db = one.database.db;
    const auth = await bearerFor(one.config, await buildAdmin(db, { role: "root" }));
    const team = await buildTeam(db);
    // 130 seats in two packs, 30 already used: 100 free. An expired pack adds none.
    await buildPack(db, { team, licenseCount: 80 });
    await buildPack(db, { team, licenseCount: 50 });
    await buildPack(db, { team, licenseCount: 1000, expiresAt: Date.now() - 1000 });
    for (let i = 0; i < 30; i++) await buildUser(db, { team });
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        (i % 2 ? two : one)
          .request()
          .post("/v2/user")
          .set("Authorization", auth)
          .send({ username: `seat-${i}@race.test`, firstName: "Seat", lastName: String(i), team: team.slug }),
      ),
    );
    const outcomes = answers.map((res) => (res.status === 200 ? "created" : `${res.status} ${res.body.error?.code}`));
    const tally = outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});
    expect(tally).toEqual({ created: FREE, "400 notEnoughLicenses": REQUESTS - FREE });
    const refused = answers.find((res) => res.status === 400)!;
    expect(refused.body.error.message).toBe("Not enough available licenses - Reduce number of invites");
    const count = await db.selectFrom("users").select((eb) => eb.fn.countAll<number | string>().as("n")).where("teamId", "=", team.id).where("username", "like", "seat-%").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(FREE);
    const seats = await one.request().get(`/v2/teams/${team.slug}/seats`).set("Authorization", auth);
    expect(seats.body).toEqual({ capacity: 130, users: 130, invites: 0, available: 0 });
  }, 120_000);
});
