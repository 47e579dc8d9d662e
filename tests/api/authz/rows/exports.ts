import { signedIn, type MatrixRow } from "../types";
import { adminsRows } from "./admins";
import { invitesRows } from "./invites";
import { licensesRows } from "./licenses";
import { logsRows } from "./logs";
import { teamsRows } from "./teams";
import { usersRows } from "./users";

/** The JSON Lines of an export's body, one item per line. */
const lines = (_body: unknown, text: string): unknown[] =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as unknown);

/**
 * GET /v2/<list>/export: each list's own matrix row (same fixtures, same filter)
 * asked for as JSON Lines, so every actor exports exactly the rows its list shows them.
 */
function exportRow(rows: MatrixRow[], list: string): MatrixRow {
  const row = rows.find((candidate) => candidate.method === "GET" && candidate.route === `/${list}`);
  if (!row?.count) throw new Error(`no counted list row for /${list}`);
  return {
    method: "GET",
    route: `/${list}/export`,
    request: async (f) => {
      const { url } = await row.request(f);
      const [path, query = ""] = url.split("?");
      return { url: `${path}/export?format=jsonl${query ? `&${query}` : ""}` };
    },
    expect: signedIn(200, 200, 200),
    count: row.count,
    ...(row.tokenCounts ? { tokenCounts: row.tokenCounts } : {}),
    items: lines,
  };
}

/** Every list's export row. */
export const exportRows: MatrixRow[] = [
  exportRow(usersRows, "users"),
  exportRow(adminsRows, "admins"),
  exportRow(teamsRows, "teams"),
  exportRow(licensesRows, "licenses"),
  exportRow(invitesRows, "invites"),
  exportRow(logsRows, "logs"),
];
