/**
 * Issue #32 item 3, with a real process, real sockets and a real SIGTERM: a request sent on a
 * kept-alive connection right after an answer that was still streaming at the signal (an export)
 * is either answered or not applied at all, never applied and then reset. A request on a
 * connection that was idle at the signal is answered with `Connection: close`.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../support/server";

const TRIALS = Number(process.env.SHUTDOWN_TRIALS ?? 3);
const POST = "POST /write HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";

/** A raw keep-alive connection: what it received, and whether it ended by a reset. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const state = { received: "", reset: false, closed: false };
  socket.on("data", (chunk: Buffer) => (state.received += chunk.toString("latin1")));
  socket.on("error", (error: NodeJS.ErrnoException) => (state.reset = error.code === "ECONNRESET" || error.code === "EPIPE"));
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      state.closed = true;
      resolve();
    }),
  );
  const until = async (test: () => boolean, what: string) => {
    for (let i = 0; i < 400 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
    if (!test()) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(state.received)}`);
  };
  return { socket, state, closed, until };
}

/** Starts the drainable server in a child process; resolves with its port and its final write count. */
async function startChild() {
  const child = spawn(path.join(ROOT_DIR, "node_modules", ".bin", "tsx"), [path.join(ROOT_DIR, "tests", "support", "drainChild.ts")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let i = 0; i < 600 && !/port \d+/.test(output); i++) await new Promise((r) => setTimeout(r, 25));
  const port = Number(/port (\d+)/.exec(output)?.[1]);
  if (!port) throw new Error(`child did not start: ${output}`);
  const writes = async () => {
    await exited;
    return Number(/writes (\d+)/.exec(output)?.[1] ?? Number.NaN);
  };
  const draining = async () => {
    for (let i = 0; i < 400 && !output.includes("draining"); i++) await new Promise((r) => setTimeout(r, 5));
  };
  return { child, port, writes, draining };
}

const responses = (text: string) => text.split("HTTP/1.1 ").length - 1;

describe("shutdown under keep-alive (process, real sockets)", () => {
  it(`never applies a request it then resets (${TRIALS} trials)`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const { child, port, writes, draining } = await startChild();
      const streaming = connect(port);
      const idle = connect(port);
      idle.socket.write("GET /missing HTTP/1.1\r\nHost: test\r\n\r\n");
      await idle.until(() => responses(idle.state.received) === 1, "the idle connection's first answer");
      streaming.socket.write("GET /stream HTTP/1.1\r\nHost: test\r\n\r\n");
      await streaming.until(() => streaming.state.received.includes("first chunk"), "the stream's first chunk");
      expect(streaming.state.received).toMatch(/connection: keep-alive/i);

      child.kill("SIGTERM");
      await draining();
      // The connection idle at the signal delivers a write at once: it is answered, and told to close.
      idle.socket.write(POST);
      // The export finishes after the signal; the client reuses the connection the moment it has it.
      await streaming.until(() => streaming.state.received.includes("0\r\n\r\n"), "the end of the stream");
      streaming.socket.write(POST);
      await Promise.all([streaming.closed, idle.closed]);
      const applied = await writes();

      expect(responses(idle.state.received), "idle connection").toBe(2);
      expect(idle.state.received.split("HTTP/1.1 ")[2]).toMatch(/^200[^]*connection: close/i);
      const answered = responses(streaming.state.received) === 2;
      // Answered: both writes applied; not answered (reset or closed unread): only the idle one.
      expect({ trial, applied, answered }).toEqual({ trial, applied: answered ? 2 : 1, answered });
    }
  }, 60_000);
});
