// `npm run lint:api`: builds the OpenAPI document from the real /v2 router (no server, no
// network: an in-memory SQLite that is never queried) and lints it with Redocly's `recommended`
// rules (redocly.yaml). `--out <file>` also keeps the document, e.g. to generate a client.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Router } from "express";
import { createApp } from "../server/app";
import { findRootDir, loadConfig } from "../server/config";
import { createDatabase } from "../server/db/connection";
import { createI18n } from "../server/i18n";
import { createLogger } from "../server/logger";
import { createMailService } from "../server/mail/service";
import type { Assets } from "../server/pages/assets";
import { buildOpenApi } from "../server/api/openapi";

const rootDir = findRootDir(path.dirname(new URL(import.meta.url).pathname));
const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-openapi-"));
const outArg = process.argv.indexOf("--out");
const file = outArg > 0 && process.argv[outArg + 1] ? path.resolve(process.argv[outArg + 1]!) : path.join(dataDir, "openapi.json");
try {
  const config = loadConfig({ NODE_ENV: "test", BULWARK_DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "0", CAPTCHA: "off" }, rootDir);
  const database = await createDatabase({ sqlitePath: ":memory:" });
  const logger = createLogger("silent");
  const i18n = await createI18n(path.join(rootDir, "locales"));
  const mail = createMailService({ db: database.db, config, i18n, logger });
  const assets: Assets = { styles: [], entry: "", preloads: [], islandPreloads: {}, devClient: null };
  const app = createApp({ config, database, logger, i18n, assets, mail });
  writeFileSync(file, JSON.stringify(buildOpenApi(app.locals.apiRouter as Router), null, 2));
  await database.close();
  const redocly = path.join(rootDir, "node_modules", ".bin", "redocly");
  const lint = spawnSync(redocly, ["lint", "--config", path.join(rootDir, "redocly.yaml"), file], { stdio: "inherit" });
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
