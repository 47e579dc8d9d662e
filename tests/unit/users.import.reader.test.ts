import { describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
import { rowChecker, type PlannedRow } from "../../server/services/users/import/check";
import { parseImportFile, textBody, type ImportBody } from "../../server/services/users/import/csv";
import { readCheckedFile } from "../../server/services/users/import/reader";

const HEADER = "username,firstName,lastName,team";

/** A file with every kind of row the checks tell apart, long enough for several batches. */
function mixedFile(rows: number): string {
  const lines = [HEADER];
  for (let i = 1; i <= rows; i += 1) {
    if (i % 97 === 0) lines.push(`u${i - 1}@x.test,Again,Repeat,acme`);
    else if (i % 89 === 0) lines.push(`not-an-email,Bad,Row,acme`);
    else if (i % 83 === 0) lines.push(`u${i}@x.test,Short`);
    else lines.push(`u${i}@x.test,First${i},Last${i},${i % 2 ? "acme" : "beta"}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Reads `body` in the reader thread, collecting every batch. */
async function readAll(
  body: ImportBody,
): Promise<{ rows: PlannedRow[]; batches: number; summary: Awaited<ReturnType<typeof readCheckedFile>> }> {
  const rows: PlannedRow[] = [];
  let batches = 0;
  const summary = await readCheckedFile(body, (batch) => {
    batches += 1;
    rows.push(...batch);
    return Promise.resolve();
  });
  return { rows, batches, summary };
}

/** The error a promise rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error("expected a failure"),
    (error: unknown) => error,
  );
}

describe("the import's reader thread", () => {
  it("answers the same checked rows, checksum and count as reading on the event loop", async () => {
    const text = mixedFile(2_500);
    const inProcess = await parseImportFile(text);
    const expected = rowChecker()(inProcess.rows);
    const { rows, batches, summary } = await readAll(textBody(text, 4_096));
    expect(batches).toBe(3);
    expect(rows).toEqual(expected);
    expect(summary).toEqual({ sha256: inProcess.sha256, columns: inProcess.columns, total: 2_500 });
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(["new", "invalid", "duplicate"]));
  });

  it("waits for each batch to be taken before handing on the next", async () => {
    let taking = false;
    let overlapped = false;
    let batches = 0;
    await readCheckedFile(textBody(mixedFile(3_200), 1_024), async () => {
      overlapped ||= taking;
      taking = true;
      batches += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      taking = false;
    });
    expect(batches).toBe(4);
    expect(overlapped).toBe(false);
  });

  it("answers a file it cannot read with the same catalogue error as before", async () => {
    const error = await failureOf(readCheckedFile(textBody("username,firstName\r\na@x.test,Ana\r\n"), () => Promise.resolve()));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "usersImport400", status: 400, details: { reason: "columns", missing: ["lastName", "team"] } });
    const notCsv = await failureOf(readCheckedFile(textBody(`${HEADER}\r\n"a@x.test,Ana,Silva,acme\r\n`), () => Promise.resolve()));
    expect(notCsv).toMatchObject({ code: "usersImport400", details: { reason: "notCsv" } });
  });

  it("refuses a charset it does not know as the body reader did (415)", async () => {
    const error = await failureOf(readCheckedFile({ ...textBody(mixedFile(3)), charset: "klingon-8" }, () => Promise.resolve()));
    expect(error).toMatchObject({ status: 415, type: "charset.unsupported" });
  });

  it("throws the body's own failure as it is, and a failure of the caller's batch", async () => {
    const tooLarge = Object.assign(new Error("request entity too large"), { status: 413 });
    const failing: ImportBody = {
      charset: "utf-8",
      read: () => Promise.resolve(true),
      chunks: {
        async *[Symbol.asyncIterator]() {
          yield Buffer.from(`${HEADER}\r\na@x.test,Ana,Silva,acme\r\n`);
          throw tooLarge;
        },
      },
    };
    expect(await failureOf(readCheckedFile(failing, () => Promise.resolve()))).toBe(tooLarge);
    const refused = new Error("the database refused");
    expect(await failureOf(readCheckedFile(textBody(mixedFile(1_500)), () => Promise.reject(refused)))).toBe(refused);
  });

  it("answers 503 when a file takes more than the thread's memory, and the next file reads", async () => {
    const limits = { resourceLimits: { maxOldGenerationSizeMb: 24 } };
    expect((await readCheckedFile(textBody(mixedFile(1_000)), () => Promise.resolve(), limits)).total).toBe(1_000);
    const wide = `${HEADER}\r\n${Array.from({ length: 1_000 }, (_, i) => `u${i}@x.test,${"F".repeat(60_000)},L,acme`).join("\r\n")}\r\n`;
    const error = await failureOf(readCheckedFile(textBody(wide), () => Promise.resolve(), limits));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "unavailable", status: 503 });
    expect((await readAll(textBody(mixedFile(10)))).summary.total).toBe(10);
  });
});
