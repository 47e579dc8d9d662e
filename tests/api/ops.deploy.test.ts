/**
 * The deployment files, checked without Docker (which cannot run here): deploy/compose.yaml
 * parses and holds PostgreSQL, two Bulwark instances and Caddy with health checks, volumes and
 * every secret as a file, which deploy/make-secrets.sh creates and the server accepts through
 * its NAME_FILE variables; the Dockerfile builds on a Node LTS slim base, runs as non-root,
 * checks /healthz, puts `bulwark` on the PATH and declares no volume.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { buildAdmin, givePassword } from "../support/factories";
import { getTestServer, ROOT_DIR } from "../support/server";

const DEPLOY = path.join(ROOT_DIR, "deploy");

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  secrets: Record<string, { file: string }>;
  volumes: Record<string, unknown>;
}

const compose = parse(readFileSync(path.join(DEPLOY, "compose.yaml"), "utf8"), { merge: true }) as ComposeFile;
const secretsDir = mkdtempSync(path.join(tmpdir(), "bulwark-deploy-secrets-"));
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));

describe("deploy/compose.yaml", () => {
  const instances = ["bulwark-1", "bulwark-2"].map((name) => compose.services[name]!);

  it("runs PostgreSQL, two Bulwark instances and Caddy, each with a health check", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["bulwark-1", "bulwark-2", "caddy", "postgres"]);
    for (const service of Object.values(compose.services)) expect(service.healthcheck?.test.length).toBeGreaterThan(0);
    expect(compose.services.postgres!.healthcheck!.test.join(" ")).toContain("pg_isready");
    expect(compose.services.caddy!.image).toMatch(/^caddy:/);
    expect(compose.services.caddy!.ports).toContain("443:443");
  });

  it("checks liveness on /healthz in the containers and readiness on /readyz in the proxy", () => {
    for (const instance of instances) {
      expect(instance.healthcheck!.test.join(" ")).toContain("/healthz");
      expect(instance.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    }
    const caddyfile = readFileSync(path.join(DEPLOY, "Caddyfile"), "utf8");
    expect(caddyfile).toMatch(/^\s*tls internal$/m);
    expect(caddyfile).toMatch(/reverse_proxy bulwark-1:3000 bulwark-2:3000/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(compose.services.caddy!.volumes).toContain("./Caddyfile:/etc/caddy/Caddyfile:ro");
  });

  it("keeps state in named volumes: PostgreSQL's data and Caddy's CA, none for the stateless instances", () => {
    expect(Object.keys(compose.volumes).sort()).toEqual(["caddy-config", "caddy-data", "postgres-data"]);
    expect(compose.services.postgres!.volumes).toEqual(["postgres-data:/var/lib/postgresql/data"]);
    for (const instance of instances) expect(instance.volumes).toBeUndefined();
  });

  it("configures the instances behind a TLS proxy, with every secret as a file", () => {
    for (const instance of instances) {
      const env = instance.environment!;
      expect(env.PUBLIC_URL).toMatch(/^https:\/\//);
      expect(env.TRUST_PROXY).toBe("1");
      expect(env.MAIL).toBe("smtp");
      for (const name of ["DATABASE_URL", "JWT_SECRET", "SESSION_SECRET", "PASSWORD_PEPPER", "SMTP_URL", "METRICS_TOKEN"]) {
        expect(env[name], `${name} must not be given in clear`).toBeUndefined();
        const file = env[`${name}_FILE`];
        expect(file).toMatch(/^\/run\/secrets\/[a-z_]+$/);
        expect(instance.secrets).toContain(path.basename(file!));
      }
      expect(Number.parseInt(instance.stop_grace_period!, 10)).toBeGreaterThan(Number(env.SHUTDOWN_TIMEOUT_MS) / 1000);
    }
    expect(compose.services.postgres!.environment!.POSTGRES_PASSWORD_FILE).toBe("/run/secrets/postgres_password");
  });

  it("names secret files that deploy/make-secrets.sh creates owner-only, and the server starts from them", () => {
    execFileSync("sh", [path.join(DEPLOY, "make-secrets.sh")], {
      env: { PATH: process.env.PATH ?? "", SECRETS_DIR: secretsDir },
      stdio: "pipe",
    });
    const used = new Set([...Object.values(compose.services).flatMap((s) => s.secrets ?? [])]);
    expect(Object.keys(compose.secrets).sort()).toEqual([...used].sort());
    for (const [name, { file }] of Object.entries(compose.secrets)) {
      expect(file).toBe(`./secrets/${name}`);
      const local = path.join(secretsDir, name);
      expect(existsSync(local), local).toBe(true);
      expect(statSync(local).mode & 0o077).toBe(0);
    }
    // What an instance sees: each /run/secrets/<name> is the file made above.
    const env = Object.fromEntries(
      Object.entries(instances[0]!.environment!).map(([key, value]) => [key, value.replace(/^\/run\/secrets\//, `${secretsDir}/`)]),
    );
    const config = loadConfig({ ...env, PUBLIC_URL: "https://localhost", BULWARK_DATA_DIR: path.join(secretsDir, "data") }, ROOT_DIR);
    const password = readFileSync(path.join(secretsDir, "postgres_password"), "utf8").trim();
    expect(config.databaseUrl).toBe(`postgres://bulwark:${password}@postgres:5432/bulwark`);
    expect(config.secrets.passwordPepper).toHaveLength(64);
    expect(config.metrics).toMatchObject({ port: 9464, host: "0.0.0.0" });
    // A second run keeps every value (the pepper must never change).
    const pepper = config.secrets.passwordPepper;
    execFileSync("sh", [path.join(DEPLOY, "make-secrets.sh")], {
      env: { PATH: process.env.PATH ?? "", SECRETS_DIR: secretsDir },
      stdio: "pipe",
    });
    expect(readFileSync(path.join(secretsDir, "password_pepper"), "utf8").trim()).toBe(pepper);
    expect(readFileSync(path.join(ROOT_DIR, ".dockerignore"), "utf8")).toMatch(/^deploy\/secrets$/m);
  });
});

describe("TRUST_PROXY as the recipe sets it", () => {
  it("takes a hop count as a number: TRUST_PROXY=1 believes the proxy's X-Forwarded-Proto", async () => {
    expect(loadConfig({ BULWARK_DATA_DIR: path.join(secretsDir, "data"), TRUST_PROXY: "1" }, ROOT_DIR).trustProxy).toBe(1);
    expect(loadConfig({ BULWARK_DATA_DIR: path.join(secretsDir, "data"), TRUST_PROXY: "loopback" }, ROOT_DIR).trustProxy).toBe("loopback");
    // Before, "1" reached Express as the address 0.0.0.1: the HTTPS sign-in behind Caddy answered insecureConnection.
    const server = await getTestServer({ env: { PUBLIC_URL: "https://localhost", TRUST_PROXY: "1" } });
    try {
      const admin = await buildAdmin(server.database.db, {});
      const password = await givePassword(server.database.db, server.config, admin);
      const res = await server.request().post("/signin/en").set("X-Forwarded-Proto", "https").send({ username: admin.username, password });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.headers["set-cookie"] as unknown as string[])[0]).toMatch(/^__Host-bulwark\.sid=.*;\s*Secure/i);
    } finally {
      await server.close();
    }
  });
});

describe("Dockerfile", () => {
  const dockerfile = readFileSync(path.join(ROOT_DIR, "Dockerfile"), "utf8");
  const instructions = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => line.trim() && !line.trim().startsWith("#"));

  it("builds on a Node LTS bookworm-slim base that a release pins by digest", () => {
    expect(dockerfile).toMatch(/^ARG NODE_BASE=node:(22|24)-bookworm-slim$/m);
    expect(instructions.filter((line) => line.startsWith("FROM "))).toEqual(["FROM ${NODE_BASE} AS build", "FROM ${NODE_BASE}"]);
    expect(dockerfile).toContain("*@sha256:*) ;;");
    expect(dockerfile).toContain('if [ "${REQUIRE_PINNED_BASE}" = "1" ]');
  });

  it("runs as non-root with a /healthz check, bin/ and the CLI on PATH, OCI labels and no volume", () => {
    expect(instructions.filter((line) => line.startsWith("USER "))).toEqual(["USER node"]);
    const healthcheck = instructions.find((line) => line.startsWith("HEALTHCHECK "));
    expect(healthcheck).toContain("/healthz");
    expect(healthcheck).not.toContain("/readyz");
    expect(instructions.some((line) => line.startsWith("VOLUME"))).toBe(false);
    expect(dockerfile).toContain("COPY --from=build --chown=root:root /app/bin ./bin");
    expect(dockerfile).toContain("ln -s /app/bin/bulwark.mjs /usr/local/bin/bulwark");
    for (const label of ["title", "description", "version", "revision", "created", "licenses", "base.name"]) {
      expect(dockerfile).toContain(`org.opencontainers.image.${label}=`);
    }
    expect(instructions.at(-1)).toBe('CMD ["node", "dist/server/main.js"]');
  });
});
