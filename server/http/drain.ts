/**
 * Stopping an HTTP server without dropping a request (issue 13). `server.close()` alone stops
 * the listener but keeps serving kept-alive connections (clients reuse them for as long as the
 * server lets them), and the forced close at the deadline then reset requests in flight. Here,
 * from the signal on: the listener closes, idle sockets close at once, every answer carries
 * `Connection: close` (a socket whose answer had already started is ended once it is sent), and
 * requests in flight finish; only at the deadline are the remaining sockets destroyed.
 */
import http from "node:http";
import type { Socket } from "node:net";

/** An HTTP server that can be drained. */
export interface DrainableServer {
  server: http.Server;
  /** True from the start of drain(). */
  readonly draining: boolean;
  /**
   * Stops accepting work and waits for requests in flight, at most `deadlineMs`; resolves true
   * when every connection ended by itself, false when the rest had to be destroyed.
   */
  drain(deadlineMs: number): Promise<boolean>;
}

/** Wraps `handler` in an http.Server that knows how to drain. */
export function createDrainableServer(handler: http.RequestListener): DrainableServer {
  let draining = false;
  const inFlight = new Map<http.ServerResponse, Socket>();
  const server = http.createServer((req, res) => {
    if (draining) res.setHeader("Connection", "close");
    inFlight.set(res, req.socket);
    res.once("close", () => inFlight.delete(res));
    res.once("finish", () => {
      // Headers went out before the signal with keep-alive: end the socket after this answer.
      if (draining && !req.socket.destroyed) req.socket.end();
    });
    handler(req, res);
  });
  return {
    server,
    get draining() {
      return draining;
    },
    drain(deadlineMs) {
      draining = true;
      for (const res of inFlight.keys()) {
        if (!res.headersSent) res.setHeader("Connection", "close");
      }
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          server.closeAllConnections();
          resolve(false);
        }, deadlineMs);
        server.close(() => {
          clearTimeout(timer);
          resolve(true);
        });
        server.closeIdleConnections();
      });
    },
  };
}
