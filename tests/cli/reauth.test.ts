/**
 * Sudo mode in the CLI and the shared transport (issue #29): unattended (stdin a pipe), a
 * dangerous command answered `reauthRequired` asks nothing, says how to run it and exits 3; the
 * transport hands the refusal to its handler and makes the call once more with the replacement
 * token, or fails as answered when the handler gives up.
 */
import { describe, expect, it } from "vitest";
import { createMfaApi } from "../../shared/api/mfa";
import type { ReauthChallenge } from "../../shared/api/reauth";
import { EXIT_CODES } from "../../shared/errors";
import { REAUTH_WINDOW_MINUTES } from "../../server/services/mfa";
import { useCliHarness } from "../support/cli";
import { bearerFor, buildTeam } from "../support/factories";

describe("bulwark and sudo mode against a real server", () => {
  const cli = useCliHarness();

  it("without a terminal, a stale token's team delete exits 3 with a hint and the server's message; nothing is deleted", async () => {
    const team = await buildTeam(cli.db);
    const root = await cli.db.selectFrom("admins").selectAll().where("id", "=", cli.root.id).executeTakeFirstOrThrow();
    const at = Date.now() - (REAUTH_WINDOW_MINUTES + 1) * 60_000;
    const stale = (await bearerFor(cli.server.config, root, root.tokenVersion, { at })).slice("Bearer ".length);
    const run = await cli.run(["teams", "delete", team.slug, "--yes"], { token: stale, stdin: "" });
    expect(run.code).toBe(EXIT_CODES.authentication);
    expect(run.stderr).toContain("needs a terminal");
    expect(run.stderr).toContain("Confirm it is you");
    expect(await cli.db.selectFrom("teams").select("id").where("id", "=", team.id).executeTakeFirst()).toBeDefined();
    // A fresh sign-in is inside the window: the same command runs.
    expect((await cli.run(["teams", "delete", team.slug, "--yes"])).code).toBe(0);
  });
});

describe("the shared transport and reauthRequired", () => {
  const refusal = () =>
    new Response(
      JSON.stringify({ error: { code: "reauthRequired", status: 403, message: "x", details: { methods: ["password", "totp"] } } }),
      {
        status: 403,
        headers: { "Content-Type": "application/json" },
      },
    );
  const ok = () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "Content-Type": "application/json" } });

  it("asks the handler, then makes the call once more with the replacement token", async () => {
    const seen: (string | null)[] = [];
    const answers = [refusal(), ok()];
    const fakeFetch: typeof fetch = (_input, init) => {
      seen.push(new Headers(init?.headers).get("authorization"));
      return Promise.resolve(answers.shift() ?? ok());
    };
    const asked: ReauthChallenge[] = [];
    const api = createMfaApi({
      token: "old",
      fetch: fakeFetch,
      onReauth: (challenge) => {
        asked.push(challenge);
        return Promise.resolve({ token: "new" });
      },
    });
    await expect(api.resetFactors("00000000-0000-4000-8000-000000000000")).resolves.toEqual({ ok: true });
    expect(asked).toEqual([{ methods: ["password", "totp"] }]);
    expect(seen).toEqual(["Bearer old", "Bearer new"]);
  });

  it("fails as answered when the handler gives up, and with no handler at all", async () => {
    for (const onReauth of [() => Promise.resolve(null), false as const]) {
      let calls = 0;
      const api = createMfaApi({
        fetch: () => {
          calls += 1;
          return Promise.resolve(refusal());
        },
        onReauth,
      });
      await expect(api.resetFactors("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "reauthRequired", status: 403 });
      expect(calls).toBe(1);
    }
  });
});
