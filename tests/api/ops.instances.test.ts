/**
 * The scale-out recipe in miniature (README "Running several instances"): two server instances
 * on one PostgreSQL database, configured as deploy/compose.yaml configures them (secrets as
 * files, SMTP mail, TRUST_PROXY), behind a round-robin HTTP proxy written here. A sign-in, a
 * bulk action (retried with its Idempotency-Key) and an invitation go through alternating
 * instances; each answer is the same whichever instance gives it, and the invitation's e-mail
 * is sent once although both instances run the outbox worker.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import supertest from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { startServer, type RunningServer } from "../../server/main";
import { sha512Hex } from "../../shared/crypto";
import { createTestDatabase, testDialects } from "../support/db";
import { buildPack, buildTeam, buildUser } from "../support/factories";
import { startSmtpCapture } from "../support/smtp";
import { ROOT_DIR, TEST_ASSETS } from "../support/server";

const ROOT_EMAIL = "root@instances.test";
const ROOT_PASSWORD = "R00t!Instances";
const dir = mkdtempSync(path.join(tmpdir(), "bulwark-instances-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A round-robin reverse proxy: each request goes to the next upstream; `served` says which took it. */
async function startRoundRobin(): Promise<{ url: string; upstreams: string[]; served: number[]; close(): Promise<void> }> {
  const upstreams: string[] = [];
  const served: number[] = [];
  let turn = 0;
  const server = http.createServer((req, res) => {
    const index = turn++ % upstreams.length;
    served.push(index);
    const target = new URL(req.url ?? "/", upstreams[index]);
    const upstream = http.request(
      target,
      {
        method: req.method,
        headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "", "x-forwarded-proto": "http" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstreams,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes one owner-only secret file, as deploy/make-secrets.sh does. */
function secretFile(name: string, value: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return file;
}

describe.each(testDialects().filter((d) => d === "postgres"))("two instances on one %s database behind a proxy", (dialect) => {
  it("serve a sign-in, a bulk action and an invitation through alternating instances", async () => {
    const database = await createTestDatabase(dialect, { migrate: false });
    const smtp = await startSmtpCapture();
    const proxy = await startRoundRobin();
    const servers: RunningServer[] = [];
    try {
      const env = {
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "silent",
        CAPTCHA: "off",
        PUBLIC_URL: proxy.url,
        TRUST_PROXY: "loopback",
        MAIL: "smtp",
        SMTP_URL_FILE: secretFile("smtp_url", smtp.url),
        DATABASE_URL_FILE: secretFile("database_url", database.options.databaseUrl!),
        JWT_SECRET_FILE: secretFile("jwt_secret", "j".repeat(64)),
        SESSION_SECRET_FILE: secretFile("session_secret", "s".repeat(64)),
        PASSWORD_PEPPER_FILE: secretFile("password_pepper", "p".repeat(64)),
        BULWARK_ROOT_EMAIL: ROOT_EMAIL,
        BULWARK_ROOT_PASSWORD_FILE: secretFile("root_password", ROOT_PASSWORD),
      };
      const configs = [1, 2].map((n) => loadConfig({ ...env, BULWARK_DATA_DIR: path.join(dir, `data-${n}`) }, ROOT_DIR));
      // Started together on an empty database: migrations and the root bootstrap run once.
      servers.push(...(await Promise.all(configs.map((config) => startServer({ config, assets: () => TEST_ASSETS })))));
      proxy.upstreams.push(...servers.map((server) => server.listening));
      const through = supertest(proxy.url);

      // Sign-in on one instance; the token works on both.
      const password = await sha512Hex(ROOT_PASSWORD);
      const signedIn = await through.post("/v2/public/auth").send({ username: ROOT_EMAIL, password, browser: "vitest" });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const auth = `Bearer ${signedIn.body.token as string}`;
      for (let i = 0; i < 2; i++) {
        const me = await through.get("/v2/me").set("Authorization", auth);
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ username: ROOT_EMAIL, role: "root" });
      }

      // A bulk action, then its retry with the same Idempotency-Key on the other instance: replayed, not run again.
      const team = await buildTeam(database.db);
      await buildPack(database.db, { team, licenseCount: 10 });
      const users = await Promise.all([1, 2, 3].map(() => buildUser(database.db, { team })));
      const block = () =>
        through
          .put("/v2/users/block")
          .set("Authorization", auth)
          .set("Idempotency-Key", "instances-bulk-block-1")
          .send({ uids: users.map((u) => u.uid) });
      const first = await block();
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect([...(first.body as { ok: string[] }).ok].sort()).toEqual(users.map((u) => u.uid).sort());
      const retried = await block();
      expect(retried.status).toBe(200);
      expect(retried.headers["idempotent-replayed"]).toBe("true");
      expect(retried.body).toEqual(first.body);
      const entries = await database.db.selectFrom("accessLog").select("id").where("action", "=", "users.block").execute();
      expect(entries).toHaveLength(1);
      for (let i = 0; i < 2; i++) {
        const listed = await through.get(`/v2/users?team=${team.slug}&status=blocked`).set("Authorization", auth);
        expect(listed.status).toBe(200);
        expect((listed.body as { items: unknown[] }).items).toHaveLength(3);
      }

      // An invitation: queued once, sent once by whichever instance's worker claimed it.
      const address = "invitee@instances.test";
      const invited = await through
        .post("/v2/invite")
        .set("Authorization", auth)
        .send({ team: team.slug, type: "email", addresses: [address], lang: "en" });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      expect((invited.body as { ok: unknown[] }).ok).toHaveLength(1);
      const mail = await smtp.waitFor((m) => m.to.includes(address), 20_000);
      expect(mail.text).toMatch(/invitation code: [A-Z0-9]{12}/);
      const pending = await through.get(`/v2/users?team=${team.slug}&status=pending`).set("Authorization", auth);
      expect((pending.body as { items: Array<{ username: string }> }).items.map((u) => u.username)).toEqual([address]);
      // Both workers keep polling; the message stays sent once.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.messages.filter((m) => m.to.includes(address))).toHaveLength(1);

      // The proxy really alternated.
      expect(proxy.served.filter((i) => i === 0).length).toBeGreaterThanOrEqual(4);
      expect(proxy.served.filter((i) => i === 1).length).toBeGreaterThanOrEqual(4);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await proxy.close();
      await smtp.close();
      await database.destroy();
    }
  });
});
