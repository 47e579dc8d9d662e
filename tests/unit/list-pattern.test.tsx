import { describe, expect, it } from "vitest";
import { FilterChips } from "../../client/components/list/FilterChips";
import { ListFrame, listFrameProps, ListTable } from "../../client/components/list/ListFrame";
import { activeChips, clearedHref, hrefWith, keptSort, listHref, type ListFiltersProps } from "../../client/components/list/listQuery";
import { TeamListQuerySchema } from "../../shared/schemas/team";
import { DatabaseUnavailableError } from "../../server/db/unavailable";
import { AppError } from "../../server/errors";
import { listQueryFromUrl, readListPage } from "../../server/pages/sections/listPage";
import { renderAsServer, translate } from "../support/render";

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

  it("draws toolbar island, chips, count, rows, and a pager above and below only when there is a second page", () => {
    const one = frame({});
    expect(one.state.islands.has("ListFilters")).toBe(true);
    expect(one.html).toContain('<p class="list-count" role="status">1–1 of 1</p>');
    expect(one.html).not.toContain("pager");
    const more = frame({ total: 40, nextCursor: "n1", cursor: "c1" });
    expect(more.html).toContain("40 in total");
    expect(
      more.html.match(/rel="next" href="\/admins\/manage\?sort=username&amp;search=ada&amp;status=blocked&amp;limit=25&amp;cursor=n1"/g),
    ).toHaveLength(2);
    expect(more.html).toContain('<div class="pager pager-top" role="group" aria-label="Pages">');
    expect(more.html).toContain('<nav class="pager pager-bottom" aria-label="Pages">');
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
