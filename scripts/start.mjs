// `npm start`: builds when the build is missing or older than the sources, then serves the
// production build (SQLite in ./data unless DATABASE_URL says otherwise).
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { newestSourceTime } from "./sources.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "dist", "build-stamp.json");

function buildIsCurrent() {
  if (!existsSync(stampFile) || !existsSync(path.join(root, "dist", "server", "main.js"))) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8"));
    return typeof stamp.sourceTime === "number" && stamp.sourceTime >= newestSourceTime(root);
  } catch {
    return false;
  }
}

if (!buildIsCurrent()) {
  console.log("Building Bulwark (the build is missing or older than the sources)…");
  const { buildAll } = await import("./build.mjs");
  await buildAll({ quiet: true });
}
process.env.NODE_ENV ??= "production";
const { main } = await import(pathToFileURL(path.join(root, "dist", "server", "main.js")).href);
await main();
