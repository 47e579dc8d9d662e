/**
 * A minimal HTTP client over one keep-alive agent: the fuzzer sends its bytes exactly as built
 * (malformed percent-encoding, odd media types) to the in-process test server, without
 * supertest's one-server-per-request cost.
 */
import http from "node:http";
import type { Answer } from "./oracle";

/** What to send. */
export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: { text: string; contentType: string | null };
}

/** A client of one base URL; `close()` ends its sockets. */
export interface FuzzClient {
  send(request: RawRequest): Promise<Answer & { sentBytes: number }>;
  close(): void;
}

/** Creates a client of an http://127.0.0.1:port base URL; every call is bounded by `timeoutMs`. */
export function fuzzClient(baseUrl: string, timeoutMs = 20_000): FuzzClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(baseUrl);
  return {
    send(request) {
      const payload = request.body ? Buffer.from(request.body.text, "utf8") : undefined;
      const headers: Record<string, string | number> = { ...request.headers };
      if (payload) {
        headers["Content-Length"] = payload.length;
        if (request.body?.contentType) headers["Content-Type"] = request.body.contentType;
      }
      return new Promise((resolve, reject) => {
        const req = http.request(
          { host: hostname, port, method: request.method, path: request.url, headers, agent, timeout: timeoutMs },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                contentType: String(res.headers["content-type"] ?? ""),
                text: Buffer.concat(chunks).toString("utf8"),
                sentBytes: payload?.length ?? 0,
              }),
            );
            res.on("error", reject);
          },
        );
        req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms: ${request.method} ${request.url.slice(0, 200)}`)));
        req.on("error", reject);
        req.end(payload);
      });
    },
    close() {
      agent.destroy();
    },
  };
}
