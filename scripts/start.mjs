// `npm start`: builds when the build is missing or older than the sources, then serves the
// production build (SQLite in ./data unless DATABASE_URL says otherwise), in this process.
//
// Signals: npm runs scripts through `sh -c`, and on SIGTERM it signals that shell and exits; dash
// does not pass the signal on, so the server used to keep serving, orphaned. package.json's
// `exec node scripts/start.mjs` makes this process the shell's replacement, so npm's SIGTERM
// reaches the server's graceful shutdown directly. Should npm itself vanish (SIGKILL, or a shell
// without exec), the server notices it was orphaned and shuts down the same way.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildIsCurrent } from "./sources.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (!buildIsCurrent(root, path.join("dist", "server", "main.js"))) {
  console.log("Building Bulwark (the build is missing or older than the sources)…");
  const { buildAll } = await import("./build.mjs");
  await buildAll({ quiet: true });
}
process.env.NODE_ENV ??= "production";
if (process.env.npm_lifecycle_event === "start") {
  const launcher = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(watch);
    process.kill(process.pid, "SIGTERM");
  }, 500);
  watch.unref();
}
const { main } = await import(pathToFileURL(path.join(root, "dist", "server", "main.js")).href);
await main();
