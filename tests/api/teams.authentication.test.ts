/**
 * A company's authentication settings (issue 31): https addresses and a GUID tenant, the
 * discovery document read on save with its issuer checked against the authority (root only; a
 * company admin's call never makes the server fetch), and the group served to the communications
 * service with the settings' ETag behaviour.
 */
import { readFileSync } from "node:fs";
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { makeTlsFixtures, startTlsServer, type ScriptedServer } from "../support/tls";

const TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";

describe.each(testDialects())("company authentication settings on %s", (dialect) => {
  let server: TestServer;
  let provider: ScriptedServer;
  let before: Dispatcher;
  let root: string;
  let service: string;
  /** The issuer the provider's discovery document names (changed by the tests). */
  let issuer = "";
  const db = () => server.database.db;
  const putTeam = (auth: string, body: object) => server.request().put("/v2/team").set("Authorization", auth).send(body);
  const messages = (res: { body: { error: { details?: { path: (string | number)[]; message: string }[] } } }) =>
    (res.body.error.details ?? []).map((d) => `${d.path.join(".")} ${d.message}`);

  beforeAll(async () => {
    const tls = makeTlsFixtures();
    provider = await startTlsServer(tls, tls.good, (req, res) => {
      if (req.url === "/.well-known/openid-configuration") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
      } else res.writeHead(404).end();
    });
    // The server's fetch trusts the test CA, as an installation trusts its own with NODE_EXTRA_CA_CERTS.
    before = getGlobalDispatcher();
    setGlobalDispatcher(new Agent({ connect: { ca: readFileSync(tls.caFile, "utf8") } }));
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root", teams: [] }));
    const created = await server.request().post("/v2/service-tokens").set("Authorization", root).send({ name: "auth reader" });
    service = `Bearer ${created.body.token as string}`;
  });
  afterAll(async () => {
    setGlobalDispatcher(before);
    await server?.close();
    await provider?.close();
  });

  const auth = (overrides: object = {}) => ({
    oauthClientId: "client-1",
    authority: `${provider.url}/tenant`,
    discovery: `${provider.url}/.well-known/openid-configuration`,
    version: "2.0",
    tenantId: TENANT,
    azureAdSync: true,
    certRevocation: "ocsp",
    ...overrides,
  });

  it("refuses plain http addresses and a tenant that is not a GUID, naming the field", async () => {
    const team = await buildTeam(db());
    const http = await putTeam(root, { slug: team.slug, authentication: auth({ authority: "http://login.example.test/t" }) });
    expect(http.status).toBe(400);
    expect(messages(http)).toContain("authentication.authority validation.httpsUrl");
    const tenant = await putTeam(root, { slug: team.slug, authentication: auth({ tenantId: "contoso.onmicrosoft.com" }) });
    expect(tenant.status).toBe(400);
    expect(messages(tenant)).toContain("authentication.tenantId validation.tenantId");
  });

  it("reads the discovery document on save: a matching issuer is kept, another issuer or no answer refused", async () => {
    const team = await buildTeam(db());
    issuer = `${provider.url}/tenant`;
    expect((await putTeam(root, { slug: team.slug, authentication: auth() })).status).toBe(200);

    issuer = `${provider.url}/someone-else`;
    const other = await buildTeam(db());
    const mismatch = await putTeam(root, { slug: other.slug, authentication: auth() });
    expect(mismatch.status).toBe(400);
    expect(messages(mismatch)).toEqual(["authentication.discovery validation.discoveryIssuer"]);

    const gone = await putTeam(root, {
      slug: other.slug,
      authentication: auth({ discovery: "https://127.0.0.1:1/.well-known/openid-configuration" }),
    });
    expect(gone.status).toBe(400);
    expect(messages(gone)).toEqual(["authentication.discovery validation.discoveryUnreachable"]);
    const stored = await db().selectFrom("teams").select("authDiscovery").where("id", "=", other.id).executeTakeFirstOrThrow();
    expect(stored.authDiscovery).toBeNull();

    // Unchanged addresses are not fetched again: the provider being wrong now does not block other edits.
    const fetched = provider.requests.length;
    expect((await putTeam(root, { slug: team.slug, institution: "Acme", authentication: auth() })).status).toBe(200);
    expect(provider.requests.length).toBe(fetched);
  });

  it("lets only root change the group, and a company admin's call fetches nothing", async () => {
    const team: Row<"teams"> = await buildTeam(db());
    const admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [team] }));
    const fetched = provider.requests.length;
    const res = await putTeam(admin, { slug: team.slug, authentication: auth() });
    expect([res.status, res.body.error.code]).toEqual([403, "teamEdit403"]);
    expect(provider.requests.length).toBe(fetched);
  });

  it("serves the group to the service per company, and the ETag changes when it does", async () => {
    const team = await buildTeam(db());
    const get = (headers: Record<string, string> = {}) =>
      server
        .request()
        .get(`/v2/service/settings?team=${team.slug}`)
        .set({ Authorization: service, ...headers });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.body.authentication).toMatchObject({ oauthClientId: null, azureAdSync: false });
    const etag = first.headers.etag as string;
    expect((await get({ "If-None-Match": etag })).status).toBe(304);
    issuer = `${provider.url}/tenant`;
    expect((await putTeam(root, { slug: team.slug, authentication: auth() })).status).toBe(200);
    const changed = await get({ "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body.authentication).toEqual({
      oauthClientId: "client-1",
      authority: `${provider.url}/tenant`,
      discovery: `${provider.url}/.well-known/openid-configuration`,
      version: "2.0",
      tenantId: TENANT,
      azureAdSync: true,
      certRevocation: "ocsp",
    });
    expect((await server.request().get("/v2/service/settings").set("Authorization", service)).body.authentication).toBeNull();
  });
});
