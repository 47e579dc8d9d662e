import { describe, expect, it } from "vitest";
import { ApiError, createLicensesApi } from "../../shared/api";
import { requestUrl } from "../support/fetch";

const ID = "3f1c1a2e-5b7d-4a40-9c1e-2d9f0c7b8a11";
const PACK = {
  id: ID,
  team: "acme",
  licenseType: "subscription",
  licenseCount: 25,
  status: "valid",
  state: "valid",
  expiration: "2027-01-02T03:04:05.000Z",
  issuedOn: "2026-01-02T03:04:05.000Z",
  source: "purchase",
  tokenId: null,
};

/** A fake fetch that records requests and answers each with the next reply. */
function fake(replies: { status: number; body: unknown }[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    calls.push({
      url: requestUrl(input),
      method: init?.method ?? "GET",
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    });
    const reply = replies.shift() ?? { status: 200, body: { ok: true } };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "Content-Type": "application/json" } });
  };
  return { calls, fetchImpl };
}

describe("createLicensesApi", () => {
  it("calls each license endpoint of docs/API.md with its method, path and body", async () => {
    const order = { provider: "invoice", invoiceNumber: "INV-20261124-0A1B2C3D", currency: "EUR", totalMinor: 150000 };
    const { calls, fetchImpl } = fake([
      { status: 200, body: { items: [PACK], total: 1, nextCursor: null } },
      { status: 200, body: PACK },
      { status: 200, body: { ...PACK, order } },
      { status: 200, body: { ...PACK, source: "activation", tokenId: "t-1" } },
      { status: 200, body: { valid: false, reason: "badSignature" } },
      { status: 200, body: { ...PACK, licenseCount: 5, created: { ...PACK, team: "beta", licenseCount: 20, source: "distribution" } } },
      { status: 200, body: { capacity: 25, users: 3, invites: 0, available: 22 } },
      { status: 200, body: { currency: "EUR", prices: [{ licenseType: "trial", termMonths: 1, unitPriceMinor: 0 }] } },
    ]);
    const api = createLicensesApi({ baseUrl: "https://console.test", fetch: fetchImpl });
    expect((await api.list({ team: "acme", state: "valid", cursor: undefined })).items[0]!.id).toBe(ID);
    expect((await api.get(ID)).licenseCount).toBe(25);
    expect((await api.purchase({ team: "acme", licenseType: "subscription", licenseCount: 25, termMonths: 12 })).order).toEqual(order);
    expect((await api.activate({ token: "eyJ2IjoxfQ.c2ln" })).tokenId).toBe("t-1");
    expect(await api.validate("eyJ2IjoxfQ.c2ln")).toEqual({ valid: false, reason: "badSignature" });
    expect((await api.update({ id: ID, action: "distribute", team: "beta", licenseCount: 20 })).created?.team).toBe("beta");
    expect(await api.seats("acme")).toEqual({ capacity: 25, users: 3, invites: 0, available: 22 });
    expect((await api.prices()).currency).toBe("EUR");
    expect(calls.map((c) => `${c.method} ${c.url.replace("https://console.test", "")}`)).toEqual([
      "GET /v2/licenses?team=acme&state=valid",
      `GET /v2/license/${ID}`,
      "POST /v2/license",
      "POST /v2/license",
      "POST /v2/license/validate",
      "PUT /v2/license",
      "GET /v2/teams/acme/seats",
      "GET /v2/license/prices",
    ]);
    expect(calls[4]!.body).toEqual({ token: "eyJ2IjoxfQ.c2ln" });
  });

  it("gives each call its catalogue prefix, so a 403 maps to the right code", async () => {
    const { fetchImpl } = fake([
      { status: 403, body: {} },
      { status: 409, body: { error: { code: "licenseActivate409", status: 409, message: "used" } } },
    ]);
    const api = createLicensesApi({ fetch: fetchImpl });
    const refused = await api.update({ id: ID, action: "expire" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).prefix).toBe("licenseEdit");
    const replay = await api.activate({ token: "eyJ2IjoxfQ.c2ln" }).catch((e: unknown) => e);
    expect((replay as ApiError).code).toBe("licenseActivate409");
  });
});
