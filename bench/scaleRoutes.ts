/**
 * The routes `npm run bench -- --scale <users>` measures as first visits (issue #28): every list
 * and page an admin opens first, each with a rotation of distinct queries (search terms, filters,
 * sorts, companies) so no cache of the server answers twice from the same entry.
 */
import type { Kysely } from "kysely";
import type { Database } from "../server/db/types";
import { encodeCursor } from "../server/lib/pagination";
import { FIRST_NAMES, LAST_NAMES } from "../server/services/seed";

/** One measured route: its name, what kind of aim applies, the paths it rotates through, and who calls. */
export interface ScaleRoute {
  name: string;
  kind: "list" | "page" | "search";
  paths: string[];
  auth: "rootToken" | "adminToken" | "rootSession";
}

const SORTS = ["name", "username", "team", "status", "createdOn", "lastSeen"] as const;
const enc = encodeURIComponent;

/** The routes and their rotations, from the seeded data (usernames and teams sampled). */
export async function scaleRoutes(db: Kysely<Database>, users: number): Promise<ScaleRoute[]> {
  const teams = (await db.selectFrom("teams").select("slug").orderBy("id").limit(50).execute()).map((t) => t.slug);
  // Usernames spread over the table (every users / 200th row), for the exact-username searches.
  const step = Math.max(1, Math.floor(users / 200));
  const usernames = (
    await db
      .selectFrom("users")
      .select("username")
      .where((eb) => eb(eb.fn("mod", ["id", eb.lit(step)]), "=", 0))
      .limit(200)
      .execute()
  ).map((u) => u.username);
  // A deep page: the cursor of the row halfway through the createdOn order.
  const middle = await db
    .selectFrom("users")
    .select(["id", "createdAt"])
    .orderBy("createdAt")
    .orderBy("id")
    .offset(Math.floor(users / 2))
    .limit(1)
    .executeTakeFirst();
  const deep = middle ? `&cursor=${encodeCursor({ v: Number(middle.createdAt), id: middle.id })}` : "";
  const lastNames = LAST_NAMES.map((n) => n.toLowerCase());
  const pairs = FIRST_NAMES.flatMap((first, i) => [
    `${first} ${LAST_NAMES[i % LAST_NAMES.length]}`,
    `${first} ${LAST_NAMES[(i * 7 + 3) % LAST_NAMES.length]}`,
  ]);
  const sorted = SORTS.flatMap((sort) => [`sort=${sort}&order=asc`, `sort=${sort}&order=desc`]);
  const filtersOf = [
    "status=active",
    "status=pending",
    "status=blocked",
    "platform=1",
    "platform=2",
    "platform=12",
    "ecs=true",
    "sip=true",
    "cellcrypt=true",
    "outdated=true",
    ...teams.slice(0, 10).map((slug) => `team=${slug}`),
  ];
  return [
    { name: "`GET /v2/users` first page (root)", kind: "list", paths: ["/v2/users?limit=50"], auth: "rootToken" },
    { name: "`GET /v2/users` each sort and order", kind: "list", paths: sorted.map((q) => `/v2/users?${q}&limit=50`), auth: "rootToken" },
    { name: "`GET /v2/users` each filter", kind: "list", paths: filtersOf.map((q) => `/v2/users?${q}&limit=50`), auth: "rootToken" },
    {
      name: "`GET /v2/users` deep page (createdOn, middle)",
      kind: "list",
      paths: [`/v2/users?sort=createdOn&limit=50${deep}`],
      auth: "rootToken",
    },
    {
      name: "`GET /v2/users?search=` a common last name",
      kind: "search",
      paths: lastNames.map((n) => `/v2/users?search=${enc(n)}&limit=50`),
      auth: "rootToken",
    },
    {
      name: "same, `sort=name`",
      kind: "search",
      paths: lastNames.map((n) => `/v2/users?search=${enc(n)}&sort=name&limit=50`),
      auth: "rootToken",
    },
    { name: "search first + last name", kind: "search", paths: pairs.map((p) => `/v2/users?search=${enc(p)}&limit=50`), auth: "rootToken" },
    {
      name: "search an exact username",
      kind: "search",
      paths: usernames.map((u) => `/v2/users?search=${enc(u)}&limit=50`),
      auth: "rootToken",
    },
    {
      name: "search with no match",
      kind: "search",
      paths: Array.from({ length: 200 }, (_, i) => `/v2/users?search=zqx${i}wv&limit=50`),
      auth: "rootToken",
    },
    {
      name: "company admin's `GET /v2/users` (biggest team)",
      kind: "list",
      paths: sorted.map((q) => `/v2/users?${q}&limit=50`),
      auth: "adminToken",
    },
    {
      name: "`GET /v2/teams`",
      kind: "list",
      paths: ["name", "slug", "createdOn"].flatMap((s) => [`/v2/teams?sort=${s}`, `/v2/teams?sort=${s}&order=desc`]),
      auth: "rootToken",
    },
    { name: "`GET /v2/admins`", kind: "list", paths: ["/v2/admins"], auth: "rootToken" },
    { name: "`GET /v2/logs`", kind: "list", paths: ["/v2/logs"], auth: "rootToken" },
    { name: "`GET /v2/licenses`", kind: "list", paths: ["/v2/licenses"], auth: "rootToken" },
    { name: "`GET /v2/invites`", kind: "list", paths: ["/v2/invites"], auth: "rootToken" },
    {
      name: "`GET /v2/dashboard` (root, each company)",
      kind: "list",
      paths: ["/v2/dashboard", ...teams.map((slug) => `/v2/dashboard?team=${slug}`)],
      auth: "rootToken",
    },
    {
      name: "page `/dashboard` (root)",
      kind: "page",
      paths: ["/dashboard", ...teams.map((slug) => `/dashboard?team=${slug}`)],
      auth: "rootSession",
    },
    {
      name: "page `/users/manage`",
      kind: "page",
      paths: ["/users/manage", ...sorted.map((q) => `/users/manage?${q}`)],
      auth: "rootSession",
    },
    {
      name: "page `/users/manage?search=…`",
      kind: "search",
      paths: lastNames.map((n) => `/users/manage?search=${enc(n)}`),
      auth: "rootSession",
    },
    { name: "page `/licenses`", kind: "page", paths: ["/licenses"], auth: "rootSession" },
    { name: "page `/teams`", kind: "page", paths: ["/teams", "/teams?sort=slug", "/teams?sort=createdOn&order=desc"], auth: "rootSession" },
    { name: "page `/admins/manage`", kind: "page", paths: ["/admins/manage"], auth: "rootSession" },
    { name: "page `/logs`", kind: "page", paths: ["/logs"], auth: "rootSession" },
    { name: "for scale: `GET /healthz`", kind: "list", paths: ["/healthz"], auth: "rootToken" },
  ];
}
