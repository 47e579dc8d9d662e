/**
 * Seats are never oversold. 200 parallel one-seat requests (user creations)
 * against 100 free seats: exactly 100 succeed, the other 100 get the catalogue's 'Not enough
 * available licenses' error, and the database holds 100 users. On PostgreSQL the requests are
 * split over two app instances with their own connection pools on one database, as two server
 * processes behind a load balancer; on SQLite one process serves them all.
 */
import { randomUUID } from "node:crypto";
import type { Response } from "supertest";
import { describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { useServerPair } from "../support/lifecycle";

const REQUESTS = 200;
const FREE = 100;

/**
 * Sends a request again after a 503 with Retry-After (`contention` or `unavailable`), as a client
 * does: on a starved machine 200 creations queued behind one team's seat counter can outwait
 * PostgreSQL's lock_timeout or the pool's 5 s wait for a connection, and both answers say
 * "nothing happened, try again" — the race must still settle at exactly FREE users. Counts the
 * retries in `retried`.
 */
async function settled(send: () => PromiseLike<Response>, retried: { count: number }): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (res.status !== 503 || res.headers["retry-after"] === undefined || attempt === 10) return res;
    retried.count++;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

describe.each(testDialects())("seat reservation under concurrency on %s", (dialect) => {
  const { one, two } = useServerPair(dialect);

  it(`lets exactly ${FREE} of ${REQUESTS} parallel one-seat requests through`, async () => {
    const db = one.database.db;
    const auth = await bearerFor(one.config, await buildAdmin(db, { role: "root" }));
    const team = await buildTeam(db);
    // 130 seats in two packs, 30 already used: 100 free. An expired pack adds none.
    await buildPack(db, { team, licenseCount: 80 });
    await buildPack(db, { team, licenseCount: 50 });
    await buildPack(db, { team, licenseCount: 1000, expiresAt: Date.now() - 1000 });
    for (let i = 0; i < 30; i++) await buildUser(db, { team });
    const retried = { count: 0 };
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        settled(
          () =>
            (i % 2 ? two : one)
              .request()
              .post("/v2/user")
              .set("Authorization", auth)
              .send({ username: `seat-${i}@race.test`, firstName: "Seat", lastName: String(i), team: team.slug }),
          retried,
        ),
      ),
    );
    if (retried.count > 0) console.log(`seat race on ${dialect}: ${retried.count} answers were 503 (busy or timed out), sent again`);
    const outcomes = answers.map((res) => (res.status === 200 ? "created" : `${res.status} ${res.body.error?.code}`));
    const tally = outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});
    expect(tally).toEqual({ created: FREE, "400 notEnoughLicenses": REQUESTS - FREE });
    const refused = answers.find((res) => res.status === 400)!;
    expect(refused.body.error.message).toBe("Not enough available licenses. Reduce number of invites");
    const count = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("teamId", "=", team.id)
      .where("username", "like", "seat-%")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(FREE);
    const seats = await one.request().get(`/v2/teams/${team.slug}/seats`).set("Authorization", auth);
    expect(seats.body).toEqual({ capacity: 130, users: 130, invites: 0, available: 0 });
  }, 120_000);

  it("never leaves a team with more users than seats when a distribution races user creations", async () => {
    const db = one.database.db;
    const auth = await bearerFor(one.config, await buildAdmin(db, { role: "root" }));
    for (let round = 0; round < 5; round++) {
      const source = await buildTeam(db);
      const target = await buildTeam(db);
      const pack = await buildPack(db, { team: source, licenseCount: 20 });
      for (let i = 0; i < 10; i++) await buildUser(db, { team: source });
      // 10 seats free: distributing 10 away and creating 10 users cannot both happen.
      const calls = [
        one
          .request()
          .put("/v2/license")
          .set("Authorization", auth)
          .send({ id: pack.uid, action: "distribute", team: target.slug, licenseCount: 10 }),
        ...Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? two : one)
            .request()
            .post("/v2/user")
            .set("Authorization", auth)
            .send({ username: `race-${round}-${i}@dist.test`, firstName: "Race", lastName: String(i), team: source.slug }),
        ),
      ];
      const [distribution, ...creations] = await Promise.all(calls);
      const created = creations.filter((res) => res.status === 200).length;
      expect(
        creations.every((res) => res.status === 200 || res.body.error?.code === "notEnoughLicenses"),
        JSON.stringify(creations.map((r) => r.body.error)),
      ).toBe(true);
      expect([200, 409]).toContain(distribution!.status);
      const seats = (await one.request().get(`/v2/teams/${source.slug}/seats`).set("Authorization", auth)).body as {
        capacity: number;
        users: number;
      };
      expect(seats.users).toBe(10 + created);
      expect(seats.users).toBeLessThanOrEqual(seats.capacity);
      expect(seats.capacity).toBe(distribution!.status === 200 ? 10 : 20);
    }
  }, 120_000);

  it("never oversells when two imports (one per instance) race user creations for the same company", async () => {
    const db = one.database.db;
    const auth = await bearerFor(one.config, await buildAdmin(db, { role: "root" }));
    // A second root for the second import: one admin runs one import at a time (issue 32's gate).
    const other = await bearerFor(one.config, await buildAdmin(db, { role: "root" }));
    const team = await buildTeam(db);
    await buildPack(db, { team, licenseCount: 300 });
    // 600 rows per import (two batches each) and 40 creations: 1,240 asked for, 300 free.
    const file = (name: string) =>
      ["username,firstName,lastName,team", ...Array.from({ length: 600 }, (_, i) => `${name}-${i}@imp.test,Imp,${i},${team.slug}`)].join(
        "\n",
      );
    const [a, b, ...creations] = await Promise.all([
      one
        .request()
        .post(`/v2/users/import?mode=apply&id=${randomUUID()}`)
        .set("Authorization", auth)
        .set("Content-Type", "text/csv")
        .send(file("a")),
      two
        .request()
        .post(`/v2/users/import?mode=apply&id=${randomUUID()}`)
        .set("Authorization", other)
        .set("Content-Type", "text/csv")
        .send(file("b")),
      ...Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? two : one)
          .request()
          .post("/v2/user")
          .set("Authorization", auth)
          .send({ username: `mix-${i}@imp.test`, firstName: "Mix", lastName: String(i), team: team.slug }),
      ),
    ]);
    expect([a.body.status, b.body.status]).toEqual(["done", "done"]);
    expect(creations.every((res) => res.status === 200 || res.body.error?.code === "notEnoughLicenses")).toBe(true);
    const created = a.body.counts.created + b.body.counts.created + creations.filter((res) => res.status === 200).length;
    expect(a.body.counts.created + a.body.counts.invalid).toBe(600);
    expect(b.body.counts.created + b.body.counts.invalid).toBe(600);
    // Far more asked for than free: every seat is taken, none twice.
    expect(created).toBe(300);
    const seats = await one.request().get(`/v2/teams/${team.slug}/seats`).set("Authorization", auth);
    expect(seats.body).toEqual({ capacity: 300, users: 300, invites: 0, available: 0 });
  }, 120_000);
});
