// Packs the installable CLI (`npm run pack:cli`): esbuild bundles cli/main.ts with everything it
// imports (undici, commander, chalk, zod, i18next, …) into bulwark.mjs and the chunks each command
// group loads on demand (docs/DECISIONS.md, "Start-up"), the locales the CLI reads go
// next to it, and a generated package.json with no dependencies makes `@bulwark/cli`. The result is
// dist/bulwark-cli-<version>.tgz; `npm install -g` of it needs no registry.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build as esbuild } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The namespaces cli/i18n.ts loads (cli, errors, validation). */
const NAMESPACES = ["cli", "errors", "validation"];
const LANGUAGES = ["en", "pt", "es"];

export async function packCli({ quiet = false, outDir = path.join(root, "dist") } = {}) {
  const rootPackage = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const stage = path.join(outDir, "cli-package");
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: { bulwark: "cli/main.ts" },
    outdir: stage,
    outExtension: { ".js": ".mjs" },
    // Each command group is a dynamic import (cli/commands/groups.ts): its own chunk, so a run
    // parses and evaluates only the code of the command it runs (`--help` only the entry).
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // BULWARK_PACK_NO_MINIFY=1 keeps names readable for a CPU profile (`node --cpu-prof bulwark.mjs --help`).
    minify: !process.env.BULWARK_PACK_NO_MINIFY,
    legalComments: "none",
    metafile: true,
    logLevel: quiet ? "warning" : "info",
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __bulwarkCreateRequire } from 'node:module'; const require = __bulwarkCreateRequire(import.meta.url);",
    },
  });
  chmodSync(path.join(stage, "bulwark.mjs"), 0o755); // runnable through a symlink (the Docker image's PATH)
  for (const lang of LANGUAGES) {
    mkdirSync(path.join(stage, "locales", lang), { recursive: true });
    for (const ns of NAMESPACES)
      copyFileSync(path.join(root, "locales", lang, `${ns}.json`), path.join(stage, "locales", lang, `${ns}.json`));
  }
  copyFileSync(path.join(root, "scripts", "cli-readme.md"), path.join(stage, "README.md"));
  const manifest = {
    name: "@bulwark/cli",
    version: rootPackage.version,
    description: "bulwark: operate a Bulwark console from the terminal or a CI pipeline",
    type: "module",
    license: rootPackage.license,
    bin: { bulwark: "bulwark.mjs" },
    engines: { node: ">=20" },
    files: ["bulwark.mjs", "chunks", "locales", "README.md"],
  };
  writeFileSync(path.join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const output = execFileSync("npm", ["pack", "--json", "--pack-destination", outDir], {
    cwd: stage,
    encoding: "utf8",
    env: { ...process.env, npm_config_ignore_scripts: "true", npm_config_update_notifier: "false" },
  });
  const [{ filename }] = JSON.parse(output);
  const tarball = path.join(outDir, filename);
  if (!quiet) console.log(`Packed ${path.relative(root, tarball)}`);
  return { tarball, bundle: path.join(stage, "bulwark.mjs"), metafile: result.metafile };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await packCli();
}
