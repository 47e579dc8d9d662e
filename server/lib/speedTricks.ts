/**
 * Switches for the code that exists only for speed (DESIGN §12), so bench/tricks/run.ts can time
 * each route with and without its trick in one server process. Always on in production; the
 * bench flips them over IPC. Each switch is read per call (one property load).
 */
export const speedTricks = {
  statementCache: true,
  shapeCache: true,
  translator: true,
};

/** A trick's name. */
export type SpeedTrick = keyof typeof speedTricks;
