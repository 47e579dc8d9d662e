/**
 * METRICS_PORT: `/metrics` on a listener of its own, bound to METRICS_HOST, so Prometheus can
 * scrape on a private address while the console's port never answers it. Everything else there
 * is 404.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { listeningUrl } from "../config";
import type { DatabaseHandle } from "../db/connection";
import { metricsEndpoint } from "./metrics";

/** A running metrics listener. */
export interface MetricsListener {
  /** Its base URL, e.g. http://127.0.0.1:9464 (the port actually bound). */
  url: string;
  close(): Promise<void>;
}

/** Starts the listener; rejects when the port cannot be bound (the start fails with the reason). */
export async function startMetricsListener(options: {
  host: string;
  port: number;
  token: string | undefined;
  database: DatabaseHandle;
}): Promise<MetricsListener> {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", metricsEndpoint({ database: options.database, token: options.token }));
  app.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found\n");
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, resolve);
  });
  return {
    url: listeningUrl(options.host, (server.address() as AddressInfo).port),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
