import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../support/server";

/**
 * Size budgets for the client build (the global setup builds it): the hydrator with React is
 * loaded only by pages that have islands, and each island must stay a small chunk of its own.
 */
const BUDGET_GZIP_BYTES = { entry: 100 * 1024, island: 16 * 1024, styles: 16 * 1024 };

type Manifest = Record<string, { file: string; isDynamicEntry?: boolean; src?: string; imports?: string[] }>;

describe("client bundle", () => {
  const dir = path.join(ROOT_DIR, "dist", "client");
  const manifest = JSON.parse(readFileSync(path.join(dir, ".vite", "manifest.json"), "utf8")) as Manifest;
  const gzipped = (file: string) => gzipSync(readFileSync(path.join(dir, file))).length;

  it("keeps the hydrator and stylesheet within budget", () => {
    expect(gzipped(manifest["client/entry.tsx"]!.file)).toBeLessThan(BUDGET_GZIP_BYTES.entry);
    expect(gzipped(manifest["client/styles/app.css"]!.file)).toBeLessThan(BUDGET_GZIP_BYTES.styles);
  });

  it("gives every island its own small chunk", () => {
    const islands = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry && chunk.src?.startsWith("client/islands/"));
    expect(islands.map((c) => c.src).sort()).toContain("client/islands/LanguageSwitcher.tsx");
    for (const island of islands) expect(gzipped(island.file)).toBeLessThan(BUDGET_GZIP_BYTES.island);
  });
});
