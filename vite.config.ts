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
    transform(code, id) {
      if (!/\/shared\/errors\/entries\/[^/]+\.ts$/.test(id)) return null;
      return { code: code.replace(CATALOGUE_ENGLISH, 'en: ""'), map: null };
    },
  };
}

/**
 * Client build: the island hydrator (each island its own chunk through dynamic imports) and the
 * stylesheet as a separate entry, so pages without islands get CSS and no JavaScript.
 */
export default defineConfig(({ command }) => ({
  appType: "custom",
  mode: command === "build" ? "production" : "development",
  publicDir: false,
  esbuild: { jsx: "automatic" },
  plugins: [catalogueWithoutEnglish()],
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
    },
  },
}));
