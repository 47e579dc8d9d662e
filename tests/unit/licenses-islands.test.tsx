import { describe, expect, it } from "vitest";
import { seatsAfter } from "../../client/components/licenses/format";
import { formatMoney } from "../../client/components/licenses/money";
import { SeatsGauge } from "../../client/components/licenses/SeatsGauge";
import { applySeatsChanges, LicenseGauge } from "../../client/islands/LicenseGauge";
import { licensesQueryFromUrl } from "../../server/pages/sections/licenses";
import { renderAsServer } from "../support/render";

const seats = (capacity: number, users: number, invites = 0) => ({
  capacity,
  users,
  invites,
  available: Math.max(0, capacity - users - invites),
});

describe("license gauge", () => {
  it("writes every figure as text beside a decorative ring", () => {
    const { html } = renderAsServer(<SeatsGauge seats={seats(100, 30, 5)} title="Licenses of Acme" />);
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(html).toContain('data-seats="users">30<');
    expect(html).toContain('data-seats="invites">5<');
    expect(html).toContain('data-seats="available">65<');
    expect(html).toContain("100 licenses in valid packs");
    expect(html).not.toContain("more in use");
  });

  it("says by how much a company is over capacity, in the admin's language", () => {
    const { html } = renderAsServer(<SeatsGauge seats={seats(10, 12, 1)} title="Licenças" />, "pt");
    expect(html).toContain('data-seats="available">0<');
    expect(html).toContain("Há 3 licenças em uso a mais");
  });

  it("follows announced changes: one company's figures are replaced, a scope's move by the difference", () => {
    const change = { team: "acme", before: seats(50, 10), after: seats(80, 10) };
    expect(applySeatsChanges(seats(120, 30), null, [change])).toEqual(seats(150, 30));
    expect(applySeatsChanges(seats(50, 10), "acme", [change])).toEqual(seats(80, 10));
    expect(applySeatsChanges(seats(7, 1), "globex", [change])).toEqual(seats(7, 1));
    // A distribution inside the scope moves licenses between companies: the sum stays.
    const moved = [change, { team: "globex", before: seats(40, 0), after: seats(10, 0) }];
    expect(applySeatsChanges(seats(90, 10), null, moved)).toEqual(seats(90, 10));
  });

  it("renders the per-company summary, marking a company without licenses", () => {
    const { html } = renderAsServer(
      <LicenseGauge
        seats={seats(5, 1)}
        team={null}
        allTeams
        rows={[
          { slug: "acme", teamName: "Acme", seats: seats(5, 1) },
          { slug: "dry", teamName: "Dry", seats: seats(0, 0) },
        ]}
      />,
    );
    expect(html).toContain("Licenses of all companies");
    expect(html).toMatch(/data-team="dry">.*Unlicensed/);
  });
});

describe("license page helpers", () => {
  it("never shows available licenses below zero after an action", () => {
    expect(seatsAfter(seats(10, 8), -5)).toEqual({ capacity: 5, users: 8, invites: 0, available: 0 });
    expect(seatsAfter(seats(10, 8), 5).available).toBe(7);
  });

  it("formats prices in minor units with the currency's own decimals", () => {
    expect(formatMoney(600000, "EUR", "en")).toBe("€6,000.00");
    expect(formatMoney(1500, "JPY", "en")).toBe("JP¥1,500");
  });

  it("keeps valid list parameters from the address and drops the rest", () => {
    expect(licensesQueryFromUrl({ team: "acme", state: "expired", licenseType: "gold", limit: "5000" })).toMatchObject({
      team: "acme",
      state: "expired",
      limit: 50,
    });
    expect(licensesQueryFromUrl({ licenseType: "gold" }).licenseType).toBeUndefined();
  });
});
