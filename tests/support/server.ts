/**
 * getTestServer(): the real app (createApp) over a fresh test database, with its log captured so
 * tests can check what is written there. `listen()` serves it on an ephemeral port for browsers.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import supertest from "supertest";
import type { Express } from "express";
import { createApp } from "../../server/app";
import { findRootDir, loadConfig, type Config } from "../../server/config";
import { createLogger } from "../../server/logger";
import { createI18n } from "../../server/i18n";
import { productionAssets, type Assets } from "../../server/pages/assets";
import type { DatabaseDialect } from "../../server/db/dialect";
import { createMailService, type MailService } from "../../server/mail/service";
import { createTestDatabase, reopenTestDatabase, type TestDatabase } from "./db";

/** The project root, for locales and the client build. */
export const ROOT_DIR = findRootDir(path.dirname(new URL(import.meta.url).pathname));

/** Assets for API-level page tests: names that look like a build, without needing one. */
export const TEST_ASSETS: Assets = {
  styles: ["/assets/styles-test.css"],
  entry: "/assets/entry-test.js",
  preloads: [],
  islandPreloads: {},
  devClient: null,
};

/** The real client build, for browser tests (tests/support/global-setup.ts builds it). */
export function builtAssets(): Assets {
  return productionAssets(path.join(ROOT_DIR, "dist", "client"));
}

/** A running test application. */
export interface TestServer {
  app: Express;
  config: Config;
  database: TestDatabase;
  /** The app's mail service; the worker runs only with `mailWorker: true`, else call drainNow(). */
  mail: MailService;
  /** Every log line written so far, as raw JSON text. */
  logs: string[];
  request: () => supertest.Agent;
  /** Serves the app on 127.0.0.1 with an ephemeral port and returns its base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Options: the dialect, extra environment, and the real client build for browsers. */
export interface TestServerOptions {
  dialect?: DatabaseDialect;
  env?: Record<string, string>;
  assets?: "test" | "built";
  /** Run the outbox worker (every 100 ms), as the real server does; off by default. */
  mailWorker?: boolean;
  /**
   * Serve from this server's database (through connections of its own, like a second process
   * behind a load balancer) instead of a fresh one; `dialect` is then ignored. Pass the same
   * JWT_SECRET, SESSION_SECRET and PASSWORD_PEPPER to both, as real processes share them.
   */
  shareDatabaseOf?: TestServer;
}

/** Builds the real app on a fresh database; call close() in afterAll. */
export async function getTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-data-"));
  const config = loadConfig(
    { NODE_ENV: "test", BULWARK_DATA_DIR: dataDir, LOG_LEVEL: "info", PORT: "0", CAPTCHA: "off", ...options.env },
    ROOT_DIR,
  );
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      callback();
    },
  });
  const logger = createLogger(config.logLevel, sink);
  const database = options.shareDatabaseOf
    ? await reopenTestDatabase(options.shareDatabaseOf.database)
    : await createTestDatabase(options.dialect ?? "sqlite");
  const i18n = await createI18n(path.join(ROOT_DIR, "locales"));
  const assets = options.assets === "built" ? builtAssets() : TEST_ASSETS;
  const mail = createMailService({ db: database.db, config, i18n, logger, pollIntervalMs: 100 });
  if (options.mailWorker) mail.start();
  const app = createApp({ config, database, logger, i18n, assets, mail });
  let server: http.Server | null = null;
  return {
    app,
    config,
    database,
    mail,
    logs,
    request: () => supertest.agent(app),
    async listen() {
      server = http.createServer(app);
      await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      await mail.stop();
      await database.destroy();
      if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
