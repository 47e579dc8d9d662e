/** The /logs page, server-rendered first page of the access log in the reader's scope. */
import { describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { recordAccess } from "../../server/services/accessLog/record";
import { testDialects } from "../support/db";
import { buildAdmin, buildTeam, pageAs } from "../support/factories";
import { useTestServer } from "../support/lifecycle";

describe.each(testDialects())("access log page on %s", (dialect) => {
  const server = useTestServer({ dialect });
  const page = (path: string, admin: Row<"admins">) => pageAs(server, path, admin);

  it("renders the reader's entries with filters from the address bar, details, the export form and the sidebar entry", async () => {
    const db = server.database.db;
    const mine = await buildTeam(db, { slug: `lp-mine-${dialect}` });
    const other = await buildTeam(db, { slug: `lp-other-${dialect}` });
    const reader = await buildAdmin(db, { teams: [mine], timezone: "Europe/Lisbon" });
    const root = await buildAdmin(db, { role: "root" });
    const origin = { ip: "198.51.100.7", userAgent: "lp-agent", requestId: `lp-req-${dialect}` };
    await recordAccess(
      db,
      { actor: null, ...origin },
      {
        action: "settings.update",
        target: { type: "settings", id: `lp-mark-a` },
        teamId: mine.id,
        details: { changes: { otpLength: { before: 6, after: 8 } } },
      },
    );
    await recordAccess(
      db,
      { actor: null, ...origin },
      { action: "team.update", target: { type: "team", id: `lp-mark-b` }, teamId: other.id },
    );

    const res = await page("/logs?target=lp-mark", reader);
    expect(res.status).toBe(200);
    expect(res.text).toContain('href="/logs"');
    expect(res.text).toContain("lp-mark-a");
    expect(res.text).not.toContain("lp-mark-b");
    expect(res.text.replace(/<!-- -->/g, "")).toContain("otpLength</code>: 6 → 8");
    expect(res.text).toContain("198.51.100.7");
    expect(res.text).toContain(`lp-req-${dialect}`);
    expect(res.text).toContain('action="/v2/logs/export"');
    expect(res.text).toContain('name="target" value="lp-mark"');
    expect(res.text).toContain("Export 1 entry (CSV)");
    expect(res.text).toContain("Times are in Europe/Lisbon.");

    const rootView = await page("/logs?target=lp-mark&outcome=success", root);
    expect(rootView.text).toContain("lp-mark-b");
    expect(rootView.text).toContain("Export 2 entries (CSV)");
    const bad = await page("/logs?from=yesterday&cursor=%25%25&target=lp-mark", root);
    expect(bad.status).toBe(200);
    expect(bad.text).toContain("lp-mark-b");
    const empty = await page("/logs?target=nothing-matches-here", root);
    expect(empty.text).toContain("No access-log entries match.");
  });

  it("shows an export form with the current filters and the row count on every list page", async () => {
    const db = server.database.db;
    const team = await buildTeam(db, { slug: `lp-export-${dialect}` });
    const root = await buildAdmin(db, { role: "root" });
    const cases: [string, string, RegExp][] = [
      [
        `/users/manage?team=${team.slug}&status=blocked`,
        "/v2/users/export",
        /(?=[^]*name="team" value="lp-export-[a-z]+")(?=[^]*name="status" value="blocked")/,
      ],
      [
        `/admins/manage?team=${team.slug}&role=admin`,
        "/v2/admins/export",
        /(?=[^]*name="role" value="admin")(?=[^]*name="team" value="lp-export-[a-z]+")/,
      ],
      [`/teams?search=lp-export-${dialect}`, "/v2/teams/export", /name="search" value="lp-export-[a-z]+"/],
      [`/licenses?team=${team.slug}`, "/v2/licenses/export", /name="team" value="lp-export-[a-z]+"/],
    ];
    for (const [path, action, filters] of cases) {
      const res = await page(path, root);
      expect(res.status, path).toBe(200);
      const form = new RegExp(`<form class="export-form"[^>]*action="${action}"[^]*?</form>`).exec(res.text)?.[0] ?? "";
      expect(form, path).toMatch(filters);
      expect(form, path).toMatch(/name="format" value="csv"|value="csv"[^>]*name="format"/);
    }
    const teams = await page(`/teams?search=lp-export-${dialect}`, root);
    expect(teams.text).toContain("Export 1 company (CSV)");
  });
});
