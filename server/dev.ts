import net from "node:net";
import { builtinModules } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import react from "@vitejs/plugin-react";
import { createServer as createViteServer, createServerModuleRunner, type Plugin } from "vite";
import type { ModuleRunner } from "vite/module-runner";
import { loadConfig } from "./config";
import { developmentAssets } from "./pages/assets";
import type { PageDeps } from "./pages/deps";
import type * as PageEntry from "./pages/entry";
import type { PageHandlers } from "./pages/entry";
import { main } from "./main";

/**
 * `npm run dev`: the server under tsx watch with Vite in middleware mode. Islands are served by
 * Vite with @vitejs/plugin-react, so an island edit is applied by React Fast Refresh in the page,
 * state kept. The pages render through Vite's SSR module graph (a module runner over
 * server/pages/entry.ts): a page edit (server/pages/, client/) re-renders on the next request in
 * the same process, and the open page reloads through Vite's socket; tsx does not watch those
 * paths (package.json). Everything else the pages import (services, db, shared/) stays Node's own
 * module, the one the rest of the server uses, and an edit to it — or to a locale, cached per
 * process — restarts the process as before. CSP stays on: Vite's scripts are module scripts from
 * 'self' loaded by one nonce'd script, and its socket is allowed (ws:).
 */

/** The script each page loads first in development: Vite's client, then React Refresh's preamble. */
export const DEV_CLIENT_PATH = "/@bulwark/dev-client.js";
const DEV_CLIENT = `import "/@vite/client";
${react.preambleCode.replace("__BASE__", "/")}
window.__vite_plugin_react_preamble_installed__ = true;
`;

/** The module the pages are built from (Vite URL, from the root). */
const PAGE_ENTRY = "/server/pages/entry.ts";

/** The HMR socket's port: BULWARK_HMR_PORT, else PORT + 10000, else (PORT=0) a free one. */
export async function hmrPort(env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const given = Number(env.BULWARK_HMR_PORT);
  if (env.BULWARK_HMR_PORT && Number.isInteger(given) && given > 0 && given < 65536) return given;
  if (port > 0 && port + 10_000 < 65536) return port + 10_000;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

/** True for a file the SSR graph runs itself: the pages and the client components they render. */
export function isPageSource(rootDir: string, file: string): boolean {
  const relative = path.relative(rootDir, file).split(path.sep).join("/");
  return relative.startsWith("server/pages/") || relative.startsWith("client/");
}

/**
 * In the SSR graph, a project module outside the pages (services, db, errors, shared/) is handed
 * to Node as a file: URL, so the pages share the one instance the server already loaded (its
 * classes for `instanceof`, its metrics, its caches). Vite runs a file: URL it is given unless it
 * is a "builtin" of the environment, hence the pattern added to Node's builtins below.
 */
function serverModulesFromNode(rootDir: string): Plugin {
  return {
    name: "bulwark-server-modules-from-node",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async resolveId(source, importer) {
      if (!importer || !isPageSource(rootDir, importer) || !source.startsWith(".")) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes("node_modules") || isPageSource(rootDir, resolved.id)) return resolved;
      return { id: pathToFileURL(resolved.id).href, external: true };
    },
  };
}

/** The file: URLs of the project's own modules (what serverModulesFromNode hands to Node). */
function projectFileUrl(rootDir: string): RegExp {
  return new RegExp(`^${pathToFileURL(rootDir).href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/`);
}

/**
 * A page edit changes modules the browser never loads (server/pages/, or a client component only
 * rendered on the server), so Vite tells the page nothing: reload it once the SSR graph has
 * dropped the old modules. A module the browser has too (an island) is left to Fast Refresh.
 */
function reloadOnPageEdit(): Plugin {
  return {
    name: "bulwark-reload-on-page-edit",
    applyToEnvironment: (environment) => environment.name === "ssr",
    hotUpdate({ file, modules, server }) {
      if (modules.length === 0 || server.environments.client.moduleGraph.getModulesByFile(file)?.size) return;
      server.environments.client.hot.send({ type: "full-reload", path: "*" });
    },
  };
}

/**
 * The pages' handlers from the module runner: built again whenever the runner has re-evaluated
 * the entry after an edit (its exports object is then a new one), otherwise reused.
 */
function pagesFromRunner(runner: ModuleRunner): (deps: PageDeps) => PageHandlers {
  return (deps) => {
    let built: { exports: unknown; handlers: PageHandlers } | undefined;
    const current = async (): Promise<PageHandlers> => {
      const exports = await runner.import<typeof PageEntry>(PAGE_ENTRY);
      if (built?.exports !== exports) built = { exports, handlers: exports.pageHandlers(deps) };
      return built.handlers;
    };
    return {
      router: (req, res, next) => {
        current().then((pages) => pages.router(req, res, next), next);
      },
      errorHandler: (error, req, res, next) => {
        current().then(
          (pages) => pages.errorHandler(error, req, res, next),
          () => next(error),
        );
      },
    };
  };
}

const config = loadConfig({ NODE_ENV: "development", ...process.env });
const vite = await createViteServer({
  root: config.rootDir,
  // Loaded through Vite's module runner: the default writes a temporary bundle of vite.config.ts
  // and imports it, and tsx watch restarted the server each time that file went away.
  configLoader: "runner",
  appType: "custom",
  plugins: [react(), serverModulesFromNode(config.rootDir), reloadOnPageEdit()],
  environments: {
    ssr: { resolve: { builtins: [...builtinModules.filter((m) => !m.includes(":")), /^node:/, projectFileUrl(config.rootDir)] } },
  },
  server: { middlewareMode: true, hmr: { port: await hmrPort(process.env, config.port) } },
});
const runner = createServerModuleRunner(vite.environments.ssr, { hmr: { logger: false } });
const devMiddleware: RequestHandler = (req, res, next) => {
  // Which process answered: the dev-loop test checks that a page edit did not restart it.
  res.set("X-Bulwark-Dev-Pid", String(process.pid));
  if (req.path === DEV_CLIENT_PATH) {
    res.type("text/javascript").set("Cache-Control", "no-store").send(DEV_CLIENT);
    return;
  }
  vite.middlewares(req, res, next);
};
await main({
  config,
  assets: () => ({ ...developmentAssets(), devClient: DEV_CLIENT_PATH }),
  devMiddleware,
  pages: pagesFromRunner(runner),
});
