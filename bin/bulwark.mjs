#!/usr/bin/env node
// The installed `bulwark` command: runs the bundled CLI, building it first on a fresh checkout.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bundle = path.join(root, "dist", "cli", "main.js");
if (!existsSync(bundle)) {
  const { buildAll } = await import("../scripts/build.mjs");
  await buildAll({ quiet: true });
}
await import(pathToFileURL(bundle).href);
