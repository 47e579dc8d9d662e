/**
 * API: the server certificate chain with its private key on `PUT
 * /v2/settings/certs`. A real chain (leaf, intermediate, root made by openssl) and its key are
 * kept; garbage, an expired certificate, certificates that do not chain and a key that does not
 * match the leaf are 'certificate 400 invalid' naming the reason; the key is write-only (never
 * answered, not served to the communications service, masked in the access log).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V } from "../../shared/schemas/messages";
import { testDialects } from "../support/db";
import { makeCertFixtures, type CertFixtures } from "../support/certs";
import { expectError } from "../support/expect";
import { bearerFor, buildAdmin, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { accessEntries } from "./users.support";

const FORGED = "-----BEGIN CERTIFICATE-----\nQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\n-----END CERTIFICATE-----\n";

describe.each(testDialects())("server certificate upload on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let admin: string;
  let certs: CertFixtures;
  const db = () => server.database.db;
  const put = (body: unknown, auth = root) =>
    server
      .request()
      .put("/v2/settings/certs")
      .set("Authorization", auth)
      .send(body as object);
  const stored = async () => {
    const row = await db().selectFrom("systemSettings").select("value").where("groupName", "=", "certs").executeTakeFirst();
    return row ? (JSON.parse(row.value) as Record<string, unknown>) : null;
  };
  const refused = async (body: unknown, field: string, message: string) => {
    const res = await put(body);
    expectError(res, 400, "settingsCerts400");
    expect(res.body.error.details, JSON.stringify(res.body)).toEqual([expect.objectContaining({ path: [field], message })]);
  };

  beforeAll(async () => {
    certs = makeCertFixtures();
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root", teams: [] }));
    admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [await buildTeam(db())] }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses garbage, an expired certificate, a broken chain and a key that does not match, each with its reason, storing nothing", async () => {
    await refused(
      { serverCertificateChain: "not a certificate", serverPrivateKey: certs.leafKey },
      "serverCertificateChain",
      V.certificate,
    );
    await refused({ serverCertificateChain: FORGED, serverPrivateKey: certs.leafKey }, "serverCertificateChain", V.certificate);
    await refused(
      { serverCertificateChain: certs.expired, serverPrivateKey: certs.leafKey },
      "serverCertificateChain",
      V.certificateExpired,
    );
    await refused(
      { serverCertificateChain: certs.leaf + certs.root, serverPrivateKey: certs.leafKey },
      "serverCertificateChain",
      V.certificateChain,
    );
    await refused(
      { serverCertificateChain: certs.root + certs.intermediate, serverPrivateKey: certs.leafKey },
      "serverCertificateChain",
      V.certificateChain,
    );
    await refused({ serverCertificateChain: certs.chain, serverPrivateKey: certs.otherKey }, "serverPrivateKey", V.privateKeyMismatch);
    await refused({ serverCertificateChain: certs.chain }, "serverPrivateKey", V.required);
    await refused(
      { serverCertificateChain: certs.chain, serverPrivateKey: "-----BEGIN PRIVATE KEY-----\nQUJD\n-----END PRIVATE KEY-----" },
      "serverPrivateKey",
      V.privateKey,
    );
    await refused({ serverCertificateChain: certs.chain, serverPrivateKey: "hunter2" }, "serverPrivateKey", V.privateKey);
    await refused({ serverPrivateKey: certs.leafKey }, "serverCertificateChain", V.required);
    await refused({ clientCaCertificates: certs.expired }, "clientCaCertificates", V.certificateExpired);
    expect((await stored())?.serverCertificateChain ?? null).toBeNull();
    expect((await accessEntries(db(), "settings.update")).length).toBe(0);
  });

  it("keeps a valid chain and its key: answers only whether the key is set, never the key, in the API, the service settings or the log", async () => {
    const res = await put({
      serverCertificateChain: certs.chain,
      serverPrivateKey: certs.leafKey,
      clientCaCertificates: certs.root,
      mutualAuthentication: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.changed.sort()).toEqual(["clientCaCertificates", "mutualAuthentication", "serverCertificateChain", "serverPrivateKey"]);
    expect(res.body.values).toMatchObject({ serverCertificateChain: certs.chain.trim(), serverPrivateKeySet: true });
    expect(res.body.values).not.toHaveProperty("serverPrivateKey");
    expect((await stored())?.serverPrivateKey).toBe(certs.leafKey.trim());

    const keyBody = certs.leafKey.split("\n")[1]!;
    const all = await server.request().get("/v2/settings").set("Authorization", root);
    expect(all.body.certs).toMatchObject({ serverPrivateKeySet: true, clientCaCertificates: certs.root.trim() });
    expect(JSON.stringify(all.body)).not.toContain(keyBody);
    const [entry] = await accessEntries(db(), "settings.update");
    expect(entry!.details).not.toContain(keyBody);
    expect(JSON.parse(entry!.details!).changes.serverPrivateKey).toEqual({ before: null, after: "********" });
    expectError(await server.request().get("/v2/settings").set("Authorization", admin), 403, "forbidden");
    expectError(await put({ serverCertificateChain: certs.chain, serverPrivateKey: certs.leafKey }, admin), 403, "forbidden");
  });

  it("keeps the stored key for a renewed chain alone when it matches, refuses it when it does not, and removes both together", async () => {
    const renewed = await put({ serverCertificateChain: certs.leaf + certs.intermediate });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.changed).toEqual(["serverCertificateChain"]);
    expect(renewed.body.values.serverPrivateKeySet).toBe(true);
    const other = makeCertFixtures(30);
    await refused({ serverCertificateChain: other.chain }, "serverPrivateKey", V.privateKeyMismatch);
    const swapped = await put({ serverCertificateChain: other.chain, serverPrivateKey: other.leafKey });
    expect(swapped.status).toBe(200);
    expect((await stored())?.serverPrivateKey).toBe(other.leafKey.trim());
    const removed = await put({ serverCertificateChain: null });
    expect(removed.body.values).toMatchObject({ serverCertificateChain: null, serverPrivateKeySet: false });
    expect((await stored())?.serverPrivateKey).toBeNull();
  });

  it("does not re-check an unchanged server chain when other certificate settings are saved", async () => {
    expect((await put({ serverCertificateChain: certs.chain, serverPrivateKey: certs.leafKey })).status).toBe(200);
    const res = await put({ clientCertUserCheck: true });
    expect(res.status).toBe(200);
    expect(res.body.changed).toEqual(["clientCertUserCheck"]);
  });
});
