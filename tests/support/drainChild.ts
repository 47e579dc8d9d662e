/**
 * A child process for the shutdown test (tests/api/hardening.shutdown.test.ts): the real
 * drainable server on a real port with a tiny app — `GET /stream` answers a streaming body (like
 * an export) finished on the SIGTERM, `POST /write` counts a write. It prints its port, then on
 * SIGTERM drains and prints how many writes it applied.
 */
import { createDrainableServer } from "../../server/http/drain";

let writes = 0;
const streams: (() => void)[] = [];
const drainable = createDrainableServer((req, res) => {
  if (req.method === "POST" && req.url === "/write") {
    req.resume();
    req.on("end", () => {
      writes += 1;
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ applied: writes }));
    });
    return;
  }
  if (req.url === "/stream") {
    res.setHeader("Content-Type", "text/plain");
    res.write("first chunk\n");
    streams.push(() => res.end("last chunk\n"));
    return;
  }
  res.statusCode = 404;
  res.end();
});
drainable.server.listen(0, "127.0.0.1", () => {
  const address = drainable.server.address();
  process.stdout.write(`port ${typeof address === "object" && address ? address.port : 0}\n`);
});
process.once("SIGTERM", () => {
  const drained = drainable.drain(5_000);
  process.stdout.write("draining\n");
  // The export that was streaming at the signal completes after it.
  setTimeout(() => streams.splice(0).forEach((finish) => finish()), 50);
  void drained.then(() => {
    process.stdout.write(`writes ${writes}\n`);
    process.exit(0);
  });
});
