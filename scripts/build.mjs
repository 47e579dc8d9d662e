// Production build: the client (Vite: hydrator, one chunk per island, stylesheet), the server, the
// CLI and the operations scripts (esbuild: one ESM bundle each, dependencies left in node_modules). Writes dist/build-stamp.json last,
// so `npm start` can tell a complete, current build from a missing or stale one.
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build as viteBuild } from "vite";
import { build as esbuild } from "esbuild";
import { BUILT_SCRIPTS, newestSourceTime } from "./sources.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function buildAll({ quiet = false } = {}) {
  const started = Date.now();
  const sourceTime = newestSourceTime(root);
  // A build is a production build even when a test run (NODE_ENV=test) starts it: React's
  // production runtime and JSX transform must agree.
  const previousEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await viteBuild({ root, configFile: path.join(root, "vite.config.ts"), logLevel: quiet ? "warn" : "info" });
  } finally {
    if (previousEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousEnv;
  }
  await esbuild({
    absWorkingDir: root,
    entryPoints: {
      "server/main": "server/main.ts",
      // The users import's reader thread (server/services/users/import/reader.ts finds it here).
      "server/importReader": "server/services/users/import/readerWorker.ts",
      "cli/main": "cli/main.ts",
      ...Object.fromEntries(BUILT_SCRIPTS.map((name) => [`scripts/${name}`, `scripts/${name}.ts`])),
    },
    outdir: "dist",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    jsx: "automatic",
    sourcemap: true,
    logLevel: quiet ? "warning" : "info",
    banner: {
      js: "import { createRequire as __bulwarkCreateRequire } from 'node:module'; const require = __bulwarkCreateRequire(import.meta.url);",
    },
  });
  mkdirSync(path.join(root, "dist"), { recursive: true });
  writeFileSync(path.join(root, "dist", "build-stamp.json"), JSON.stringify({ sourceTime, builtAt: Date.now() }));
  if (!quiet) console.log(`Build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildAll();
}
