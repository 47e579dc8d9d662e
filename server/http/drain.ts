/**
 * Stopping an HTTP server without dropping a request. `server.close()` alone keeps
 * serving kept-alive connections for as long as clients reuse them, and (Node ≥ 19) destroys
 * the ones idle at that instant, resetting a request a client was sending on one at the same
 * moment. Here, from the signal on: the listener closes; every answer carries
 * `Connection: close` (a socket whose answer had already started is ended once it is sent);
 * requests in flight finish; a socket idle at the signal is closed as soon as it has stayed
 * silent for IDLE_GRACE_MS (a request that was already on its way is answered, with
 * `Connection: close`); only at the deadline are the remaining sockets destroyed.
 *
 * A socket this module has ended is closing: a request a client sends on it afterwards (it read
 * a keep-alive answer that was streaming at the signal and reused the connection) is never
 * handed to the app, the socket is destroyed unread. Before (issue #32) such a request was
 * executed, its write applied, and its answer lost with the socket: the client saw ECONNRESET
 * and could not tell an applied write from a lost one. Now a reset means "not applied".
 */
import http from "node:http";
import net from "node:net";

/** How long a socket idle at the signal may still deliver a request already on its way. */
export const IDLE_GRACE_MS = 1000;

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
  /** Every open socket with the number of requests it is answering. */
  const busy = new Map<net.Socket, number>();
  const inFlight = new Set<http.ServerResponse>();
  /** Sockets ended here: nothing they still deliver is executed. */
  const closing = new WeakSet<net.Socket>();
  const closeWhenIdle = (socket: net.Socket) => {
    if (socket.destroyed || (busy.get(socket) ?? 0) !== 0) return;
    closing.add(socket);
    socket.end();
  };
  const server = http.createServer((req, res) => {
    const socket = req.socket;
    if (closing.has(socket)) {
      // Our side already said goodbye, so no answer can reach the client: not applying the
      // request is the only outcome the client can interpret (a retry is safe).
      socket.destroy();
      return;
    }
    if (draining) res.setHeader("Connection", "close");
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      busy.set(socket, Math.max((busy.get(socket) ?? 1) - 1, 0));
      // Headers went out before the signal with keep-alive: end the socket after this answer.
      if (draining) closeWhenIdle(socket);
    });
    handler(req, res);
  });
  server.on("connection", (socket: net.Socket) => {
    busy.set(socket, 0);
    socket.once("close", () => busy.delete(socket));
  });
  return {
    server,
    get draining() {
      return draining;
    },
    drain(deadlineMs) {
      draining = true;
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader("Connection", "close");
      }
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          server.closeAllConnections();
          for (const socket of busy.keys()) socket.destroy();
          resolve(false);
        }, deadlineMs);
        // net.Server's close: stop listening, but not http.Server's instant close of idle sockets.
        net.Server.prototype.close.call(server, () => {
          clearTimeout(timer);
          resolve(true);
        });
        const idleAtSignal = [...busy].filter(([, count]) => count === 0).map(([socket]) => socket);
        setTimeout(() => idleAtSignal.forEach(closeWhenIdle), Math.min(IDLE_GRACE_MS, deadlineMs)).unref();
      });
    },
  };
}
