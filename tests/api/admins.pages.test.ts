import { describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { pageAs } from "../support/factories";
import { useTestServer } from "../support/lifecycle";
import { buildWorld } from "./admins.helpers";

describe.each(testDialects())("administrator pages on %s", (dialect) => {
  const server = useTestServer({ dialect });
  const page = (path: string, admin: Row<"admins">) => pageAs(server, path, admin);

  it("lists the admins in scope in the list frame: filters as a GET form, chips, sortable headers, the count", async () => {
    const w = await buildWorld(server);
    const res = await page(`/admins/manage?search=${w.tag}`, w.adminA);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<form class="list-filters" role="search"[^>]*action="\/admins\/manage" method="get">/);
    expect(res.text).toContain(`aria-label="Remove filter Search: ${w.tag}"`);
    expect(res.text).toContain("1–1 of 1");
    expect(res.text).toContain(`href="/admins/profile/${w.adminA.uid}"`);
    expect(res.text).not.toContain(w.adminB.uid);
    expect(res.text).toContain('href="/admins/create"');
    expect(res.text).toContain(`<option value="${w.teamA.slug}">`);
    expect(res.text).not.toContain(`<option value="${w.teamB.slug}">`);
    expect(res.text).toMatch(
      /aria-sort="ascending"><span class="sort-pair"><a class="sort-link is-sorted" href="\/admins\/manage\?[^"]*order=desc" data-sort="name"/,
    );
    const rootView = await page(`/admins/manage?search=${w.tag}&role=admin&sort=username&order=desc`, w.root);
    expect(rootView.text).toContain("1–2 of 2");
    // Each filter in force is a chip whose link drops only that filter (sort kept).
    expect(rootView.text).toContain(
      `href="/admins/manage?sort=username&amp;order=desc&amp;search=${w.tag}" aria-label="Remove filter Role: Administrator"`,
    );
    // Addresses carry <wbr> after '@' and '.' (break opportunities): compare the text without them.
    const shown = rootView.text.replace(/<wbr\/?>/g, "");
    expect(shown.indexOf(w.adminA.username)).toBeGreaterThan(-1);
    expect(shown.indexOf(w.adminB.username)).toBeLessThan(shown.indexOf(w.adminA.username));
  });

  it("pages with a Next link, shows an empty state, and survives a bad query", async () => {
    const w = await buildWorld(server);
    for (let i = 0; i < 3; i++) await w.admin();
    const first = await page(`/admins/manage?search=${w.tag}&limit=2`, w.root);
    const next = /<a class="button" rel="next" href="([^"]+)"/.exec(first.text)?.[1]?.replace(/&amp;/g, "&");
    expect(next).toBeDefined();
    const second = await page(next!, w.root);
    expect(second.text).toContain("First page");
    expect(second.status).toBe(200);
    const empty = await page(`/admins/manage?search=nobody-${w.tag}`, w.root);
    expect(empty.text).toContain("No administrator matches these filters.");
    const bad = await page("/admins/manage?sort=evil&cursor=%25%25", w.root);
    expect(bad.status).toBe(200);
    expect(bad.text).toContain("Some filters were not valid and were ignored.");
  });

  it("offers 'Create as super administrator?' (SPEC's 'Create as Super-Admin?') to root only, with the caller's teams", async () => {
    const w = await buildWorld(server);
    const asRoot = await page("/admins/create", w.root);
    expect(asRoot.text).toContain('<bulwark-island name="AdminCreateForm"');
    expect(asRoot.text).toMatch(/<input type="checkbox"[^>]* name="root"/);
    expect(asRoot.text).toContain("Create as super administrator?");
    expect(asRoot.text).toContain(w.teamB.teamName);
    const asAdmin = await page("/admins/create", w.adminA);
    expect(asAdmin.text).not.toContain('name="root"');
    expect(asAdmin.text).toContain(w.teamA.teamName);
    expect(asAdmin.text).not.toContain(w.teamB.teamName);
  });

  it("shows another admin's profile with its islands, one's own as My profile, and 404 out of scope", async () => {
    const w = await buildWorld(server);
    const target = await w.admin({ failedAttempts: 3, timezone: "Asia/Tokyo" });
    const res = await page(`/admins/profile/${target.uid}`, w.adminA);
    expect(res.status).toBe(200);
    for (const text of [target.uid, target.username, "Asia/Tokyo", "Failed sign-in attempts", w.teamA.teamName, 'data-status="active"'])
      expect(res.text).toContain(text);
    for (const island of ["AdminDetailsForm", "AdminTeamsForm", "AdminActions"])
      expect(res.text).toContain(`<bulwark-island name="${island}"`);
    // Block is offered to an active admin; Activate is not (no lock, no failures… except these 3).
    expect(res.text).toContain(">Block</button>");
    expect((await page(`/admins/profile/${w.adminA.uid}`, w.adminA)).text).toContain('<h1 class="page-title">My profile</h1>');
    expect((await page(`/admins/profile/${w.adminB.uid}`, w.adminA)).status).toBe(404);
    expect((await page(`/admins/profile/${w.root.uid}`, w.adminA)).status).toBe(404);
    const rootProfile = await page(`/admins/profile/${w.root.uid}`, await w.admin({ role: "root", teams: [] }));
    expect(rootProfile.text).not.toContain('name="AdminTeamsForm"');
    expect(rootProfile.text).toContain("A super administrator manages every company.");
  });
});
