import type { Command } from "commander";

/**
 * The top-level commands that stand for a group whose module is not loaded (cli/commands/groups.ts):
 * a group that adds subcommands to others (`export`) skips them, since they are never run. Its own
 * module because groups.ts imports every group and a group importing it back would be a circle.
 */
const summaries = new WeakSet<Command>();

/** Marks a command as a summary standing for a group that is not loaded. */
export function markSummary(command: Command): void {
  summaries.add(command);
}

/** Whether a command is a summary (a group that adds subcommands to others skips it: it is never run). */
export function isSummary(command: Command): boolean {
  return summaries.has(command);
}
