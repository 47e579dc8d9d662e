import { createServer as createViteServer } from "vite";
import { loadConfig } from "./config";
import { developmentAssets } from "./pages/assets";
import { main } from "./main";

/**
 * `npm run dev`: the server under tsx watch (restarts on server and page changes) with Vite in
 * middleware mode serving the islands' sources and reloading the browser when they change.
 */
const config = loadConfig({ NODE_ENV: "development", ...process.env });
const vite = await createViteServer({
  root: config.rootDir,
  appType: "custom",
  server: { middlewareMode: true, hmr: { port: config.port + 10_000 } },
});
await main({ config, assets: developmentAssets, devMiddleware: vite.middlewares });
