import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_VERSION } from "../../shared/limits";
import { useCliHarness } from "../support/cli";
import { startConnectProxy, type TestProxy } from "../support/proxy";
import { makeTlsFixtures, sendError, startTlsServer, type ScriptedServer, type TlsFixtures } from "../support/tls";
import { runCli, tempConfigDir } from "./helpers";

const TOKEN = "test-token-not-a-secret-9f3a";
const run = (url: string, args: string[], env: Record<string, string> = {}) =>
  runCli(tempConfigDir(), args, { env: { BULWARK_URL: url, BULWARK_TOKEN: TOKEN, BULWARK_RETRIES: "0", ...env } });
const errorOf = (stderr: string) => (JSON.parse(stderr.trim().split("\n").at(-1) ?? "{}") as { error: Record<string, unknown> }).error;

describe("the CLI's HTTP transport", () => {
  const cli = useCliHarness();

  it("sends User-Agent bulwark-cli/<version>, which the access log records", async () => {
    const made = await cli.run(["teams", "create", "--name", "Agent Team", "--slug", "agent-team", "--json"]);
    expect(made.code, made.stderr).toBe(0);
    const rows = await cli.db.selectFrom("accessLog").select(["userAgent"]).execute();
    expect(rows.map((r) => r.userAgent)).toContain(`bulwark-cli/${APP_VERSION}`);
  });

  describe("over TLS", () => {
    let tls: TlsFixtures;
    let good: ScriptedServer;
    let expired: ScriptedServer;
    let otherName: ScriptedServer;
    let proxy: TestProxy;
    const forbidden: Parameters<typeof startTlsServer>[2] = (_req, res) => sendError(res, 403, "forbidden");
    beforeAll(async () => {
      tls = makeTlsFixtures();
      good = await startTlsServer(tls, tls.good, forbidden);
      expired = await startTlsServer(tls, tls.expired, forbidden);
      otherName = await startTlsServer(tls, tls.otherName, forbidden);
      proxy = await startConnectProxy();
    });
    afterAll(async () => {
      await Promise.all([good.close(), expired.close(), otherName.close(), proxy.close()]);
    });

    it("refuses a server whose CA is unknown, naming the check (exit 9)", async () => {
      const result = await run(good.url, ["whoami", "--json"]);
      expect(result.code).toBe(9);
      expect(errorOf(result.stderr)).toMatchObject({ code: "netCertUntrusted", status: 0 });
      expect(errorOf(result.stderr).message).toMatch(/not signed by a trusted authority.*--ca-file/);
      expect(good.requests).toHaveLength(0);
    });

    it("trusts the CA given by --ca-file or BULWARK_CA_FILE, besides the system roots", async () => {
      const byFlag = await run(good.url, ["whoami", "--json", "--ca-file", tls.caFile]);
      expect(byFlag.code, byFlag.stderr).toBe(4); // the server's 403: the TLS connection was accepted
      const byEnv = await run(good.url, ["whoami", "--json"], { BULWARK_CA_FILE: tls.caFile });
      expect(byEnv.code, byEnv.stderr).toBe(4);
      expect(good.requests).toHaveLength(2);
      const missing = await run(good.url, ["whoami", "--json", "--ca-file", `${tls.caFile}.missing`]);
      expect(missing.code).toBe(2);
      expect(errorOf(missing.stderr).message).toContain("Cannot use the CA file");
    });

    it("says when the certificate expired or names another host", async () => {
      const old = await run(expired.url, ["whoami", "--json", "--ca-file", tls.caFile]);
      expect(old.code).toBe(9);
      expect(errorOf(old.stderr).code).toBe("netCertExpired");
      const wrong = await run(otherName.url, ["whoami", "--json", "--ca-file", tls.caFile]);
      expect(wrong.code).toBe(9);
      expect(errorOf(wrong.stderr).code).toBe("netCertHostname");
    });

    it("goes through HTTPS_PROXY with a CONNECT tunnel, and around it for NO_PROXY hosts", async () => {
      const target = new URL(good.url).host;
      const before = proxy.tunnels.length;
      const via = await run(good.url, ["whoami", "--json", "--ca-file", tls.caFile], { HTTPS_PROXY: proxy.url });
      expect(via.code, via.stderr).toBe(4);
      expect(proxy.tunnels.slice(before)).toEqual([target]);
      const lower = await run(good.url, ["whoami", "--json", "--ca-file", tls.caFile], { https_proxy: proxy.url });
      expect(lower.code, lower.stderr).toBe(4);
      expect(proxy.tunnels.slice(before)).toEqual([target, target]);
      const direct = await run(good.url, ["whoami", "--json", "--ca-file", tls.caFile], { HTTPS_PROXY: proxy.url, NO_PROXY: "127.0.0.1" });
      expect(direct.code, direct.stderr).toBe(4);
      expect(proxy.tunnels.slice(before)).toHaveLength(2);
    });

    it("says when the proxy refuses the tunnel or cannot be reached", async () => {
      const refusing = await startConnectProxy({ refuse: true });
      try {
        const refused = await run(good.url, ["whoami", "--json", "--ca-file", tls.caFile], { HTTPS_PROXY: refusing.url });
        expect(refused.code).toBe(9);
        expect(errorOf(refused.stderr)).toMatchObject({ code: "netProxyRefused" });
        expect(refusing.tunnels).toHaveLength(1);
      } finally {
        await refusing.close();
      }
      const gone = await run(good.url, ["whoami", "--json"], { HTTPS_PROXY: refusing.url });
      expect(gone.code).toBe(9);
      expect(errorOf(gone.stderr).code).toBe("netProxyUnreachable");
    });
  });
});
