/**
 * A real HTTP CONNECT proxy in a few lines of node:http, for the CLI's proxy tests: it opens a
 * TCP tunnel to the asked host and counts tunnels, or refuses every CONNECT with 403 (`refuse`).
 */
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";

/** A running proxy: its URL, the tunnels it opened, and close(). */
export interface TestProxy {
  url: string;
  /** `host:port` of every CONNECT that was tunnelled (or refused), in order. */
  readonly tunnels: string[];
  close(): Promise<void>;
}

/** Starts a CONNECT proxy on 127.0.0.1 and a free port. */
export async function startConnectProxy(options: { refuse?: boolean } = {}): Promise<TestProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on("connect", (req, client: Socket, head: Buffer) => {
    const target = req.url ?? "";
    tunnels.push(target);
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    if (options.refuse) {
      client.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const [host = "", port = "443"] = target.split(/:(?=\d+$)/);
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
