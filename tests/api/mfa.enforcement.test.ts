/**
 * The MFA policy beyond /v2 (issue #29): console pages send an admin past the grace period to
 * their profile's two-step verification section and show a banner during it; turning the policy
 * on mails every admin it newly applies to, once; the policy is cached per process and forgotten
 * on a settings write through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetMfaPolicy } from "../../server/services/mfa";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, pageAs, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { enrolDirectly } from "./mfa.support";

describe.each(testDialects())("MFA policy enforcement on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await setSettings(server.database.db, "security", {});
    await server.close();
  });
  const db = () => server.database.db;

  it("pages: past the grace period every console page redirects to the own profile's #mfa, which shows the banner; within it, a banner with the link", async () => {
    const team = await buildTeam(db());
    await setSettings(db(), "security", { mfaRequiredForAllAdmins: true, mfaGraceDays: 0 });
    const late = await buildAdmin(db(), { teams: [team] });
    const profile = `/admins/profile/${late.uid}`;
    for (const page of ["/dashboard", "/users/manage", "/tokens"]) {
      const res = await pageAs(server, page, late);
      expect([page, res.status, res.headers.location]).toEqual([page, 302, `${profile}#mfa`]);
    }
    const own = await pageAs(server, profile, late);
    expect(own.status).toBe(200);
    expect(own.text).toContain("mfa-policy-banner");
    expect(own.text).toContain(`href="${profile}#mfa"`);

    await setSettings(db(), "security", { mfaRequiredForAllAdmins: true, mfaGraceDays: 7 });
    const early = await buildAdmin(db(), { teams: [team], lang: "pt" });
    const dashboard = await pageAs(server, "/dashboard", early);
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain("passou a ser obrigatória");
    expect(dashboard.text).toContain(`href="/admins/profile/${early.uid}#mfa"`);

    const enrolled = await buildAdmin(db(), { teams: [team] });
    await enrolDirectly(db(), server.config, enrolled);
    const clean = await pageAs(server, "/dashboard", enrolled);
    expect(clean.status).toBe(200);
    expect(clean.text).not.toContain("mfa-policy-banner");
    await setSettings(db(), "security", {});
  });

  it("turning the policy on mails each admin it newly applies to, in their language, once; the API's write is seen at once, a write behind its back only after the cache", async () => {
    await setSettings(db(), "security", {});
    const root = await buildAdmin(db(), { role: "root" });
    await enrolDirectly(db(), server.config, root);
    const team = await buildTeam(db());
    const pt = await buildAdmin(db(), { teams: [team], lang: "pt" });
    const es = await buildAdmin(db(), { teams: [team], lang: "es" });
    const withFactor = await buildAdmin(db(), { teams: [team] });
    await enrolDirectly(db(), server.config, withFactor);
    const bearer = await bearerFor(server.config, root);
    const put = (body: object) => server.request().put("/v2/settings/security").set("Authorization", bearer).send(body);
    const mails = async () =>
      (
        await db()
          .selectFrom("mailOutbox")
          .select(["toAddress", "lang"])
          .where("template", "=", "mfaPolicy")
          .where("toAddress", "in", [pt.username, es.username, withFactor.username, root.username])
          .execute()
      ).sort((a, b) => a.toAddress.localeCompare(b.toAddress));

    // Super administrators only: no team admin is mailed (the root has a factor).
    expect((await put({ mfaRequiredForSuperAdmins: true, mfaGraceDays: 3 })).status).toBe(200);
    expect(await mails()).toEqual([]);
    expect((await put({ mfaRequiredForAllAdmins: true })).status).toBe(200);
    const sent = await mails();
    expect(sent).toEqual(
      [
        { toAddress: pt.username, lang: "pt" },
        { toAddress: es.username, lang: "es" },
      ].sort((a, b) => a.toAddress.localeCompare(b.toAddress)),
    );
    // The grace period started with the mail; the banner counts from it.
    expect(await db().selectFrom("mfaGrace").select("adminId").where("adminId", "in", [pt.id, es.id]).execute()).toHaveLength(2);
    // Off and on again: nobody is mailed twice.
    expect((await put({ mfaRequiredForAllAdmins: false, mfaRequiredForSuperAdmins: false })).status).toBe(200);
    expect((await put({ mfaRequiredForAllAdmins: true })).status).toBe(200);
    expect(await mails()).toHaveLength(2);

    // The API's write was seen at once: a token creation in the grace period is refused by the policy.
    const ptBearer = await bearerFor(server.config, pt);
    const create = () =>
      server
        .request()
        .post("/v2/tokens")
        .set("Authorization", ptBearer)
        .send({ name: "cache", permissions: ["read"] });
    expect((await create()).body.error.code).toBe("tokenCreate403");
    // A write behind the process's back (another instance) is seen only once the cache is forgotten or expires.
    await db()
      .updateTable("systemSettings")
      .set({ value: JSON.stringify({ mfaRequiredForAllAdmins: false }) })
      .where("groupName", "=", "security")
      .execute();
    expect((await create()).body.error.code).toBe("tokenCreate403");
    forgetMfaPolicy(db());
    expect((await create()).status).toBe(201);
    await setSettings(db(), "security", {});
  });
});
