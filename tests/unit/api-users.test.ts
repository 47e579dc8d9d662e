import { describe, expect, it } from "vitest";
import { ApiError, createUsersApi } from "../../shared/api";
import { requestUrl } from "../support/fetch";

const UID = "3f1c1a2e-5b7d-4a40-9c1e-2d9f0c7b8a11";
const DEVICE = "0b5e3a1c-2d4f-4e6a-8b9c-1d2e3f4a5b6c";
const ITEM = {
  uid: UID,
  username: "ada@example.test",
  firstName: "Ada",
  lastName: "Lovelace",
  team: { slug: "acme", teamName: "Acme" },
  status: "active",
  ecs: false,
  sip: true,
  cellcrypt: false,
  accessLevel: 2,
  createdOn: "2025-01-02T03:04:05.000Z",
  lastSeen: null,
  deviceCount: 1,
  appOutdated: false,
};
const DETAILS = {
  ...ITEM,
  role: "user",
  accessLevel: null,
  aliases: ["ada"],
  ipAddress: null,
  devices: [
    {
      id: DEVICE,
      platform: 2,
      platformName: "iOS",
      appVersion: "5.0.1",
      osVersion: "17",
      deviceName: "Phone",
      browser: null,
      createdOn: ITEM.createdOn,
      lastSeen: ITEM.createdOn,
      wipe: { status: "none", requestedAt: null, wipedAt: null },
      location: null,
      belowMinimum: false,
    },
  ],
};

/** A fake fetch that records requests and answers each with the next reply. */
function fake(replies: { status: number; body: unknown }[]) {
  const calls: { url: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    calls.push({
      url: requestUrl(input),
      method: init?.method ?? "GET",
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    const reply = replies.shift() ?? { status: 200, body: { ok: true } };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "Content-Type": "application/json" } });
  };
  return { calls, fetchImpl };
}

describe("createUsersApi", () => {
  it("calls each endpoint of docs/API.md with its method, path and body", async () => {
    const bulk = { ok: [UID], failed: [{ id: DEVICE, code: "userRead404" }] };
    const { calls, fetchImpl } = fake([
      { status: 200, body: { items: [ITEM], total: 1, nextCursor: null } },
      { status: 200, body: DETAILS },
      { status: 200, body: DETAILS },
      { status: 200, body: DETAILS },
      { status: 200, body: { ok: true } },
      { status: 200, body: bulk },
      { status: 200, body: bulk },
      { status: 200, body: bulk },
      { status: 200, body: bulk },
      { status: 200, body: { ok: true } },
      { status: 200, body: { ok: true } },
    ]);
    const api = createUsersApi({ baseUrl: "https://console.test/", csrfToken: "csrf", fetch: fetchImpl });
    expect(await api.list({ search: "a b", status: "active", ecs: true, cursor: undefined, sort: "lastSeen" })).toEqual({
      items: [ITEM],
      total: 1,
      nextCursor: null,
    });
    expect((await api.get(UID)).devices[0]!.platformName).toBe("iOS");
    await api.create({ username: "ada@example.test", firstName: "Ada", lastName: "Lovelace", team: "acme" });
    await api.update({ uid: UID, sip: true });
    await api.reset({ uid: UID });
    expect(await api.block({ uids: [UID] })).toEqual(bulk);
    await api.activate({ uids: [UID] });
    await api.move({ uids: [UID], team: "acme" });
    await api.remove({ uids: [UID] });
    await api.wipeDevice({ uid: UID, deviceId: DEVICE });
    await api.deleteDevice({ uid: UID, deviceId: DEVICE });
    expect(calls.map((c) => `${c.method} ${c.url.replace("https://console.test", "")}`)).toEqual([
      "GET /v2/users?search=a+b&status=active&ecs=true&sort=lastSeen",
      `GET /v2/user/${UID}`,
      "POST /v2/user",
      "PUT /v2/user",
      "POST /v2/user/reset",
      "PUT /v2/users/block",
      "PUT /v2/users/activate",
      "PUT /v2/users/move",
      "DELETE /v2/users",
      "PUT /v2/device/wipe",
      "DELETE /v2/device",
    ]);
    expect(calls[7]!.body).toEqual({ uids: [UID], team: "acme" });
    expect(calls[0]!.headers["x-csrf-token"]).toBeUndefined();
    expect(calls[5]!.headers["x-csrf-token"]).toBe("csrf");
  });

  it("reports failures with each call's catalogue prefix", async () => {
    const { fetchImpl } = fake([
      { status: 404, body: { error: { code: "userRead404", status: 404, message: "User not found" } } },
      { status: 403, body: { error: { code: "usersMove403", status: 403, message: "No" } } },
      { status: 400, body: { error: { code: "noUserSelected", status: 400, message: "No user selected" } } },
    ]);
    const api = createUsersApi({ fetch: fetchImpl });
    const errors = await Promise.all(
      [api.get(UID), api.move({ uids: [UID], team: "x" }), api.block({ uids: [] })].map((p) =>
        p.then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    );
    expect(errors.map((e) => (e instanceof ApiError ? [e.prefix, e.code] : e))).toEqual([
      ["userRead", "userRead404"],
      ["usersMove", "usersMove403"],
      ["usersBlock", "noUserSelected"],
    ]);
  });
});
