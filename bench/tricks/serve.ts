/**
 * The server of the speed-trick bench: the real app (server/main.ts's startServer) in this process,
 * on the data directory in BULWARK_DATA_DIR, with test asset names (no client build needed: the
 * HTML is rendered all the same). The bench process flips speedTricks over IPC, so both halves of
 * each comparison run in one warm process and the load generator never shares its event loop.
 */
import { readFileSync } from "node:fs";
import { startServer } from "../../server/main";
import { speedTricks, type SpeedTrick } from "../../server/lib/speedTricks";
import { TEST_ASSETS } from "../../tests/support/server";

/** What the bench sends: a trick switched on or off, or a question for this process's memory. */
type Message = { trick: SpeedTrick; on: boolean } | { rss: true };

/** This process's /proc status (Linux); empty where there is none. */
const procStatus = () => {
  try {
    return readFileSync("/proc/self/status", "utf8");
  } catch {
    return "";
  }
};

const server = await startServer({ assets: () => TEST_ASSETS });
process.on("message", (message: Message) => {
  if ("rss" in message) {
    // RssFile: mapped files (SQLite's memory-mapped database, the node binary), the kernel's cache.
    const mappedKib = Number(procStatus().match(/RssFile:\s+(\d+)/)?.[1] ?? 0);
    process.send?.({ rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed, mapped: mappedKib * 1024 });
    return;
  }
  speedTricks[message.trick] = message.on;
  process.send?.({ ok: true });
});
process.on("disconnect", () => void server.close().then(() => process.exit(0)));
process.send?.({ listening: server.listening });
