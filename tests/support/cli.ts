/**
 * The set-up every CLI test against a real server repeated: a test server listening on a port, a
 * root admin signed in for real (`POST /v2/public/auth`, as `bulwark login` does), and a `run`
 * that starts the built CLI with BULWARK_URL and BULWARK_TOKEN in a fresh config directory.
 */
import type { Kysely } from "kysely";
import type { Database, Row } from "../../server/db/types";
import { sha512Hex } from "../../shared/crypto";
import { runCli, tempConfigDir, type CliRun, type CliRunOptions } from "../cli/helpers";
import { buildAdmin, givePassword, GOOD_PASSWORD, type AdminOverrides } from "./factories";
import { liveView, useFixture } from "./lifecycle";
import { getTestServer, type TestServer, type TestServerOptions } from "./server";

/** The server's options, plus the root admin's row overrides (default `{ role: "root" }`). */
export interface CliHarnessOptions extends TestServerOptions {
  root?: AdminOverrides;
}

/** Options of one `run`: a runCli run whose BULWARK_TOKEN is the root's unless `token` is given. */
export interface CliHarnessRunOptions extends CliRunOptions {
  /** Another admin's token (from `tokenOf`), instead of the root's. */
  token?: string;
  /** A config directory to keep between runs; a fresh one otherwise. */
  configDir?: string;
}

/** A running server with a signed-in root admin, and the built CLI pointed at it. */
export interface CliHarness {
  server: TestServer;
  db: Kysely<Database>;
  /** The server's base URL (BULWARK_URL). */
  url: string;
  root: Row<"admins">;
  /** The root admin's bearer token, without the `Bearer ` prefix (BULWARK_TOKEN). */
  rootToken: string;
  /** Gives `admin` the test password and signs it in for real; returns its token. */
  tokenOf(admin: Row<"admins">): Promise<string>;
  /** Runs the CLI with BULWARK_URL and BULWARK_TOKEN set (`options.env` on top of them). */
  run(args: readonly string[], options?: CliHarnessRunOptions): Promise<CliRun>;
  close(): Promise<void>;
}

/** Starts a test server, listens, signs a root admin in; call close() in afterAll. */
export async function startCliHarness(options: CliHarnessOptions = {}): Promise<CliHarness> {
  const { root: rootOverrides = { role: "root" }, ...serverOptions } = options;
  const server = await getTestServer(serverOptions);
  const url = await server.listen();
  const db = server.database.db;
  const tokenOf = async (admin: Row<"admins">): Promise<string> => {
    await givePassword(db, server.config, admin);
    const res = await server
      .request()
      .post("/v2/public/auth")
      .send({ username: admin.username, password: await sha512Hex(GOOD_PASSWORD), browser: "test" });
    if (res.status !== 200) throw new Error(`sign-in of ${admin.username} answered ${res.status}`);
    return (res.body as { token: string }).token;
  };
  const root = await buildAdmin(db, rootOverrides);
  const rootToken = await tokenOf(root);
  return {
    server,
    db,
    url,
    root,
    rootToken,
    tokenOf,
    run: (args, { token, configDir, env, ...rest } = {}) =>
      runCli(configDir ?? tempConfigDir(), args, { ...rest, env: { BULWARK_URL: url, BULWARK_TOKEN: token ?? rootToken, ...env } }),
    close: () => server.close(),
  };
}

/**
 * A harness for the describe block, started in beforeAll and closed in afterAll; its fields read
 * the running harness, so take it at describe time and use it inside hooks and tests (call this
 * before the block's own beforeAll that seeds data).
 */
export function useCliHarness(options: CliHarnessOptions = {}): CliHarness {
  return liveView(
    useFixture(
      () => startCliHarness(options),
      (harness) => harness.close(),
    ),
  );
}
