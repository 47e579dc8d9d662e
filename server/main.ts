import { readFileSync } from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type http from "node:http";
import { ConfigError, listeningUrl, loadConfig, withListeningPort, type Config } from "./config";
import { createLogger, logPresentation, startBanner, type LogPresentation } from "./logger";
import { createDatabase } from "./db/connection";
import { migrateToLatest } from "./db/migrate";
import { databaseWarnings } from "./db/maintenance";
import { explainStartupFailure } from "./db/unavailable";
import { createI18n } from "./i18n";
import { createApp, type AppDeps } from "./app";
import { productionAssets, type Assets } from "./pages/assets";
import { createMailService } from "./mail/service";
import { ensureRootAdmin } from "./services/admins";
import { logSecretsSource, resolveInstallationSecrets } from "./lib/secrets";
import { secureDataDir } from "./lib/dataDir";
import { startHousekeeping } from "./services/housekeeping";
import { createDrainableServer } from "./http/drain";
import { startMetricsListener } from "./http/metricsListener";
import type express from "express";

/** Options for starting the server; development passes Vite's middleware and its assets. */
export interface StartOptions {
  config?: Config;
  assets?: (config: Config) => Assets;
  devMiddleware?: express.RequestHandler;
  /** Development: the page handlers from Vite's SSR module graph (see AppDeps). */
  pages?: AppDeps["pages"];
  /** Whether stdout is a terminal (default: process.stdout.isTTY); decides the banner and log format. */
  isTTY?: boolean;
}

/** A running server and how to stop it cleanly. */
export interface RunningServer {
  /** The console's public address (PUBLIC_URL, or the listen address): the origin of every link. */
  url: string;
  /** Where the process listens, as a local browser reaches it. */
  listening: string;
  /** SHUTDOWN_TIMEOUT_MS: close() finishes within it. */
  shutdownTimeoutMs: number;
  /** At a terminal: the start banner for main() to print once everything is up (else null: printed as before). */
  banner: string | null;
  /** With METRICS_PORT: where `/metrics` is served (its own listener). */
  metricsUrl?: string;
  close(): Promise<void>;
}

/** Where the data is, for the banner (a PostgreSQL URL without its user or password). */
function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `SQLite, ${config.sqlitePath}`;
  try {
    const u = new URL(config.databaseUrl);
    return `PostgreSQL, ${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}

/** The mail transport and where it goes, for the banner (an SMTP URL without credentials). */
function describeMail(config: Config): string {
  if (config.mail.transport === "file") return `written to ${config.mail.dir} (MAIL=file)`;
  if (config.mail.transport === "disabled") return "disabled (MAIL=disabled)";
  try {
    const u = new URL(config.mail.smtpUrl ?? "");
    return `SMTP via ${u.hostname}:${u.port || (u.protocol === "smtps:" ? "465" : "587")}`;
  } catch {
    return "SMTP";
  }
}

/** This build's version, for the banner. */
function versionOf(rootDir: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(rootDir, "package.json"), "utf8")) as { version?: string }).version ?? "";
  } catch {
    return "";
  }
}

/** Waits for `work`, at most `ms`; a failure or a late finish is left to the log. */
async function settleWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, Math.max(ms, 0))))]);
  clearTimeout(timer);
}

/** The share of SHUTDOWN_TIMEOUT_MS kept for closing mail, housekeeping and the database after the drain. */
const CLOSE_RESERVE_MS = 5000;

/**
 * Process entry (DESIGN §1): config → database → migrations → app → listen, and a graceful
 * shutdown on SIGTERM/SIGINT that stops accepting, drains requests and closes the database,
 * within SHUTDOWN_TIMEOUT_MS whatever the database does.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const loaded = options.config ?? loadConfig();
  const presentation: LogPresentation = logPresentation({
    isTTY: options.isTTY ?? Boolean(process.stdout.isTTY),
    env: loaded.env,
    logLevel: loaded.logLevel,
  });
  const logger = createLogger(loaded.logLevel, undefined, presentation.format);
  // Before anything opens a file in it: a 0777 data directory is narrowed (issue #32 item 8b).
  secureDataDir(loaded.dataDir, logger);
  const where = { databaseUrl: loaded.databaseUrl, sqlitePath: loaded.sqlitePath };
  // Migrations may legitimately run longer than one request's statement limit (an index on a
  // big table): they get a connection of their own without it.
  const migrating = await createDatabase({ ...where, timeouts: { ...loaded.databaseTimeouts, statementMs: 0 } }).catch((error: unknown) => {
    throw explainStartupFailure(error, where);
  });
  try {
    await migrateToLatest(migrating.db);
  } catch (error) {
    // Issue #32: a full disk names the database and the cause rather than a bare SQLITE_FULL.
    throw explainStartupFailure(error, where);
  } finally {
    await migrating.close();
  }
  const database = await createDatabase({
    ...where,
    timeouts: loaded.databaseTimeouts,
    onPoolError: (error) => logger.warn({ err: error }, "database connection lost"),
  });
  const { config: resolved, ...secrets } = await resolveInstallationSecrets(database.db, loaded).catch(async (error: unknown) => {
    await database.close(1000);
    throw explainStartupFailure(error, where);
  });
  logSecretsSource(logger, secrets);
  for (const warning of await databaseWarnings(database.db).catch(() => [])) logger.warn(warning);
  const i18n = await createI18n(path.join(resolved.rootDir, "locales"));
  const assets = (options.assets ?? ((c) => productionAssets(path.join(c.rootDir, "dist", "client"))))(resolved);
  // Bound first, so the public address (without PUBLIC_URL: the bound port, PORT=0 included) is
  // known before anything composes a link with it; the moments until the app is ready answer 503.
  let handler: http.RequestListener = (_req, res) => {
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "1" }).end("Bulwark is starting\n");
  };
  const drainable = createDrainableServer((req, res) => handler(req, res));
  const server = drainable.server;
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(resolved.port, resolved.host, resolve);
  });
  const config = withListeningPort(resolved, (server.address() as AddressInfo).port);
  let root: Awaited<ReturnType<typeof ensureRootAdmin>>;
  try {
    root = await ensureRootAdmin(database.db, config);
  } catch (error) {
    server.close();
    await database.close(1000);
    throw explainStartupFailure(error, where);
  }
  if (root.kind === "created") logger.info({ username: root.username }, "root administrator created from BULWARK_ROOT_EMAIL");
  // The one-time setup link goes to the operator's console, not into the structured log; at a
  // terminal it is part of the banner, printed last so no log line pushes it away.
  let setup: string | undefined;
  if (root.kind === "setupLink") {
    setup = `No root administrator yet. Open this one-time link within 24 hours to activate 'root' (choose its password):\n${root.link}`;
  }
  if (root.kind === "setupLinkElsewhere") {
    // Another process of this installation started at the same time and printed the one valid link.
    const at = new Date(root.issuedAt).toISOString();
    setup = `No root administrator yet. Another process printed the one-time setup link at ${at} (see its output); restart later for a new one.`;
  }
  if (setup && !presentation.banner) process.stdout.write(`\n${setup.replace(/^/gm, "  ")}\n\n`);
  const mail = createMailService({ db: database.db, config, i18n, logger });
  mail.start();
  const housekeeping = startHousekeeping({ db: database.db, logger, publicUrl: config.publicUrl });
  const deps: AppDeps = {
    config,
    database,
    logger,
    i18n,
    assets,
    mail,
    devMiddleware: options.devMiddleware,
    pages: options.pages,
    requestLogLevel: presentation.banner ? presentation.requestLevel : undefined,
  };
  handler = createApp(deps);
  let metricsListener: Awaited<ReturnType<typeof startMetricsListener>> | undefined;
  if (config.metrics.port !== undefined) {
    try {
      metricsListener = await startMetricsListener({ ...config.metrics, port: config.metrics.port, database });
    } catch (error) {
      server.close();
      await Promise.all([mail.stop(), housekeeping.stop()]);
      await database.close(1000);
      throw new Error(`METRICS_PORT: cannot listen on ${config.metrics.host}:${config.metrics.port}: ${(error as Error).message}`);
    }
  }
  // The console URL printed is the same value as every link's origin (PUBLIC_URL or the listen address).
  const url = config.publicUrl;
  const listening = listeningUrl(config.host, (server.address() as AddressInfo).port);
  const facts = { url, listening, database: database.dialect, edition: config.edition, mail: config.mail.transport };
  const banner = presentation.banner
    ? startBanner({
        ...facts,
        version: versionOf(config.rootDir),
        database: describeDatabase(config),
        mail: describeMail(config),
        setup,
        logLevel: config.logLevel,
      })
    : null;
  // At a terminal the banner says it; a log collector gets the structured line as before.
  if (!banner) logger.info(facts, "Bulwark is listening");
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      logger.info("shutting down");
      const deadline = Date.now() + config.shutdownTimeoutMs;
      const reserve = Math.min(CLOSE_RESERVE_MS, Math.floor(config.shutdownTimeoutMs / 4));
      const drained = await drainable.drain(config.shutdownTimeoutMs - reserve);
      await metricsListener?.close();
      if (!drained) logger.warn("requests still running at the shutdown deadline were cut off");
      // Each stop waits for a pass that may be stuck on the database: bounded by what is left.
      await settleWithin(Promise.all([mail.stop(), housekeeping.stop()]), (deadline - Date.now()) / 2);
      await database.close(Math.max(deadline - Date.now(), 100));
      logger.flush();
    })();
    return closing;
  };
  return {
    url,
    listening,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    banner,
    close,
    ...(metricsListener ? { metricsUrl: metricsListener.url } : {}),
  };
}

/** Runs the server as the process's main program. */
export async function main(options: StartOptions = {}): Promise<void> {
  try {
    const running = await startServer(options);
    if (running.banner) process.stdout.write(running.banner);
    else {
      // Behind a proxy (PUBLIC_URL) the local address is worth knowing too; it is not the console's.
      const local = running.listening === running.url ? "" : ` (listening on ${running.listening})`;
      process.stdout.write(`\n  Bulwark console: ${running.url}${local}\n\n`);
    }
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        // The last resort if closing itself hangs: a process manager's stop must stop us.
        setTimeout(() => {
          process.stderr.write("Bulwark: shutdown exceeded SHUTDOWN_TIMEOUT_MS; exiting\n");
          process.exit(1);
        }, running.shutdownTimeoutMs + 2000).unref();
        void running.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  } catch (error) {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`Bulwark could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

const invokedDirectly = process.argv[1] !== undefined && /[\\/](main\.(ts|js))$/.test(process.argv[1]);
if (invokedDirectly) void main();
