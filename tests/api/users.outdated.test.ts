/**
 * Devices whose app version is below their platform's minimum (the apps
 * settings). `devices.version_key` (migration 0014, kept by triggers) must equal the JavaScript
 * key on odd versions on both engines; `GET /v2/users?outdated=` filters on it numerically
 * (5.10.0 > 5.9.0), each row says `appOutdated`, the profile marks each device, and a change of
 * the minimum is seen by the next call (no stale cached total).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appVersionKey } from "../../shared/appVersions";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildDevice, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import type { Row } from "../../server/db/types";

const ODD_VERSIONS = [
  "5.10.0",
  "5.9.0",
  "5.9.10",
  "0.0.0",
  "007.08.09",
  "5.2.1-beta",
  "5.2.1 (1234)",
  "5.2",
  "5",
  "v5.2.1",
  "",
  ".1.2",
  "1..2",
  "1.2.x",
  "99999999999999999999.1.1",
  "1.2.3.4",
  "1.2.3.x",
];

describe.each(testDialects())("app versions below the minimum on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  const db = () => server.database.db;
  const users: Record<string, Row<"users">> = {};
  const setApps = (android: string) =>
    server
      .request()
      .put("/v2/settings/apps")
      .set("Authorization", root)
      .send({ android: { minVersion: android, lastVersion: "9.0.0", downloadUrl: "https://dl.example.com/a" } });
  const listed = async (query: string, auth = root) => {
    const res = await server.request().get(`/v2/users?limit=100&${query}`).set("Authorization", auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { total: number; items: { uid: string; appOutdated: boolean }[] };
  };
  const uidsOf = (names: string[]) => names.map((n) => users[n]!.uid).sort();

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root", teams: [] }));
    const team = await buildTeam(db());
    const add = async (name: string, devices: [number, string | null][]) => {
      users[name] = await buildUser(db(), { team, username: `${name}@outdated.test` });
      for (const [platform, appVersion] of devices)
        await buildDevice(db(), users[name], { platform: platform as Row<"devices">["platform"], appVersion });
    };
    await add("current", [[1, "5.10.0"]]); // numerically above 5.9.0, textually below it
    await add("old", [[1, "5.8.9"]]);
    await add("mixed", [
      [1, "6.0.0"],
      [1, "5.9.0-rc1"],
    ]); // the second is below 5.9.1
    await add("ios", [[2, "1.0.0"]]); // iOS minimum stays at its default 1.0.0
    await add("unknown", [[7, "0.0.1"]]); // a platform without an app policy
    await add("odd", [
      [1, "beta"],
      [1, null],
    ]); // not a version: never marked
    await add("none", []);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("keeps devices.version_key equal to the JavaScript key on insert and on update, for odd versions", async () => {
    const user = await buildUser(db());
    for (const version of ODD_VERSIONS) {
      const device = await buildDevice(db(), user, { appVersion: version });
      const row = await db().selectFrom("devices").select("versionKey").where("id", "=", device.id).executeTakeFirstOrThrow();
      expect({ version, key: row.versionKey }).toEqual({ version, key: appVersionKey(version) });
      await db().updateTable("devices").set({ appVersion: "5.10.0" }).where("id", "=", device.id).execute();
      const updated = await db().selectFrom("devices").select("versionKey").where("id", "=", device.id).executeTakeFirstOrThrow();
      expect(updated.versionKey).toBe("000005000010000000");
    }
    expect(appVersionKey("5.10.0")! > appVersionKey("5.9.0")!).toBe(true);
    await db().deleteFrom("devices").where("userId", "=", user.id).execute();
    await db().deleteFrom("users").where("id", "=", user.id).execute();
  });

  it("filters and marks users below the minimum numerically, and sees a new minimum at once", async () => {
    expect((await setApps("5.9.1")).status).toBe(200);
    const outdated = await listed("outdated=true&search=outdated.test");
    expect(outdated.items.map((u) => u.uid).sort()).toEqual(uidsOf(["old", "mixed"]));
    expect(outdated.total).toBe(2);
    expect(outdated.items.every((u) => u.appOutdated)).toBe(true);

    const rest = await listed("outdated=false&search=outdated.test");
    expect(rest.items.map((u) => u.uid).sort()).toEqual(uidsOf(["current", "ios", "unknown", "odd", "none"]));
    expect(rest.items.some((u) => u.appOutdated)).toBe(false);

    const all = await listed("search=outdated.test");
    expect(
      all.items
        .filter((u) => u.appOutdated)
        .map((u) => u.uid)
        .sort(),
    ).toEqual(uidsOf(["old", "mixed"]));
    const unfiltered = await listed("outdated=true");
    expect(unfiltered.items.map((u) => u.uid).sort()).toEqual(uidsOf(["old", "mixed"]));

    expect((await setApps("5.10.1")).status).toBe(200);
    const raised = await listed("outdated=true");
    expect(raised.items.map((u) => u.uid).sort()).toEqual(uidsOf(["current", "old", "mixed"]));
    expect(raised.total).toBe(3);
    expect((await setApps("1.0.0")).status).toBe(200);
    expect((await listed("outdated=true")).total).toBe(0);
  });

  it("keeps a team administrator's scope and combines with the platform filter", async () => {
    expect((await setApps("5.9.1")).status).toBe(200);
    const otherTeam = await buildTeam(db());
    const stranger = await buildUser(db(), { team: otherTeam });
    await buildDevice(db(), stranger, { platform: 1, appVersion: "1.0.0" });
    const admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [otherTeam] }));
    expect((await listed("outdated=true", admin)).items.map((u) => u.uid)).toEqual([stranger.uid]);
    expect((await listed("outdated=true&platform=2")).total).toBe(0);
    expect((await listed("outdated=true&platform=1")).items.map((u) => u.uid).sort()).toEqual(
      [...uidsOf(["old", "mixed"]), stranger.uid].sort(),
    );
    const bad = await server.request().get("/v2/users?outdated=maybe").set("Authorization", root);
    expect(bad.status).toBe(400);
  });

  it("marks each device below its platform's minimum on the profile", async () => {
    expect((await setApps("5.9.1")).status).toBe(200);
    const res = await server.request().get(`/v2/user/${users.mixed!.uid}`).set("Authorization", root);
    expect(res.status).toBe(200);
    const marks = Object.fromEntries(
      (res.body.devices as { appVersion: string; belowMinimum: boolean }[]).map((d) => [d.appVersion, d.belowMinimum]),
    );
    expect(marks).toEqual({ "6.0.0": false, "5.9.0-rc1": true });
    const odd = await server.request().get(`/v2/user/${users.odd!.uid}`).set("Authorization", root);
    expect(odd.body.devices.map((d: { belowMinimum: boolean }) => d.belowMinimum)).toEqual([false, false]);
  });
});
