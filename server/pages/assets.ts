import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Where a page finds its stylesheet and, when it has islands, the hydrator. */
export interface Assets {
  styles: string[];
  entry: string;
  /** Chunks the hydrator imports statically; preloaded so they arrive in parallel. */
  preloads: string[];
  /**
   * Each island's chunk and the chunks it imports (beyond the hydrator's), by island name: a page
   * preloads those of the islands it renders, so they arrive with the hydrator instead of after
   * it, and the hydrator's import adds no preload links of its own (issue 28: inserting ~20 links
   * for the users list was 116 ms of a phone's first long task).
   */
  islandPreloads: Readonly<Record<string, readonly string[]>>;
  /** Development only: Vite's client for reloads. */
  devClient: string | null;
}

const ManifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional(), css: z.array(z.string()).optional() }),
);

/** Reads Vite's manifest once at start; a missing build is reported clearly instead of serving broken pages. */
export function productionAssets(clientDir: string): Assets {
  const file = path.join(clientDir, ".vite", "manifest.json");
  let manifest: z.infer<typeof ManifestSchema>;
  try {
    manifest = ManifestSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new Error(`The client build is missing or damaged (${file}); run \`npm run build\``, { cause: error });
  }
  const entry = manifest["client/entry.tsx"];
  const styles = manifest["client/styles/app.css"];
  if (!entry || !styles) throw new Error(`${file} lacks the entry or the stylesheet; run \`npm run build\``);
  /** Adds the chunk `key` and what it imports, transitively, to `into` (the entry and `known` left out). */
  const visit = (key: string, into: Set<string>, known: ReadonlySet<string> = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || key === "client/entry.tsx" || into.has(`/${chunk.file}`) || known.has(`/${chunk.file}`)) return;
    into.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep, into, known);
  };
  const preloads = new Set<string>();
  for (const dep of entry.imports ?? []) visit(dep, preloads);
  const islandPreloads: Record<string, string[]> = {};
  for (const key of Object.keys(manifest)) {
    const island = /^client\/islands\/(\w+)\.tsx$/.exec(key)?.[1];
    if (!island) continue;
    const chunks = new Set<string>();
    visit(key, chunks, preloads);
    islandPreloads[island] = [...chunks];
  }
  return {
    styles: [`/${styles.file}`, ...(entry.css ?? []).map((c) => `/${c}`)],
    entry: `/${entry.file}`,
    preloads: [...preloads],
    islandPreloads,
    devClient: null,
  };
}

/** Vite middleware mode serves sources directly. */
export function developmentAssets(): Assets {
  return {
    styles: ["/client/styles/app.css"],
    entry: "/client/entry.tsx",
    preloads: [],
    islandPreloads: {},
    devClient: "/@vite/client",
  };
}
