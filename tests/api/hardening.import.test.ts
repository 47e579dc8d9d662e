/**
 * Issue #32 item 1: a users-import preview must not stall the server. The CSV is parsed and
 * checked in slices with turns of the event loop between them, and imports running at once are
 * bounded per administrator and per process (429 `usersImport429` with Retry-After). The stall
 * of /healthz during a large preview is measured and printed (recorded, not asserted: timings on
 * a shared machine are not a test oracle); IMPORT_STALL_ROWS sizes it (small by default).
 */
import { request } from "node:http";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_LIMITS } from "../../shared/schemas/userImport";
import { parseImportFile } from "../../server/services/users/import/csv";
import { IMPORT_SLOTS, takeImportSlot } from "../../server/services/users/import/gate";
import { bearerFor, buildAdmin, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const STALL_ROWS = Number(process.env.IMPORT_STALL_ROWS ?? 20_000);

describe("users import under load", () => {
  let server: TestServer;
  let admins: { id: number; auth: string }[];
  let slug: string;
  let base: string;
  const preview = (auth: string, csv: string) =>
    server.request().post("/v2/users/import?mode=preview").set("Authorization", auth).set("Content-Type", "text/csv").send(csv);
  const file = (rows: number) =>
    ["username,firstName,lastName,team", ...Array.from({ length: rows }, (_, i) => `load-${i}@example.test,Ana,Silva,${slug}`)].join("\n");

  beforeAll(async () => {
    server = await getTestServer();
    base = await server.listen();
    const team = await buildTeam(server.database.db);
    slug = team.slug;
    admins = [];
    for (let i = 0; i <= IMPORT_SLOTS; i++) {
      const admin = await buildAdmin(server.database.db, { teams: [team] });
      admins.push({ id: admin.id, auth: await bearerFor(server.config, admin) });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses a second import of one admin, and any beyond the process's slots, with 429 and Retry-After", async () => {
    const [first, ...others] = admins;
    const held = takeImportSlot(first!.id);
    try {
      const refused = await preview(first!.auth, file(2));
      expect([refused.status, refused.body.error?.code, refused.body.error?.details]).toEqual([429, "usersImport429", { reason: "admin" }]);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await preview(others[0]!.auth, file(2))).status).toBe(200);
      const more = others.slice(0, IMPORT_SLOTS - 1).map((admin) => takeImportSlot(admin.id));
      try {
        const full = await preview(others.at(-1)!.auth, file(2));
        expect([full.status, full.body.error?.details]).toEqual([429, { reason: "instance" }]);
      } finally {
        more.forEach((release) => release());
      }
    } finally {
      held();
    }
    expect((await preview(first!.auth, file(2))).status).toBe(200);
  });

  it("parses in slices: a surrogate pair across a slice boundary and quoted newlines stay exact", async () => {
    const head = `username,firstName,lastName,team\n"a@example.test","`;
    // The emoji's high surrogate is the last character of the first 64 Ki slice.
    const pad = "x".repeat(64 * 1024 - 1 - head.length - 3);
    const csv = `${head}${pad}","😀 two\nlines",${slug}\n`;
    expect(csv.charCodeAt(64 * 1024 - 1)).toBe("😀".charCodeAt(0));
    const parsed = await parseImportFile(csv);
    expect(parsed.rows[0]?.cells?.lastName).toBe("😀 two\nlines");
  });

  it("refuses a body whose Content-Length is over the limit with 413 before reading it", async () => {
    const url = new URL(`${base}/v2/users/import?mode=preview`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        url,
        {
          method: "POST",
          headers: {
            Authorization: admins[0]!.auth,
            "Content-Type": "text/csv",
            "Content-Length": String(IMPORT_LIMITS.bytes + 1),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on("error", reject);
      req.write("username,firstName,lastName,team\n");
    });
    expect(status).toBe(413);
  });

  it("counts the bytes of a streamed (chunked) body as they come: 413 past the limit", async () => {
    // Long (invalid) rows: the limit is reached before the 200,000-row one.
    const row = `s@example.test,${"F".repeat(1000)},${"L".repeat(1000)},${slug}\n`;
    const perChunk = row.repeat(Math.floor((1024 * 1024) / row.length));
    const chunks = Math.ceil(IMPORT_LIMITS.bytes / perChunk.length) + 1;
    const res = await fetch(`${base}/v2/users/import?mode=preview`, {
      method: "POST",
      headers: { Authorization: admins[0]!.auth, "Content-Type": "text/csv" },
      body: Readable.toWeb(
        Readable.from(
          (function* body() {
            yield Buffer.from("username,firstName,lastName,team\n");
            for (let i = 0; i < chunks; i++) yield Buffer.from(perChunk);
          })(),
        ),
      ) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
    expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([413, "payloadTooLarge"]);
  }, 300_000);

  it("claims an Idempotency-Key with the whole body even when the file is refused early: another body under it is 422", async () => {
    const key = `early-${Date.now()}`;
    const keyed = (csv: string) => preview(admins[1]!.auth, csv).set("Idempotency-Key", key);
    const bad = `username,firstName,colour\n${"x,y,z\n".repeat(50_000)}`;
    const first = await keyed(bad);
    expect([first.status, first.body.error?.details?.reason]).toEqual([400, "columns"]);
    const again = await keyed(bad);
    expect([again.status, again.headers["idempotent-replayed"]]).toEqual([400, "true"]);
    expect((await keyed(file(2))).body.error?.code).toBe("idempotencyKeyReused");
  });

  it("keeps /healthz answering during a large preview (measured, printed)", async () => {
    const csv = file(STALL_ROWS);
    const gaps: number[] = [];
    let done = false;
    const poll = (async () => {
      while (!done) {
        const started = performance.now();
        await server.request().get("/healthz");
        gaps.push(performance.now() - started);
      }
    })();
    const res = await preview(admins[0]!.auth, csv);
    done = true;
    await poll;
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(STALL_ROWS);
    gaps.sort((a, b) => a - b);
    const worst = gaps.at(-1) ?? 0;
    console.info(
      `import preview of ${STALL_ROWS} rows: /healthz answered ${gaps.length} times, worst ${worst.toFixed(0)} ms (shared machine)`,
    );
  }, 120_000);
});
