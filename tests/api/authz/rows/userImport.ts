import { randomUUID } from "node:crypto";
import type { MatrixFixtures } from "../fixtures";
import { signedIn, type MatrixRow } from "../types";

/** A one-row CSV creating a user in teamA (which gets a seat): another team's admin gets the row back as unknown team, 200. */
const csv = (f: MatrixFixtures) =>
  `username,firstName,lastName,team\r\nimp-${f.tag}-${randomUUID().slice(0, 8)},Imp,${f.tag},${f.teamA.slug}\r\n`;

/** An import started by teamA's admin: root reads it, teamA's admin (its owner) too, the other admin gets 404. */
async function importOfAdminA(f: MatrixFixtures): Promise<string> {
  const uid = randomUUID();
  const now = Date.now();
  await f.db
    .insertInto("userImports")
    .values({
      uid,
      adminId: f.adminA.id,
      fileSha256: "0".repeat(64),
      allOrNothing: 0,
      status: "done",
      totalRows: 1,
      leaseToken: randomUUID(),
      leaseUntil: now,
      createdAt: now,
      updatedAt: now,
      finishedAt: now,
    })
    .execute();
  return uid;
}

/** The users import endpoints (docs/API.md "Users import"); the CSV goes as a text/csv body. */
export const userImportRows: MatrixRow[] = [
  {
    method: "POST",
    route: "/users/import",
    request: (f) => ({ url: `/v2/users/import?mode=apply&id=${randomUUID()}`, body: csv(f), type: "text/csv" }),
    expect: signedIn(200, 200, 200),
  },
  {
    method: "GET",
    route: "/users/import/:id",
    request: async (f) => ({ url: `/v2/users/import/${await importOfAdminA(f)}` }),
    expect: signedIn(200, 200, 404),
    // An import is its creator's: root's token limited to team A is not team A's admin.
    tokens: { rootTokenLimited: 404 },
  },
  {
    method: "GET",
    route: "/users/import/:id/results",
    request: async (f) => ({ url: `/v2/users/import/${await importOfAdminA(f)}/results` }),
    expect: signedIn(200, 200, 404),
    // An import is its creator's: root's token limited to team A is not team A's admin.
    tokens: { rootTokenLimited: 404 },
  },
];
