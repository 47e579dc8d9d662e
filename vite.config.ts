import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";

/** An error catalogue entry's English text in shared/errors/entries/*.ts: `en: "…"` or `en: A_CONSTANT`. */
const CATALOGUE_ENGLISH = /\ben:\s*(?:"(?:[^"\\\n]|\\.)*"|[A-Z][A-Z0-9_]*\b)/g;

/**
 * The browser never shows the catalogue's English texts: islands translate `errors:<code>` from
 * the inlined locale, and the one reader of `en` on the client (a 500 without a server message)
 * translates the key instead. The server and the CLI keep them (the envelope's `message`); the
 * client build drops them, leaving codes, statuses and kinds (issue #28, the browser budget).
 */
function catalogueWithoutEnglish(): Plugin {
  return {
    name: "bulwark-catalogue-without-english",
    enforce: "pre",
    transform(code, id, options) {
      if (options?.ssr || !/\/shared\/errors\/entries\/[^/]+\.ts$/.test(id)) return null;
      return { code: code.replace(CATALOGUE_ENGLISH, 'en: ""'), map: null };
    },
  };
}

/** zod's JSON Schema generation: the server's OpenAPI document uses it, the browser never does. */
const JSON_SCHEMA_MODULE = /\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/;
const REAL = "\0bulwark-zod-real:";

/**
 * Classic zod schemas carry `toJSONSchema` methods, so every schema module drags zod's JSON Schema
 * generator into the browser (5 KB gzip) though no island calls it. The client build
 * swaps those two modules for stubs whose functions throw if ever called; `aggregateChecks`
 * (read by a schema's `minLength`-style getters) stays zod's own.
 */
function zodWithoutJsonSchema(): Plugin {
  return {
    name: "bulwark-zod-without-json-schema",
    enforce: "pre",
    load(id, options) {
      if (options?.ssr) return null;
      if (id.startsWith(REAL)) return readFileSync(id.slice(REAL.length), "utf8");
      if (!JSON_SCHEMA_MODULE.test(id)) return null;
      const source = readFileSync(id, "utf8");
      const names = new Set<string>();
      for (const [, name] of source.matchAll(/^export (?:const|function) (\w+)/gm)) names.add(name!);
      for (const [, , alias] of source.matchAll(/^export \{ (\w+) as (\w+) \}/gm)) names.add(alias!);
      const kept = names.has("aggregateChecks") ? ["aggregateChecks"] : [];
      const lines = [
        kept.length ? `export { ${kept.join(", ")} } from ${JSON.stringify(REAL + id)};` : "",
        'const unsupported = () => { throw new Error("zod JSON Schema generation is not part of the browser build"); };',
        ...[...names].filter((name) => !kept.includes(name)).map((name) => `export const ${name} = unsupported;`),
      ];
      return lines.join("\n");
    },
    resolveId(source, importer) {
      if (source.startsWith(REAL)) return source;
      if (importer?.startsWith(REAL) && source.startsWith("."))
        return this.resolve(source, importer.slice(REAL.length), { skipSelf: false });
      return null;
    },
  };
}

/**
 * The production client runs on Preact's React compatibility layer (issue #28, "client runtime"):
 * React DOM alone is 69 KB gzip, Preact with compat about 5 KB. The server renders with React
 * (renderToString) and the dev server keeps React for Fast Refresh; only `vite build` swaps the
 * imports. Exact-match patterns, so `react-dom/server` (never imported by the client) is untouched.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
];

/**
 * Client build: the island hydrator (each island its own chunk through dynamic imports) and the
 * stylesheet as a separate entry, so pages without islands get CSS and no JavaScript.
 */
export default defineConfig(({ command }) => ({
  appType: "custom",
  mode: command === "build" ? "production" : "development",
  publicDir: false,
  esbuild: { jsx: "automatic" },
  plugins: [catalogueWithoutEnglish(), zodWithoutJsonSchema()],
  resolve: command === "build" ? { alias: PREACT_ALIASES } : {},
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        entry: "client/entry.tsx",
        styles: "client/styles/app.css",
      },
      // zod's sources carry comments that mention `@__PURE__` where Rollup cannot use them; it
      // drops them and says so in two multi-line warnings. Only that kind, only from zod, is hidden.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "")) return;
        warn(warning);
      },
    },
  },
}));
