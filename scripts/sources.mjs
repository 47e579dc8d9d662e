// What the production build is made from; shared by build.mjs, start.mjs and run-built.mjs to detect staleness.
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";

const SOURCE_DIRS = ["server", "client", "shared", "cli", "scripts"];
const SOURCE_FILES = ["package.json", "package-lock.json", "vite.config.ts", "tsconfig.json"];

/**
 * The operations scripts built into dist/scripts/<name>.js (`npm run backup|restore|migrate` and
 * the image run them with plain node; tsx is a development dependency).
 */
export const BUILT_SCRIPTS = ["backup", "restore", "migrate"];

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** The newest modification time among the build's inputs, in epoch ms. */
export function newestSourceTime(root) {
  let newest = 0;
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) newest = Math.max(newest, newestIn(path.join(root, dir)));
  for (const file of SOURCE_FILES)
    if (existsSync(path.join(root, file))) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return Math.round(newest);
}

/**
 * Whether dist/ holds a build of today's sources that includes `entry` (a path under root):
 * `npm start` and the operations scripts build first otherwise.
 */
export function buildIsCurrent(root, entry) {
  const stampFile = path.join(root, "dist", "build-stamp.json");
  if (!existsSync(stampFile) || !existsSync(path.join(root, entry))) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8"));
    return typeof stamp.sourceTime === "number" && stamp.sourceTime >= newestSourceTime(root);
  } catch {
    return false;
  }
}
