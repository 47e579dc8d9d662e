// `npm run backup|restore|migrate -- …`: runs the built entry point dist/scripts/<name>.js with
// plain node, the file the production image runs (tsx is a development dependency, absent
// there). In a checkout it builds first when the build is missing or older than the sources, the
// rule of `npm start`; the arguments after the name reach the script as its own.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BUILT_SCRIPTS, buildIsCurrent } from "./sources.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [name, ...args] = process.argv.slice(2);
if (!name || !BUILT_SCRIPTS.includes(name)) {
  console.error(`usage: node scripts/run-built.mjs <${BUILT_SCRIPTS.join("|")}> [arguments]`);
  process.exit(2);
}
const entry = path.join(root, "dist", "scripts", `${name}.js`);

if (!buildIsCurrent(root, path.relative(root, entry))) {
  // On stderr: the script's own output (a dry run's plan) stays alone on stdout.
  console.error("Building Bulwark (the build is missing or older than the sources)…");
  const { buildAll } = await import("./build.mjs");
  await buildAll({ quiet: true });
}
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
