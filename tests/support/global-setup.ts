/**
 * Before any suite: browser, bundle and process tests need the real build, so build it when it
 * is missing or older than the sources (the same rule as `npm start`).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export default async function setup(): Promise<void> {
  const root = path.resolve(import.meta.dirname, "..", "..");
  const { newestSourceTime } = await import("../../scripts/sources.mjs");
  const stampFile = path.join(root, "dist", "build-stamp.json");
  const stamp = existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, "utf8")) as { sourceTime?: number }) : {};
  if ((stamp.sourceTime ?? 0) >= newestSourceTime(root)) return;
  const { buildAll } = await import("../../scripts/build.mjs");
  await buildAll({ quiet: true });
}
