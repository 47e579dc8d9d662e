import { defineConfig } from "vite";

/**
 * Client build: the island hydrator (each island its own chunk through dynamic imports) and the
 * stylesheet as a separate entry, so pages without islands get CSS and no JavaScript.
 */
export default defineConfig(({ command }) => ({
  appType: "custom",
  mode: command === "build" ? "production" : "development",
  publicDir: false,
  esbuild: { jsx: "automatic" },
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
