/**
 * The pages' last error handler: a fault of the server shows a localized status page
 * with the request id and is logged at error level; a failing status page still answers, and
 * never with a stack or 'Internal Server Error'.
 */
import path from "node:path";
import { Writable } from "node:stream";
import express from "express";
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { cspNonce } from "../../server/http/security";
import { createI18n } from "../../server/i18n";
import { createLogger } from "../../server/logger";
import { pageErrorHandler } from "../../server/pages/render";
import { ROOT_DIR, TEST_ASSETS } from "../support/server";

async function appWith(fault: express.RequestHandler, assets = TEST_ASSETS) {
  const lines: string[] = [];
  const logger = createLogger("info", new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString("utf8")), done()) }));
  const app = express();
  app.use((req, _res, next) => (((req as unknown as { id: string }).id = "req-42"), next()));
  app.use(cspNonce);
  app.get("/boom", fault);
  app.use(pageErrorHandler({ i18n: await createI18n(path.join(ROOT_DIR, "locales")), assets, edition: "public", logger }));
  return { request: supertest(app), lines };
}

describe("page error handler", () => {
  it("shows a localized 500 page with the request id and logs the fault at error level", async () => {
    const { request, lines } = await appWith(() => {
      throw new Error("database exploded");
    });
    const res = await request.get("/boom");
    expect(res.status).toBe(500);
    expect(res.type).toBe("text/html");
    expect(res.text).toContain("<title>Something went wrong · Bulwark</title>");
    expect(res.text).toContain("Request id: req-42");
    expect(res.text).not.toContain("Internal Server Error");
    expect(res.text).not.toContain("database exploded");
    expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string })).toEqual([
      expect.objectContaining({ level: 50, msg: "page failed" }),
    ]);
  });

  it("answers even when the status page cannot be rendered", async () => {
    const broken = { ...TEST_ASSETS, styles: null as unknown as string[] };
    const { request, lines } = await appWith(() => {
      throw new Error("first fault");
    }, broken);
    const res = await request.get("/boom");
    expect(res.status).toBe(500);
    expect(res.text).toBe("Error 500 (request req-42)");
    expect(lines.some((l) => l.includes("status page failed"))).toBe(true);
  });
});
