/**
 * `GET /metrics` (Prometheus): scraped after real traffic (pages, API calls, failed sign-ins up to
 * a lockout, a bulk action, an export, an e-mail waiting in the outbox, a housekeeping pass), it
 * holds every documented series with route templates and fixed label values only, never a path,
 * id, name or token. Answered only to the METRICS_TOKEN bearer (401 otherwise), 404 without a
 * token, and with METRICS_PORT only on its own listener.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/main";
import { enqueueMail } from "../../server/mail/outbox";
import { startHousekeeping } from "../../server/services/housekeeping";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser, givePassword, nextClientIp, setSettings } from "../support/factories";
import { getTestServer, ROOT_DIR, TEST_ASSETS, type TestServer } from "../support/server";

const TOKEN = "metrics-token-for-the-test-0123456789";

/** One sample of the text format: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus' text exposition format (the lines that are samples). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe.each(testDialects())("metrics on %s", (dialect) => {
  let server: TestServer;
  const scrape = async () => {
    const res = await server.request().get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    return { text: res.text, samples: parseSamples(res.text), type: res.headers["content-type"] as string };
  };

  beforeAll(async () => {
    server = await getTestServer({ dialect, env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: "loopback" } });
  });
  afterAll(() => server.close());

  it("answers only the bearer of METRICS_TOKEN", async () => {
    const none = await server.request().get("/metrics");
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect(none.text).not.toContain("bulwark_");
    const wrong = await server.request().get("/metrics").set("Authorization", `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    const basic = await server
      .request()
      .get("/metrics")
      .set("Authorization", `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`);
    expect(basic.status).toBe(401);
  });

  it("counts traffic by route template and status, with no user data in any label", async () => {
    const { db } = server.database;
    const before = (await scrape()).samples;
    const team = await buildTeam(db);
    const root = await buildAdmin(db, { role: "root", username: "metrics.root@example.com" });
    const users = await Promise.all([1, 2, 3].map((n) => buildUser(db, { team, username: `metrics.user${n}@example.com` })));
    const auth = await bearerFor(server.config, root);
    const victim = await buildAdmin(db, { username: "metrics.victim@example.com" });
    await givePassword(server.database.db, server.config, victim);
    await setSettings(db, "security", { maxFailedAdminSignIns: 2 });
    const wrong = await sha512Hex("Wr0ng!Password");
    const signIn = (username: string) =>
      server.request().post("/v2/public/auth").set("X-Forwarded-For", nextClientIp()).send({ username, password: wrong });

    expect((await server.request().get("/healthz")).status).toBe(200);
    expect((await server.request().get(`/v2/user/${users[0]!.uid}`).set("Authorization", auth)).status).toBe(200);
    expect((await server.request().get("/v2/user/not-a-user-id").set("Authorization", auth)).status).toBe(404);
    expect((await server.request().get("/no/such/page/secret-path-token")).status).toBe(404);
    await server.request().get("/verify/en/secret-verify-token");
    expect((await signIn("nobody.metrics@example.com")).status).toBe(401);
    for (let i = 0; i < 3; i++) await signIn(victim.username);
    const bulk = await server
      .request()
      .put("/v2/users/block")
      .set("Authorization", auth)
      .send({ uids: users.map((u) => u.uid) });
    expect(bulk.status).toBe(200);
    expect((await server.request().get("/v2/users/export?format=csv").set("Authorization", auth)).status).toBe(200);
    await buildPack(db, { team, licenseCount: 10 });
    const invite = {
      team: team.slug,
      type: "email",
      addresses: ["metrics.invitee1@example.com", "metrics.invitee2@example.com"],
      lang: "en",
    };
    expect((await server.request().post("/v2/invite").set("Authorization", auth).send(invite)).status).toBe(200);
    await enqueueMail(db, {
      to: "metrics.invitee@example.com",
      template: "verification",
      lang: "en",
      params: { firstName: "Ana", link: "https://example.test/verify/en/x" },
    });
    const housekeeping = startHousekeeping({ db, logger: pino({ level: "silent" }) });
    await housekeeping.runNow();
    await housekeeping.stop();

    const { text, samples, type } = await scrape();
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const delta = (name: string, labels: Record<string, string> = {}) => total(samples, name, labels) - total(before, name, labels);

    // Requests, by template: the user's id is nowhere, an unknown path is "unmatched".
    expect(delta("bulwark_http_requests_total", { method: "GET", route: "/healthz", status: "200" })).toBe(1);
    expect(delta("bulwark_http_requests_total", { method: "GET", route: "/v2/user/:uid", status: "200" })).toBe(1);
    expect(delta("bulwark_http_requests_total", { method: "GET", route: "/v2/user/:uid", status: "404" })).toBe(1);
    expect(delta("bulwark_http_requests_total", { route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(delta("bulwark_http_requests_total", { method: "GET", route: "/verify/:lang/:token" })).toBe(1);
    expect(delta("bulwark_http_requests_total", { method: "POST", route: "/v2/public/auth" })).toBe(4);
    expect(delta("bulwark_http_request_duration_seconds_count", { route: "/v2/users/block", status: "200" })).toBe(1);
    expect(total(samples, "bulwark_http_request_duration_seconds_bucket", { route: "/healthz", le: "+Inf" })).toBeGreaterThanOrEqual(1);
    // Sign-in failures by reason, the lockout, the bulk action's size, the export.
    expect(delta("bulwark_signin_failures_total", { reason: "unknown" })).toBe(1);
    expect(delta("bulwark_signin_failures_total", { reason: "badPassword" })).toBe(2);
    expect(delta("bulwark_signin_failures_total", { reason: "locked" })).toBe(1);
    expect(delta("bulwark_account_lockouts_total")).toBe(1);
    expect(delta("bulwark_bulk_action_users_count", { action: "block" })).toBe(1);
    expect(delta("bulwark_bulk_action_users_sum", { action: "block" })).toBe(3);
    expect(delta("bulwark_bulk_action_users_count", { action: "invite" })).toBe(1);
    expect(delta("bulwark_bulk_action_users_sum", { action: "invite" })).toBe(2);
    expect(total(samples, "bulwark_exports_in_progress")).toBe(0);
    expect(total(samples, "bulwark_imports_in_progress")).toBe(0);
    // The outbox, housekeeping and the database as read at the scrape.
    expect(total(samples, "bulwark_outbox_pending_messages")).toBeGreaterThanOrEqual(1);
    expect(total(samples, "bulwark_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(total(samples, "bulwark_database_up")).toBe(1);
    expect(total(samples, "bulwark_housekeeping_last_run_timestamp_seconds", { outcome: "ok" })).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(samples.some((s) => s.name === "bulwark_housekeeping_last_duration_seconds")).toBe(true);
    expect(delta("bulwark_db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(10);
    expect(text).toContain("# TYPE bulwark_db_transaction_retries_total counter");
    expect(text).toContain("# TYPE bulwark_contention_answers_total counter");
    if (dialect === "postgres") {
      expect(samples.some((s) => s.name === "bulwark_db_pool_connections" && s.labels.state === "idle")).toBe(true);
      expect(samples.some((s) => s.name === "bulwark_db_pool_waiting_requests")).toBe(true);
    } else {
      expect(samples.some((s) => s.name === "bulwark_db_pool_connections")).toBe(false);
    }
    // Node's process series.
    for (const name of [
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(samples.some((s) => s.name === name)).toBe(true);
    }

    // No label holds anything a request carried: ids, names, addresses, paths, tokens.
    const secrets = [
      ...users.flatMap((u) => [u.uid, u.username]),
      root.uid,
      root.username,
      victim.username,
      "nobody.metrics",
      "not-a-user-id",
      "secret-path-token",
      "secret-verify-token",
      "metrics.invitee",
      TOKEN,
      team.slug,
    ];
    const labelValues = samples.flatMap((s) => Object.values(s.labels));
    for (const secret of secrets) expect(labelValues.filter((value) => value.includes(secret))).toEqual([]);
    for (const route of new Set(samples.map((s) => s.labels.route).filter((r) => r !== undefined))) {
      expect(route).toMatch(/^(unmatched|\/assets|(\/[a-z0-9.-]*|\/:[a-zA-Z]+)+)$/);
    }
  });
});

describe("metrics switched off and on their own port", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const config = (env: Record<string, string>) => {
    const dir = mkdtempSync(path.join(tmpdir(), "bulwark-metrics-"));
    dirs.push(dir);
    return loadConfig({ NODE_ENV: "test", BULWARK_DATA_DIR: dir, PORT: "0", LOG_LEVEL: "silent", CAPTCHA: "off", ...env }, ROOT_DIR);
  };

  it("is 404 without METRICS_TOKEN or METRICS_PORT", async () => {
    const server = await getTestServer();
    try {
      const res = await server.request().get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("bulwark_");
    } finally {
      await server.close();
    }
  });

  it("with METRICS_PORT answers on that listener only, the token still required when set", async () => {
    const running = await startServer({ config: config({ METRICS_PORT: "0", METRICS_TOKEN: TOKEN }), assets: () => TEST_ASSETS });
    try {
      expect(running.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await supertest(running.listening).get("/metrics").set("Authorization", `Bearer ${TOKEN}`)).status).toBe(404);
      const metrics = supertest(running.metricsUrl!);
      expect((await metrics.get("/metrics")).status).toBe(401);
      const scraped = await metrics.get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
      expect(scraped.status).toBe(200);
      expect(scraped.text).toContain("bulwark_http_requests_total");
      expect((await metrics.get("/healthz")).status).toBe(404);
    } finally {
      await running.close();
    }
    const open = await startServer({ config: config({ METRICS_PORT: "0" }), assets: () => TEST_ASSETS });
    try {
      expect((await supertest(open.metricsUrl!).get("/metrics")).status).toBe(200);
      expect((await supertest(open.listening).get("/metrics")).status).toBe(404);
    } finally {
      await open.close();
    }
  });
});
