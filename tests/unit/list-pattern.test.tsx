import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { PROTECTED_PAGES } from "../../server/pages/routes";
import { concretePath, seedTour, type TourData } from "../support/console-tour";
import { buildAdmin, buildPack, pageAs } from "../support/factories";
import { useTestServer } from "../support/lifecycle";
import { ExportForm } from "../../client/components/list/ExportForm";
import { FilterChips } from "../../client/components/list/FilterChips";
import { ListFrame, listFrameProps, ListTable } from "../../client/components/list/ListFrame";
import { activeChips, clearedHref, hrefWith, keptSort, listHref, type ListFiltersProps } from "../../client/components/list/listQuery";
import { TeamListQuerySchema } from "../../shared/schemas/team";
import { DatabaseUnavailableError } from "../../server/db/unavailable";
import { AppError } from "../../server/errors";
import { listQueryFromUrl, readListPage } from "../../server/pages/sections/listPage";
import { renderAsServer, translate } from "../support/render";

/** The list-tree parts of a page, in document order (ListLayout's `data-list-part`). */
function partsOf(html: string): string[] {
  return [...html.matchAll(/data-list-part="([a-z]+)"/g)].map((match) => match[1]!);
}

/** The HTML from one part's opening to the next part's (or the end). */
function partHtml(html: string, part: string): string {
  const start = html.indexOf(`data-list-part="${part}"`);
  if (start < 0) return "";
  const next = html.indexOf("data-list-part=", start + 1);
  return html.slice(start, next < 0 ? undefined : next);
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** The class attributes of the elements open at `index` of server-rendered (well-formed) HTML. */
function ancestorClasses(html: string, index: number): string[] {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>|<script[^]*?<\/script>|<!--[^]*?-->/g;
  for (let match = tag.exec(html); match && match.index < index; match = tag.exec(html)) {
    const [, closing, name, attributes, selfClosing] = match;
    if (!name || VOID.has(name.toLowerCase()) || selfClosing) continue;
    if (closing) stack.pop();
    else stack.push(/class="([^"]*)"/.exec(attributes ?? "")?.[1] ?? "");
  }
  return stack;
}

const filters: ListFiltersProps = {
  action: "/admins/manage",
  label: "Filter",
  search: { label: "Search", placeholder: "Name", value: "ada", maxLength: 320 },
  selects: [
    {
      name: "status",
      label: "Status",
      value: "blocked",
      anyLabel: "Any",
      options: [
        { value: "active", label: "Active" },
        { value: "blocked", label: "Blocked" },
      ],
    },
    { name: "role", label: "Role", value: "", anyLabel: "Any", options: [{ value: "root", label: "Super administrator" }] },
  ],
  keep: { sort: "username" },
  limit: { value: 25, default: 50 },
};

describe("list pattern: addresses and chips", () => {
  it("leaves empty values and the default page size out of an address", () => {
    expect(listHref("/teams", { search: "", limit: 50, cursor: null }, 50)).toBe("/teams");
    expect(listHref("/teams", { search: "a b", limit: 25 }, 50)).toBe("/teams?search=a+b&limit=25");
  });

  it("gives one chip per active filter, each removing only itself and keeping sort and page size", () => {
    const chips = activeChips(filters);
    expect(chips.map((chip) => [chip.name, chip.value])).toEqual([
      ["search", "ada"],
      ["status", "Blocked"],
    ]);
    expect(chips[0]!.href).toBe("/admins/manage?sort=username&status=blocked&limit=25");
    expect(chips[1]!.href).toBe("/admins/manage?sort=username&search=ada&limit=25");
    expect(clearedHref(filters)).toBe("/admins/manage?sort=username&limit=25");
    // A filter change never carries the cursor; paging does.
    expect(hrefWith(filters, { cursor: "abc" })).toBe("/admins/manage?sort=username&search=ada&status=blocked&limit=25&cursor=abc");
  });

  it("keeps only the sort and order that differ from the list's default", () => {
    expect(keptSort({ sort: "name", order: "asc" }, { sort: "name", order: "asc" })).toEqual({});
    expect(keptSort({ sort: "createdOn", order: "desc" }, { sort: "name", order: "asc" })).toEqual({ sort: "createdOn", order: "desc" });
    expect(keptSort({ order: "desc" }, { order: "asc" })).toEqual({ order: "desc" });
  });

  it("renders chips as links with a spoken name, and as buttons for an island", () => {
    const { html } = renderAsServer(<FilterChips chips={activeChips(filters)} clearHref={clearedHref(filters)} />);
    expect(html).toContain('aria-label="Remove filter Status: Blocked"');
    expect(html).toContain('href="/admins/manage?sort=username&amp;limit=25">Clear filters</a>');
    const buttons = renderAsServer(
      <FilterChips chips={[{ name: "team", label: "Company", value: "Acme" }]} onRemove={() => undefined} onClear={() => undefined} />,
      "pt",
    );
    expect(buttons.html).toContain('<button type="button" class="chip" data-chip="team" aria-label="Retirar o filtro Company: Acme">');
    expect(buttons.html).toContain("Limpar filtros");
    expect(renderAsServer(<FilterChips chips={[]} clearHref="/x" />).html).toBe("");
  });
});

describe("list pattern: frame", () => {
  const frame = (props: Partial<Parameters<typeof ListFrame>[0]>) =>
    renderAsServer(
      <ListFrame filters={filters} shown={1} total={1} cursor={null} nextCursor={null} pagerLabel="Pages" empty={<p>none</p>} {...props}>
        <ListTable caption="Admins">
          <tbody>
            <tr>
              <th scope="row">Ada</th>
            </tr>
          </tbody>
        </ListTable>
      </ListFrame>,
    );

  it("draws the one tree: toolbar (count, export, primary action), filters and chips, rows with a pager above only when there is another page, pager below with 'Rows per page'", () => {
    const one = frame({
      exportMenu: <ExportForm resource="admins" filters={{}} total={1} />,
      actions: <a href="/admins/create">Create</a>,
    });
    expect(one.state.islands.has("ListFilters")).toBe(true);
    expect(partsOf(one.html)).toEqual(["toolbar", "filters", "results", "pager"]);
    const toolbar = partHtml(one.html, "toolbar");
    expect(toolbar).toContain('<p class="list-count" role="status">1–1 of 1</p>');
    // Export is one menu in the toolbar, before the primary action; nothing of it above the rows.
    expect(toolbar).toMatch(
      /<details class="export-menu"><summary class="button export-toggle">Export<\/summary>[^]*<a href="\/admins\/create">/,
    );
    expect(partHtml(one.html, "results")).not.toContain("export");
    expect(one.html).not.toContain("pager-top");
    // 'Rows per page' once, in the bottom pager, as links keeping the filters; the toolbar form has no page size.
    expect(one.html.match(/Rows per page/g)).toHaveLength(1);
    expect(partHtml(one.html, "pager")).toContain('<span class="page-size-option is-current" aria-current="true">25</span>');
    expect(partHtml(one.html, "pager")).toContain('href="/admins/manage?sort=username&amp;search=ada&amp;status=blocked&amp;limit=100"');
    expect(partHtml(one.html, "filters")).not.toContain('name="limit"><');
    expect(partHtml(one.html, "filters")).toContain('<input type="hidden" name="limit" value="25"/>');
    const more = frame({ total: 40, nextCursor: "n1", cursor: "c1" });
    expect(more.html).toContain("40 in total");
    expect(
      more.html.match(/rel="next" href="\/admins\/manage\?sort=username&amp;search=ada&amp;status=blocked&amp;limit=25&amp;cursor=n1"/g),
    ).toHaveLength(2);
    expect(more.html).toContain('<div class="pager pager-top" role="group" aria-label="Pages">');
    expect(more.html).toContain('<nav class="pager pager-bottom" aria-label="Pages">');
    expect(more.html).toContain(">First page</a>");
    expect(more.html).toContain(">Next page</a>");
  });

  it("takes count, cursors and error from the page read (listFrameProps)", () => {
    const page = { items: [1, 2], total: 40, nextCursor: "n1" };
    expect(listFrameProps(filters, page, undefined, "Pages")).toEqual({
      filters,
      shown: 2,
      total: 40,
      cursor: null,
      nextCursor: "n1",
      pagerLabel: "Pages",
      error: undefined,
    });
    expect(listFrameProps(filters, page, "c1", "Pages", "Service Unavailable")).toMatchObject({
      cursor: "c1",
      error: "Service Unavailable",
    });
  });

  it("shows the empty state instead of the table, and the error state instead of count, rows and pager", () => {
    expect(frame({ shown: 0, total: 0 }).html).toContain("<p>none</p>");
    const failed = frame({ error: "Service Unavailable", cursor: "c1" });
    expect(failed.html).toContain('<div class="list-error" role="alert">');
    expect(failed.html).toContain(
      'href="/admins/manage?sort=username&amp;search=ada&amp;status=blocked&amp;limit=25&amp;cursor=c1">Try again</a>',
    );
    expect(failed.html).not.toContain("list-count");
    expect(failed.html).not.toContain("<table");
    expect(failed.html).not.toContain("Rows per page");
    // The toolbar stays, so the filter that failed can be changed.
    expect(failed.state.islands.has("ListFilters")).toBe(true);
  });
});

describe("list pattern: reading a page", () => {
  it("reads the list's own parameters from the address, first values only, and drops what does not validate", () => {
    const names = ["search", "sort", "order", "limit", "cursor"];
    expect(
      listQueryFromUrl(TeamListQuerySchema, names, {
        search: ["acme", "globex"],
        sort: "slug",
        order: "sideways",
        limit: "100000",
        other: "x",
      }),
    ).toEqual(TeamListQuerySchema.parse({ search: "acme", sort: "slug" }));
    expect(listQueryFromUrl(TeamListQuerySchema, names, { search: "  ", sort: ["createdOn"] })).toEqual(
      TeamListQuerySchema.parse({ sort: "createdOn" }),
    );
  });

  const t = translate("en");
  const page = { items: [1], total: 1, nextCursor: null };

  it("starts again from the first page when the cursor does not fit", async () => {
    const seen: (string | undefined)[] = [];
    const read = await readListPage(t, "stale", async (cursor) => {
      seen.push(cursor);
      if (cursor) throw new AppError("badParameters", 400);
      return page;
    });
    expect(seen).toEqual(["stale", undefined]);
    expect(read).toEqual({ page, cursor: null, error: null, status: undefined });
  });

  it("turns a database that cannot serve into the list's error state with a 503, and lets other errors through", async () => {
    const down = await readListPage(t, undefined, async () => {
      throw new DatabaseUnavailableError("statement timeout");
    });
    expect(down).toEqual({
      page: { items: [], total: 0, nextCursor: null },
      cursor: null,
      error: "The service is temporarily unavailable. Try again in a few moments",
      status: 503,
    });
    await expect(readListPage(t, undefined, async () => Promise.reject(new AppError("forbidden", 403)))).rejects.toThrow();
    await expect(readListPage(t, undefined, async () => Promise.reject(new Error("bug")))).rejects.toThrow("bug");
  });
});

/**
 * Issue 27: "A list page is one component tree, and a test fails when a list page does not use
 * it". Every list page of the console, served as root from a seeded installation, draws
 * ListLayout's parts in order, keeps export in the toolbar's menu and 'Rows per page' in the
 * bottom pager, uses the shared pager words and 'Any' for an unset filter, and stands its filters
 * on the background (no card); and no other page draws a pager, an export form or a list table
 * outside the tree.
 */
describe("list pattern: every list page uses the one tree", () => {
  const server = useTestServer();
  let data: TourData;
  let root: Row<"admins">;
  beforeAll(async () => {
    data = await seedTour(server);
    root = await buildAdmin(server.database.db, { role: "root" });
    await buildPack(server.database.db);
  });
  const html = async (path: string) => {
    const res = await pageAs(server, path, root);
    expect(res.status, path).toBe(200);
    return res.text;
  };
  const LIST_PAGES: { path: string; exports: boolean; primary: RegExp | null; filters: boolean }[] = [
    { path: "/users/manage", exports: true, primary: /href="\/users\/create"/, filters: true },
    {
      path: "/invites?view=pending",
      exports: true,
      primary: /class="button button-primary invites-create" href="\/invites"/,
      filters: true,
    },
    { path: "/admins/manage", exports: true, primary: /href="\/admins\/create"/, filters: true },
    { path: "/teams", exports: true, primary: /href="\/teams\/create"/, filters: true },
    { path: "/domains", exports: false, primary: null, filters: true },
    { path: "/associations", exports: false, primary: /bulwark-island name="AssociationCreate"/, filters: true },
    { path: "/licenses", exports: true, primary: null, filters: true },
    { path: "/logs", exports: true, primary: null, filters: true },
    { path: "/tokens", exports: false, primary: null, filters: false },
  ];

  it.each(LIST_PAGES)("$path", async ({ path, exports, primary, filters: hasFilters }) => {
    const page = await html(path);
    expect(partsOf(page)).toEqual(hasFilters ? ["toolbar", "filters", "results", "pager"] : ["toolbar", "results", "pager"]);
    const toolbar = partHtml(page, "toolbar");
    expect(toolbar).toContain('class="list-count');
    if (primary) expect(toolbar).toMatch(primary);
    expect(page.match(/class="export-menu"/g)?.length ?? 0).toBe(exports ? 1 : 0);
    if (exports) expect(toolbar).toContain('class="export-menu"');
    // 'Rows per page' only in the bottom pager; never a page-size select in the filters.
    for (const part of ["toolbar", "filters", "results"]) expect(partHtml(page, part)).not.toContain("Rows per page");
    expect(page).not.toMatch(/<select[^>]*name="limit"/);
    // One wording for paging and for an unset filter.
    expect(page).not.toMatch(/>(Previous|Next|First)<\/(button|a)>/);
    expect(partHtml(page, "filters")).not.toMatch(/<option value=""[^>]*>(All|All companies|All states)<\/option>/);
    // Filters on the background on every list: no card around them. One filter form (FilterForm):
    // a GET search landmark with the submit button a page without script needs.
    if (hasFilters) {
      const form = partHtml(page, "filters");
      const tags = form.match(/<form class="list-filters[^"]*"[^>]*>/g) ?? [];
      expect(tags, path).toHaveLength(1);
      expect(tags[0]).toContain('method="get"');
      expect(tags[0]).toContain('role="search"');
      expect(form).toContain('class="button list-submit"');
      expect(form).not.toMatch(/<fieldset|class="invites-filters"/);
      const around = ancestorClasses(page, page.indexOf('data-list-part="filters"'));
      expect(around).toContain("list-filters-region");
      expect(around.some((name) => name.startsWith("list-frame"))).toBe(true);
      expect(around.filter((name) => name.split(" ").includes("card"))).toEqual([]);
    }
  });

  it("no other page draws a pager, an export form or a list table outside the tree", async () => {
    const listPaths = new Set(LIST_PAGES.map((entry) => entry.path.split("?")[0]));
    for (const route of PROTECTED_PAGES) {
      if (listPaths.has(route.path)) continue;
      const page = await html(concretePath(route.path, data));
      if (/class="pager |class="export-form"|class="data-table list-table/.test(page)) {
        expect(partsOf(page), route.path).toContain("toolbar");
      }
    }
  });
});
