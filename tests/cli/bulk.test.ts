import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runBulk, type BatchFn, type BulkIO, type BulkItem, type BulkOptions, type BulkResult } from "../../cli/bulk";
import { CliError } from "../../cli/errors";
import { createTranslator } from "../../cli/i18n";
import { createOutput } from "../../cli/output";
import { ApiError } from "../../shared/api";
import { EXIT_CODES } from "../../shared/errors";

const t = createTranslator("en");

/** A writable that remembers what was written. */
function capture(isTTY = false) {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  return Object.assign(stream, { isTTY, text: () => text });
}

interface Harness {
  io: BulkIO;
  stdout: ReturnType<typeof capture>;
  stderr: ReturnType<typeof capture>;
}

function harness(options: { json?: boolean; stdin?: string; tty?: boolean; confirm?: (q: string) => Promise<boolean> } = {}): Harness {
  const stdout = capture();
  const stderr = capture();
  const stdin = Object.assign(Readable.from([options.stdin ?? ""]), { isTTY: options.tty ?? false });
  const out = createOutput({ json: options.json ?? false, stdout, stderr, env: {} });
  return { io: { stdin, stderr, out, t, ...(options.confirm ? { confirm: options.confirm } : {}) }, stdout, stderr };
}

/** A fake bulk call: records each batch, fails the ids in `failing` with `code`. */
function fakeBatch(failing: Record<string, string> = {}) {
  const calls: BulkItem[][] = [];
  const batch: BatchFn = async (items) => {
    calls.push([...items]);
    const result: BulkResult = { ok: [], failed: [] };
    for (const item of items) {
      const code = failing[item.id];
      if (code) result.failed.push({ id: item.id, code });
      else result.ok.push(item.id);
    }
    return result;
  };
  return { batch, calls };
}

function tempFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-bulk-")), name);
  writeFileSync(file, text);
  return file;
}

const run = (h: Harness, batch: BatchFn, options: BulkOptions, ids: string[] = [], extra: { batchSize?: number } = {}) =>
  runBulk({ ids, options, action: "block", idColumns: ["uid"], batch, ...extra }, h.io);

describe("the bulk runner", () => {
  it("reads a CSV with a header row, keeps each row's fields, and prints { ok, failed } as JSON", async () => {
    const file = tempFile("users.csv", "\uFEFFuid,note\r\nu1,first\r\nu2, second \r\n\r\n");
    const h = harness({ json: true });
    const fake = fakeBatch();
    expect(await run(h, fake.batch, { file, yes: true, json: true })).toBe(EXIT_CODES.ok);
    expect(fake.calls).toEqual([
      [
        { id: "u1", fields: { uid: "u1", note: "first" } },
        { id: "u2", fields: { uid: "u2", note: "second" } },
      ],
    ]);
    expect(JSON.parse(h.stdout.text())).toEqual({ ok: ["u1", "u2"], failed: [] });
  });

  it("reads one id per line (blank lines and # comments skipped), merged with arguments and deduplicated", async () => {
    const file = tempFile("ids.txt", "# users to block\nu2\n\n  u3  \nu1\n");
    const h = harness();
    const fake = fakeBatch();
    expect(await run(h, fake.batch, { file, yes: true }, ["u1"])).toBe(EXIT_CODES.ok);
    expect(fake.calls.flat().map((i) => i.id)).toEqual(["u1", "u2", "u3"]);
    expect(h.stdout.text()).toContain("u3");
    expect(h.stdout.text()).toContain("succeeded for all 3 item(s)");
  });

  it("treats a lone header equal to an id column as a one-column CSV", async () => {
    const fake = fakeBatch();
    expect(await run(harness(), fake.batch, { file: tempFile("u.csv", "UID\nu9\n"), yes: true })).toBe(EXIT_CODES.ok);
    expect(fake.calls.flat()).toEqual([{ id: "u9", fields: { UID: "u9" } }]);
  });

  it("reads `--file -` from stdin", async () => {
    const h = harness({ stdin: "a1\na2\n" });
    const fake = fakeBatch();
    expect(await run(h, fake.batch, { file: "-", yes: true })).toBe(EXIT_CODES.ok);
    expect(fake.calls.flat().map((i) => i.id)).toEqual(["a1", "a2"]);
  });

  it("a dry run prints what would change and makes no call, even without --yes off a TTY", async () => {
    const fake = fakeBatch();
    const human = harness();
    expect(await run(human, fake.batch, { file: tempFile("u.csv", "uid,team\nu1,blue\n"), dryRun: true })).toBe(EXIT_CODES.ok);
    expect(human.stdout.text()).toContain("would block 1 item(s)");
    expect(human.stdout.text()).toMatch(/u1\s+u1\s+blue/);
    const json = harness({ json: true });
    expect(await run(json, fake.batch, { dryRun: true, json: true }, ["x", "y"])).toBe(EXIT_CODES.ok);
    expect(JSON.parse(json.stdout.text())).toEqual({
      dryRun: true,
      action: "block",
      items: [
        { id: "x", fields: {} },
        { id: "y", fields: {} },
      ],
    });
    expect(fake.calls).toEqual([]);
  });

  it("exits with the partial-failure code when any item fails, listing each failure with its catalogue code", async () => {
    const fake = fakeBatch({ u2: "notFound" });
    const json = harness({ json: true });
    expect(await run(json, fake.batch, { yes: true, json: true }, ["u1", "u2", "u3"])).toBe(EXIT_CODES.partial);
    expect(JSON.parse(json.stdout.text())).toEqual({ ok: ["u1", "u3"], failed: [{ id: "u2", code: "notFound" }] });
    const human = harness();
    expect(await run(human, fake.batch, { yes: true }, ["u1", "u2"])).toBe(EXIT_CODES.partial);
    expect(human.stdout.text()).toMatch(/u2\s+failed\s+notFound: Not found/);
    expect(human.stderr.text()).toContain("1 of 2 items failed");
  });

  it("fails a whole batch with the mapped code when the call throws, an unmentioned id as unknown, and goes on", async () => {
    let call = 0;
    const batch: BatchFn = async (items) => {
      call++;
      if (call === 1) throw new ApiError({ status: 0, prefix: "usersBlock" });
      return { ok: items.slice(1).map((i) => i.id), failed: [] };
    };
    const h = harness({ json: true });
    expect(await run(h, batch, { yes: true, json: true }, ["a", "b", "c", "d"], { batchSize: 2 })).toBe(EXIT_CODES.partial);
    expect(JSON.parse(h.stdout.text())).toEqual({
      ok: ["d"],
      failed: [
        { id: "a", code: "net" },
        { id: "b", code: "net" },
        { id: "c", code: "unknown" },
      ],
    });
  });

  it("splits the items into batches of batchSize", async () => {
    const fake = fakeBatch();
    await run(harness(), fake.batch, { yes: true }, ["1", "2", "3", "4", "5"], { batchSize: 2 });
    expect(fake.calls.map((c) => c.length)).toEqual([2, 2, 1]);
  });

  it("refuses without --yes when stdin is not a TTY: a usage error and no call", async () => {
    const fake = fakeBatch();
    const refusal = run(harness(), fake.batch, {}, ["u1"]);
    await expect(refusal).rejects.toBeInstanceOf(CliError);
    await expect(refusal).rejects.toMatchObject({ exit: EXIT_CODES.usage, message: expect.stringContaining("--yes") });
    expect(fake.calls).toEqual([]);
  });

  it("asks on a TTY: a no changes nothing, a yes proceeds", async () => {
    const fake = fakeBatch();
    const questions: string[] = [];
    const no = harness({ tty: true, confirm: async (q) => (questions.push(q), false) });
    await expect(run(no, fake.batch, {}, ["u1", "u2"])).rejects.toMatchObject({ code: "declined" });
    expect(questions).toEqual(["block: proceed with 2 item(s)? [y/N] "]);
    expect(fake.calls).toEqual([]);
    const yes = harness({ tty: true, confirm: async () => true });
    expect(await run(yes, fake.batch, {}, ["u1"])).toBe(EXIT_CODES.ok);
    expect(fake.calls).toHaveLength(1);
  });

  it("rejects empty input and a CSV without an id column as usage errors", async () => {
    const fake = fakeBatch();
    await expect(run(harness(), fake.batch, { yes: true })).rejects.toMatchObject({ exit: EXIT_CODES.usage });
    await expect(run(harness(), fake.batch, { yes: true, file: tempFile("x.csv", "name,team\nann,blue\n") })).rejects.toMatchObject({
      exit: EXIT_CODES.usage,
      message: expect.stringContaining("uid"),
    });
    await expect(run(harness(), fake.batch, { yes: true, file: "/nonexistent/ids.txt" })).rejects.toMatchObject({ exit: EXIT_CODES.usage });
    expect(fake.calls).toEqual([]);
  });
});
