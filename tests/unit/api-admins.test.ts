import { describe, expect, it } from "vitest";
import { ApiError, createAdminsApi } from "../../shared/api";
import { requestUrl } from "../support/fetch";

const UID = "3f1c1a2e-5b7d-4a40-9c1e-2d9f0c7b8a11";
const ADMIN = {
  uid: UID,
  username: "ada@example.test",
  firstName: "Ada",
  lastName: "Lovelace",
  role: "admin",
  status: "active",
  lang: "en",
  timezone: "UTC",
  failedAttempts: 0,
  lockedUntil: null,
  createdOn: "2025-01-02T03:04:05.000Z",
  lastSeen: null,
  accessLevel: null,
  teams: [{ slug: "acme", teamName: "Acme" }],
};

/** A fake fetch answering `reply` and recording method, URL, CSRF header and body. */
function recorder(reply: unknown, status = 200) {
  const calls: { method: string; url: string; csrf: string | null; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    calls.push({
      method: init?.method ?? "GET",
      url: requestUrl(input),
      csrf: new Headers(init?.headers).get("x-csrf-token"),
      body: init?.body ? JSON.parse(init.body as string) : undefined,
    });
    return new Response(JSON.stringify(reply), { status, headers: { "Content-Type": "application/json" } });
  };
  return { calls, fetchImpl };
}

describe("createAdminsApi", () => {
  it("calls each administrator endpoint with its method, path and body", async () => {
    const one = recorder(ADMIN);
    const api = createAdminsApi({ csrfToken: "c", fetch: one.fetchImpl });
    await api.get(UID);
    await api.create({ username: "x@example.test", firstName: "X", lastName: "Y", teams: ["acme"], invite: true });
    await api.update({ uid: UID, firstName: "Z" });
    await api.setTeams({ uid: UID, teams: ["acme"] });
    expect(one.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET /v2/admin/${UID}`,
      "POST /v2/admin",
      "PUT /v2/admin",
      "PUT /v2/admin/teams",
    ]);
    expect(one.calls[0]!.csrf).toBeNull();
    expect(one.calls[1]!.csrf).toBe("c");
    const ok = recorder({ ok: true });
    const okApi = createAdminsApi({ fetch: ok.fetchImpl });
    await okApi.block(UID);
    await okApi.activate(UID);
    await okApi.remove(UID);
    expect(ok.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ["PUT", "/v2/admin/block", { uid: UID }],
      ["PUT", "/v2/admin/activate", { uid: UID }],
      ["DELETE", "/v2/admin", { uid: UID }],
    ]);
  });

  it("builds the list query without empty parts and parses the page", async () => {
    const list = recorder({ items: [ADMIN], total: 1, nextCursor: null });
    const page = await createAdminsApi({ baseUrl: "https://b.test/", fetch: list.fetchImpl }).list({
      search: "ada",
      role: undefined,
      team: "",
      sort: "lastSeen",
    });
    expect(list.calls[0]!.url).toBe("https://b.test/v2/admins?search=ada&sort=lastSeen");
    expect(page.items[0]?.teams).toEqual([{ slug: "acme", teamName: "Acme" }]);
  });

  it("turns an error envelope into an ApiError with the call's prefix", async () => {
    const refused = recorder({ error: { code: "adminDelete409", status: 409, message: "own account" } }, 409);
    const error = await createAdminsApi({ fetch: refused.fetchImpl })
      .remove(UID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).outcome).toMatchObject({ prefix: "adminDelete", status: 409, code: "adminDelete409" });
  });
});
