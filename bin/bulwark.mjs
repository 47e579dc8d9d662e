#!/usr/bin/env node
// The `bulwark` command of a checkout (`npm link`, `node bin/bulwark.mjs`): runs the bundled CLI,
// building it first on a fresh checkout. The installable package is `npm run pack:cli`'s tarball. The bundle only parses argv by itself when it is the process entry,
// so this file calls its exported run() and exits with the code it returns (README "CLI").
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bundle = path.join(root, "dist", "cli", "main.js");
if (!existsSync(bundle)) {
  const { buildAll } = await import("../scripts/build.mjs");
  await buildAll({ quiet: true });
}
const { run } = await import(pathToFileURL(bundle).href);
// A reader that closed the pipe early (`bulwark --help | head`) is not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await run();
