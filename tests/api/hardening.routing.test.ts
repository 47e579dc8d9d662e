/**
 * Issue #32 item 4: one-time tokens never reach the server log, whatever the letter case of the
 * path, and routing is case-sensitive, so `/RESET/en/<token>` is not the reset page (nor
 * `/V2/...` the API). End users' `/register/<token>` and `/reset/<token>` are redacted too.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../../server/logger";
import { bearerFor, buildAdmin } from "../support/factories";
import { getTestServer, ROOT_DIR, type TestServer } from "../support/server";

const TOKEN = "Tk9uZS1vZi15b3VyLWJ1c2luZXNzLXRoaXMtaXMtYS10b2tlbg";

describe("case-sensitive routing and token redaction", () => {
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    server = await getTestServer();
    root = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 404 for a token page or an API path in another letter case, and logs no token", async () => {
    const paths = [`/RESET/en/${TOKEN}`, `/Verify/pt/${TOKEN}`, `/register/${TOKEN}`, `/RESET/${TOKEN}`];
    for (const url of paths) {
      const res = await server.request().get(url);
      expect(res.status, url).toBe(404);
    }
    expect((await server.request().get("/signin/en")).status).toBe(200);
    expect((await server.request().get("/SIGNIN/en")).status).toBe(404);
    expect((await server.request().get("/V2/teams").set("Authorization", root)).status).toBe(404);
    expect((await server.request().get("/v2/TEAMS").set("Authorization", root)).status).toBe(404);
    expect((await server.request().get("/v2/teams").set("Authorization", root)).status).toBe(200);
    const logged = server.logs.join("\n");
    expect(logged).not.toContain(TOKEN);
    expect(logged).toContain("/RESET/en/[redacted]");
    expect(logged).toContain("/register/[redacted]");
  });

  it.each([
    [`/RESET/en/${TOKEN}`, "/RESET/en/[redacted]"],
    [`/Verify/PT/${TOKEN}?a=1`, "/Verify/PT/[redacted]?a=1"],
    [`/register/${TOKEN}`, "/register/[redacted]"],
    [`/reset/${TOKEN}#x`, "/reset/[redacted]#x"],
    [`//reset//en//${TOKEN}`, "//reset//en//[redacted]"],
    [`/reset/en/${TOKEN}/more`, "/reset/en/[redacted]"],
    ["/reset/en", "/reset/en"],
    ["/register/pt?next=%2F", "/register/pt?next=%2F"],
    ["/resets/abc", "/resets/abc"],
  ])("redactUrl(%s) = %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it("makes every Router case-sensitive (a new one cannot forget it)", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(path.join(ROOT_DIR, "server"));
    const bare = files.filter((file) => /\bRouter\(\s*\)/.test(readFileSync(file, "utf8")));
    expect(bare.map((file) => path.relative(ROOT_DIR, file))).toEqual([]);
  });
});
