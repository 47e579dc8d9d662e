/**
 * Process-level helpers: the production bundle run as `npm start` and the Docker image run it,
 * secrets shared with the test (so it can mint bearer tokens), and a TCP proxy in front of
 * PostgreSQL that can go silent or refuse, to play a hanging or a down database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { ROOT_DIR } from "./server";

/** Secrets for a spawned server, so tests can sign its tokens (factories' bearerFor with loadConfig of the same env). */
export function sharedSecrets(): Record<string, string> {
  const fresh = () => randomBytes(32).toString("base64url");
  return { JWT_SECRET: fresh(), SESSION_SECRET: fresh(), PASSWORD_PEPPER: fresh() };
}

/** A spawned server process. */
export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the base URL once it listens; rejects if it exits first. */
  url: Promise<string>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

/** Watches a child's output for the console address. */
export function watchServer(child: ChildProcess): ServerProcess {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Bulwark console: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  url.catch(() => undefined);
  return { child, url, exited, output: () => output };
}

/** Runs `script` (a path under the repository) in production with a minimal environment plus `env`. */
function startProduction(script: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [path.join(ROOT_DIR, script)], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return watchServer(child);
}

/** Runs the production bundle (dist/server/main.js) with a minimal environment plus `env`. */
export function startBuiltServer(env: Record<string, string>): ServerProcess {
  return startProduction(path.join("dist", "server", "main.js"), env);
}

/** Runs `npm start`'s script (scripts/start.mjs: builds first when the build is stale) like startBuiltServer; for the benches. */
export function startServerScript(env: Record<string, string>): ServerProcess {
  return startProduction(path.join("scripts", "start.mjs"), env);
}

/** Resolves with the exit code, or rejects when the process is still running after `ms` (then kills it). */
export async function exitWithin(server: ServerProcess, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      server.child.kill("SIGKILL");
      reject(new Error(`the server was still running ${ms} ms later:\n${server.output()}`));
    }, ms);
  });
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How the proxy treats traffic. */
export type ProxyMode = "forward" | "silent" | "down";

/** A TCP proxy on 127.0.0.1 in front of `target`. */
export interface FaultProxy {
  port: number;
  /** The target URL with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /**
   * "silent": every connection, open or new, stays open but nothing passes either way (a hung
   * server or a black-holed path). "down": every connection is reset and the port refuses new
   * ones (the server is down). "forward": new connections pass again; silenced ones stay dead.
   */
  setMode(mode: ProxyMode): Promise<void>;
  /** Stops listening and resets every connection: the database is down. */
  close(): Promise<void>;
}

/** Starts a proxy to host:port. */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: ProxyMode = "forward";
  const sockets = new Set<net.Socket>();
  const dead = new WeakSet<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.once("close", () => sockets.delete(socket));
  };
  // Half-open allowed: a silenced socket must not answer the client's FIN, as a black hole would not.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    track(client);
    if (mode === "silent") {
      dead.add(client);
      client.on("data", () => undefined);
      return;
    }
    const upstream = net.connect({ port: target.port, host: target.host, allowHalfOpen: true });
    track(upstream);
    const pass = (from: net.Socket, to: net.Socket) => {
      from.on("data", (chunk: Buffer) => {
        if (!dead.has(from) && !to.destroyed) to.write(chunk);
      });
      from.once("end", () => {
        if (!dead.has(from)) to.end();
      });
      from.once("close", () => {
        if (!dead.has(from)) to.destroy();
      });
    };
    pass(client, upstream);
    pass(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const proxy: FaultProxy = {
    port,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    async setMode(next) {
      const previous = mode;
      mode = next;
      if (next === "silent") for (const socket of sockets) dead.add(socket);
      if (next === "down" && previous !== "down") {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.resetAndDestroy();
        await closed;
      }
      if (next !== "down" && previous === "down") await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    async close() {
      if (mode !== "down") await proxy.setMode("down");
      for (const socket of sockets) socket.resetAndDestroy();
    },
  };
  return proxy;
}
