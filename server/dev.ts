import net from "node:net";
import type { RequestHandler } from "express";
import react from "@vitejs/plugin-react";
import { createServer as createViteServer } from "vite";
import { loadConfig } from "./config";
import { developmentAssets } from "./pages/assets";
import { main } from "./main";

/**
 * `npm run dev`: the server under tsx watch with Vite in middleware mode. Islands are served by
 * Vite with @vitejs/plugin-react, so an island edit is applied by React Fast Refresh in the page,
 * state kept (tsx does not restart for client/islands: package.json excludes them). Other server
 * and page edits, and locale edits (package.json includes locales/), restart the process: the
 * pages render from the server's module graph and the translations are cached per process, so
 * the next request is served by the new one, and the open page reloads once Vite's socket is
 * back. CSP stays on: Vite's scripts are module scripts from 'self' loaded by one nonce'd
 * script, and its socket is allowed (ws:).
 */

/** The script each page loads first in development: Vite's client, then React Refresh's preamble. */
export const DEV_CLIENT_PATH = "/@bulwark/dev-client.js";
const DEV_CLIENT = `import "/@vite/client";
${react.preambleCode.replace("__BASE__", "/")}
window.__vite_plugin_react_preamble_installed__ = true;
`;

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

const config = loadConfig({ NODE_ENV: "development", ...process.env });
const vite = await createViteServer({
  root: config.rootDir,
  // Loaded through Vite's module runner: the default writes a temporary bundle of vite.config.ts
  // and imports it, and tsx watch restarted the server each time that file went away.
  configLoader: "runner",
  appType: "custom",
  plugins: [react()],
  server: { middlewareMode: true, hmr: { port: await hmrPort(process.env, config.port) } },
});
const devMiddleware: RequestHandler = (req, res, next) => {
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
});
