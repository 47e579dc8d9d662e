import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Where a page finds its stylesheet and, when it has islands, the hydrator. */
export interface Assets {
  styles: string[];
  entry: string;
  /** Chunks the hydrator imports statically; preloaded so they arrive in parallel. */
  preloads: string[];
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
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(`/${chunk.file}`)) return;
    preloads.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const dep of entry.imports ?? []) visit(dep);
  return {
    styles: [`/${styles.file}`, ...(entry.css ?? []).map((c) => `/${c}`)],
    entry: `/${entry.file}`,
    preloads: [...preloads],
    devClient: null,
  };
}

/** Vite middleware mode serves sources directly. */
export function developmentAssets(): Assets {
  return {
    styles: ["/client/styles/app.css"],
    entry: "/client/entry.tsx",
    preloads: [],
    devClient: "/@vite/client",
  };
}
