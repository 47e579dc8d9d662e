import { describe, expect, it } from "vitest";
import { ApiError, createApiClient, type ApiClient } from "../../shared/api";
import { mapCallOutcome } from "../../shared/errors";
import { requestUrl } from "../support/fetch";

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

const HASH = "a".repeat(128);
const ME = {
  uid: "3f1c1a2e-5b7d-4a40-9c1e-2d9f0c7b8a11",
  username: "ada@example.test",
  firstName: "Ada",
  lastName: "Lovelace",
  role: "root",
  lang: "pt",
  timezone: "Europe/Lisbon",
  status: "active",
  createdOn: "2025-01-02T03:04:05.000Z",
  lastSeen: null,
  teams: [{ slug: "acme", teamName: "Acme" }],
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

/** A fake fetch that records each request and answers with `reply`. */
function fakeFetch(reply: (req: Recorded) => Response | Promise<Response>) {
  const calls: Recorded[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const req: Recorded = {
      url: requestUrl(input),
      method: init?.method ?? "GET",
      headers,
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init?.credentials,
    };
    calls.push(req);
    return reply(req);
  };
  return { calls, fetchImpl };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("createApiClient: requests", () => {
  const ok = () => json(200, { ok: true });

  it.each<[string, (api: ApiClient) => Promise<unknown>, string, string, unknown]>([
    [
      "register",
      (api) =>
        api.register({
          username: "a@b.co",
          name: "Acme",
          first_name: "A",
          last_name: "B",
          lang: "en",
          country: "PT",
          timezone: "UTC",
          captcha: "x",
        }),
      "POST",
      "/v2/public/register",
      { username: "a@b.co", name: "Acme", first_name: "A", last_name: "B", lang: "en", country: "PT", timezone: "UTC", captcha: "x" },
    ],
    [
      "verify",
      (api) => api.verify({ token: "t".repeat(22), new_password: HASH }),
      "POST",
      "/v2/public/verify",
      { token: "t".repeat(22), new_password: HASH },
    ],
    ["reset", (api) => api.reset({ username: "a@b.co" }), "POST", "/v2/public/reset", { username: "a@b.co" }],
    [
      "confirm",
      (api) => api.confirm({ token: "t".repeat(22), new_password: HASH }),
      "POST",
      "/v2/public/confirm",
      { token: "t".repeat(22), new_password: HASH },
    ],
    [
      "changePassword",
      (api) => api.changePassword({ password: HASH, new_password: "b".repeat(128) }),
      "PUT",
      "/v2/me/password",
      { password: HASH, new_password: "b".repeat(128) },
    ],
    ["terminate", (api) => api.terminate({ password: HASH }), "DELETE", "/v2/admin/terminate", { password: HASH }],
  ])("%s sends its JSON body with the method and path of docs/API.md", async (_name, run, method, path, body) => {
    const { calls, fetchImpl } = fakeFetch(ok);
    await expect(run(createApiClient({ baseUrl: "https://bulwark.test/", fetch: fetchImpl }))).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: `https://bulwark.test${path}`, method, body, credentials: "same-origin" });
    expect(calls[0]!.headers["content-type"]).toBe("application/json");
    expect(calls[0]!.headers.accept).toBe("application/json");
  });

  it("sends the bearer token in a header and never in the URL", async () => {
    const token = "eyJhbGciOiJIUzI1NiJ9.secret-token.sig";
    const { calls, fetchImpl } = fakeFetch(() => json(200, ME));
    const api = createApiClient({ token, fetch: fetchImpl });
    await api.me();
    await api.updateMe({ firstName: "Ada", lastName: "Lovelace", lang: "pt", timezone: "Europe/Lisbon" });
    for (const call of calls) {
      expect(call.headers.authorization).toBe(`Bearer ${token}`);
      expect(call.url).not.toContain(token);
      expect(call.url).not.toContain("secret-token");
    }
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /v2/me", "PUT /v2/me"]);
  });

  it("sends X-CSRF-Token on unsafe methods only, and no Authorization without a token", async () => {
    const { calls, fetchImpl } = fakeFetch((req) => (req.method === "GET" ? json(200, ME) : json(200, { ok: true })));
    const api = createApiClient({ csrfToken: "csrf-123", fetch: fetchImpl });
    await api.me();
    await api.changePassword({ password: HASH, new_password: "b".repeat(128) });
    await api.terminate({ password: HASH });
    expect(calls[0]!.headers["x-csrf-token"]).toBeUndefined();
    expect(calls[0]!.headers["content-type"]).toBeUndefined();
    expect(calls[0]!.body).toBeUndefined();
    expect(calls[1]!.headers["x-csrf-token"]).toBe("csrf-123");
    expect(calls[2]!.headers["x-csrf-token"]).toBe("csrf-123");
    for (const call of calls) expect(call.headers.authorization).toBeUndefined();
  });

  it("posts the browser sign-in to /signin/{lang} and drops a null next", async () => {
    const { calls, fetchImpl } = fakeFetch(() => json(200, { redirect: "/dashboard" }));
    const api = createApiClient({ fetch: fetchImpl });
    await expect(
      api.browserSignIn("pt", { username: "ada", password: HASH, browser: "Firefox 128 on Linux", next: null }),
    ).resolves.toEqual({ redirect: "/dashboard" });
    await api.browserSignIn("es", { username: "ada", password: HASH, next: "/teams?x=1" });
    expect(calls[0]).toMatchObject({
      url: "/signin/pt",
      method: "POST",
      body: { username: "ada", password: HASH, browser: "Firefox 128 on Linux" },
    });
    expect(calls[0]!.body).not.toHaveProperty("next");
    expect(calls[1]).toMatchObject({ url: "/signin/es", body: { username: "ada", password: HASH, next: "/teams?x=1" } });
  });

  it("returns the replacement token a bearer password change answers with", async () => {
    const { fetchImpl } = fakeFetch(() => json(200, { ok: true, token: "new-jwt" }));
    const api = createApiClient({ token: "old-jwt", fetch: fetchImpl });
    await expect(api.changePassword({ password: HASH, new_password: "b".repeat(128) })).resolves.toEqual({ ok: true, token: "new-jwt" });
  });

  it("parses successful replies with the response schemas", async () => {
    const settings = {
      edition: "public",
      version: "5.0.1",
      languages: ["en", "pt", "es"],
      registrationEnabled: true,
      captcha: "altcha",
      banners: { en: "Hi" },
    };
    const challenge = { algorithm: "SHA-256", challenge: "c", maxnumber: 100000, salt: "s", signature: "sig" };
    const replies: Record<string, unknown> = {
      "/v2/public/settings": settings,
      "/v2/public/captcha": challenge,
      "/v2/public/auth": { token: "jwt", expiresAt: 1_700_000_000_000, extra: "dropped" },
      "/v2/me": { ...ME, extra: true },
    };
    const { calls, fetchImpl } = fakeFetch((req) => json(200, replies[req.url]));
    const api = createApiClient({ fetch: fetchImpl });
    await expect(api.publicSettings()).resolves.toEqual(settings);
    await expect(api.captchaChallenge()).resolves.toEqual(challenge);
    await expect(api.signIn({ username: "ada", password: HASH, browser: "cli" })).resolves.toEqual({
      token: "jwt",
      expiresAt: "2023-11-14T22:13:20.000Z",
    });
    await expect(api.me()).resolves.toEqual(ME);
    expect(calls[2]).toMatchObject({ method: "POST", body: { username: "ada", password: HASH, browser: "cli" } });
  });
});

describe("createApiClient: failures", () => {
  it("turns the error envelope into ApiError fields with the call's prefix", async () => {
    const envelope = {
      error: {
        code: "passwordChange403",
        status: 403,
        message: "Your current password is incorrect. Try again",
        details: [{ path: ["password"] }],
      },
    };
    const { fetchImpl } = fakeFetch(() => json(403, envelope));
    const error = await failure(
      createApiClient({ csrfToken: "c", fetch: fetchImpl }).changePassword({ password: HASH, new_password: "b".repeat(128) }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "ApiError",
      status: 403,
      code: "passwordChange403",
      serverMessage: envelope.error.message,
      details: envelope.error.details,
      prefix: "passwordChange",
    });
    expect(mapCallOutcome(error.outcome)).toMatchObject({ kind: "message", code: "passwordChange403" });
  });

  it.each<[string, (api: ApiClient) => Promise<unknown>]>([
    ["signin", (api) => api.signIn({ username: "a", password: HASH })],
    ["signin", (api) => api.browserSignIn("en", { username: "a", password: HASH })],
    ["publicSettings", (api) => api.publicSettings()],
    ["register", (api) => api.captchaChallenge()],
    ["verify", (api) => api.verify({ token: "t".repeat(22) })],
    ["reset", (api) => api.reset({ username: "a" })],
    ["confirm", (api) => api.confirm({ token: "t".repeat(22), new_password: HASH })],
    ["sessionRead", (api) => api.me()],
    ["profileUpdate", (api) => api.updateMe({ firstName: "A", lastName: "B", lang: "en", timezone: "UTC" })],
    ["passwordChange", (api) => api.changePassword({ password: HASH, new_password: HASH })],
    ["terminate", (api) => api.terminate({ password: HASH })],
  ])("tags failures with the %s prefix", async (prefix, run) => {
    const { fetchImpl } = fakeFetch(() => new Response("<html>bad gateway</html>", { status: 502 }));
    const error = await failure(run(createApiClient({ fetch: fetchImpl })));
    expect(error.prefix).toBe(prefix);
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBeUndefined();
  });

  it("reports a network failure as status 0, which maps to `net`", async () => {
    const fetchImpl: typeof fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    const error = await failure(createApiClient({ fetch: fetchImpl }).reset({ username: "a@b.co" }));
    expect(error).toMatchObject({ status: 0, prefix: "reset", network: true });
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.outcome).toEqual({ prefix: "reset", network: true });
    expect(mapCallOutcome(error.outcome)).toMatchObject({ code: "net" });
  });

  it("keeps a 500's message for display and reads Retry-After on 429", async () => {
    const { fetchImpl } = fakeFetch((req) =>
      req.url.endsWith("/auth")
        ? json(429, { error: { code: "tooManyRequests", status: 429, message: "Too many" } }, { "Retry-After": "30" })
        : json(500, { error: { code: "internal", status: 500, message: "Database unavailable (req 42)" } }),
    );
    const api = createApiClient({ fetch: fetchImpl });
    const limited = await failure(api.signIn({ username: "a", password: HASH }));
    expect(limited).toMatchObject({ status: 429, code: "tooManyRequests", retryAfter: 30 });
    const crashed = await failure(api.me());
    expect(mapCallOutcome(crashed.outcome)).toMatchObject({ kind: "serverMessage", message: "Database unavailable (req 42)" });
  });

  it("rejects a 2xx reply that breaks the contract as `unknown`", async () => {
    const { fetchImpl } = fakeFetch(() => json(200, { token: 5 }));
    const error = await failure(createApiClient({ fetch: fetchImpl }).signIn({ username: "a", password: HASH }));
    expect(error).toMatchObject({ status: 200, code: "unknown", prefix: "signin" });
  });

  it("maps a 401 on a protected call to sign-out, and on sign-in to a message", async () => {
    const { fetchImpl } = fakeFetch(() => json(401, { error: { code: "signin401", status: 401, message: "Invalid credentials" } }));
    const api = createApiClient({ fetch: fetchImpl });
    expect(mapCallOutcome((await failure(api.me())).outcome).kind).toBe("signOut");
    expect(mapCallOutcome((await failure(api.signIn({ username: "a", password: HASH }))).outcome)).toMatchObject({
      kind: "message",
      code: "signin401",
    });
  });
});
