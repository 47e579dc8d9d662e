import express from "express";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { getTestServer, type TestServer } from "../support/server";
import { AppError } from "../../server/errors";
import { apiErrorHandler } from "../../server/http/errors";
import { createLogger, redactUrl } from "../../server/logger";
import { Writable } from "node:stream";

describe.each(testDialects())("HTTP surface on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers /healthz and /readyz", async () => {
    expect((await server.request().get("/healthz")).body).toEqual({ status: "ok" });
    expect((await server.request().get("/readyz")).body).toEqual({ status: "ready" });
  });

  it("marks every API answer no-store, without an ETag, success or error alike", async () => {
    for (const path of ["/v2/public/settings", "/v2/users", "/v2/no-such-route"]) {
      const res = await server.request().get(path);
      expect(res.headers["cache-control"], path).toBe("no-store");
      expect(res.headers.etag, path).toBeUndefined();
    }
  });

  it("denies camera, microphone, geolocation, payment, USB and the like with Permissions-Policy on every response", async () => {
    for (const path of ["/healthz", "/v2/public/settings", "/v2/nowhere", "/signin/en", "/assets/missing.js"]) {
      const res = await server.request().get(path);
      const policy = String(res.headers["permissions-policy"]);
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "serial", "display-capture"]) {
        expect(policy, `${path} ${feature}`).toContain(`${feature}=()`);
      }
      // Chromium logs "Unrecognized feature" for it on every page.
      expect(policy, path).not.toContain("bluetooth");
    }
  });

  it("answers an anonymous call to a protected or unknown /v2 path with the 401 envelope", async () => {
    const res = await server.request().get("/v2/nothing");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "unauthorized", status: 401, message: "Unauthorized. Sign in and try again" } });
  });

  it("answers a malformed JSON body with 400 Bad parameters", async () => {
    const res = await server.request().post("/v2/public/settings").set("Content-Type", "application/json").send("{bad");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "badParameters", status: 400, message: "Bad parameters" });
  });

  it("serves the public settings from the defaults", async () => {
    const res = await server.request().get("/v2/public/settings");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ edition: "public", version: "5.0.1", languages: ["en", "pt", "es"], captcha: "off" });
    expect(typeof res.body.registrationEnabled).toBe("boolean");
  });

  it("serves stored settings over the defaults", async () => {
    const before = (await server.request().get("/v2/public/settings")).body as { registrationEnabled: boolean };
    const general = (await import("../../shared/schemas/settingsDefaults")).DEFAULT_SETTINGS.general;
    await server.database.db
      .insertInto("systemSettings")
      .values({
        groupName: "general",
        value: JSON.stringify({ ...general, registrationEnabled: !before.registrationEnabled }),
        updatedAt: Date.now(),
      })
      .execute();
    const after = await server.request().get("/v2/public/settings");
    expect(after.body.registrationEnabled).toBe(!before.registrationEnabled);
  });

  it("never writes cookies, authorization headers or one-time tokens to the log", async () => {
    await server
      .request()
      .get("/reset/en/tok-abcdef-123456")
      .set("Cookie", "bulwark.sid=s:secret-cookie")
      .set("Authorization", "Bearer secret-jwt");
    const joined = server.logs.join("\n");
    expect(joined).toContain("/reset/en/[redacted]");
    expect(joined).not.toContain("tok-abcdef-123456");
    expect(joined).not.toContain("secret-cookie");
    expect(joined).not.toContain("secret-jwt");
  });
});

describe("error handler", () => {
  const lines: string[] = [];
  const logger = createLogger("info", new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) }));
  const app = express();
  app.get("/typed", () => {
    throw new AppError("teamEdit404");
  });
  app.get("/boom", () => {
    throw new Error("database password=hunter2 exploded");
  });
  app.use(apiErrorHandler(logger));

  it("writes a typed error's catalogue code, status and English message", async () => {
    const res = await supertest(app).get("/typed");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("teamEdit404");
    expect(res.body.error.status).toBe(404);
    expect(typeof res.body.error.message).toBe("string");
  });

  it("hides an unexpected error behind a generic 500 with the request id, never a stack", async () => {
    const res = await supertest(app).get("/boom");
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: "internal", status: 500, message: "Internal server error" });
    expect(JSON.stringify(res.body)).not.toContain("hunter2");
    expect(JSON.stringify(res.body)).not.toContain("at ");
    expect(lines.join("")).toContain("unhandled error");
  });
});

describe("redactUrl", () => {
  it.each([
    ["/verify/en/abc123", "/verify/en/[redacted]"],
    ["/reset/pt/abc123?x=1", "/reset/pt/[redacted]?x=1"],
    ["/signin/en?next=%2Fdashboard", "/signin/en?next=%2Fdashboard"],
    ["/x?token=abc&y=2", "/x?token=[redacted]&y=2"],
  ])("turns %s into %s", (input, output) => {
    expect(redactUrl(input)).toBe(output);
  });
});
