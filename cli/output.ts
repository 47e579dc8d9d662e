/**
 * Everything the CLI writes (DESIGN §9): results to stdout (human tables, or one JSON document
 * with `--json`), errors and notes to stderr. Colors only on a TTY and never with `NO_COLOR`;
 * off a TTY the tables lose their borders so `grep`/`awk` can read them. Every human text goes
 * through `printable` (the server's data may hold terminal escapes); `--json` stays exact JSON.
 */
import { Chalk, type ChalkInstance } from "chalk";
import Table from "cli-table3";
import type { Failure } from "./errors";

/** A stream the CLI writes to; `isTTY` decides colors and borders. */
export interface OutStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/**
 * Control characters a terminal acts on (`\p{Cc}`, the C0 controls, DEL and C1, except tab and line
 * feed: ESC starts the sequences that retitle a window or repaint text, CR overwrites a line) and
 * the bidi embedding, override and isolate marks (which reorder what follows them on screen).
 */
const UNPRINTABLE = /(?![\t\n])\p{Cc}|[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * What JSON.stringify leaves raw but a terminal acts on (issue #32): DEL and the C1 controls (U+009B
 * is a one-byte CSI), the bidi marks, overrides and isolates, and the line and paragraph separators.
 * They only occur inside JSON strings, where `\uXXXX` is the same character: the data stays exact.
 */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `JSON.stringify` with JSON_UNSAFE characters written as `\u` escapes: exact data, inert on a terminal. */
export function safeJson(value: unknown, space?: number): string {
  return (JSON.stringify(value, null, space) ?? "null").replace(
    JSON_UNSAFE,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * Text as it may reach a terminal: each unprintable character (UNPRINTABLE) shown as a visible
 * escape, `\x1b` or `\u202e`, so an operator sees what was stored instead of the terminal obeying it.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/** A table cell: text, or text the CLI colors itself (after making it printable). */
export type Cell = string | { readonly text: string; readonly color: "green" | "red" };

/** Where and how to write. */
export interface OutputOptions {
  json: boolean;
  stdout: OutStream;
  stderr: OutStream;
  env: Readonly<Record<string, string | undefined>>;
}

/** The printing surface every command uses. */
export interface Output {
  readonly json: boolean;
  /** Chalk for stdout (level 0 when colors are off). */
  readonly color: ChalkInstance;
  /** Prints `value` as JSON with `--json`, otherwise runs the human renderer. */
  result(value: unknown, human: () => void): void;
  /** A human line on stdout. */
  line(text: string): void;
  /** A success line on stdout (green on a TTY). */
  success(text: string): void;
  /** A note for the person at the terminal, on stderr (never mixes with JSON on stdout). */
  note(text: string): void;
  /** A table with a header row. */
  table(head: readonly string[], rows: readonly (readonly Cell[])[]): void;
  /** Label/value pairs, one per line. */
  fields(rows: readonly (readonly [string, string])[]): void;
  /** A failure on stderr: the localized message, or `{ "error": { code, status, message, details?, requestId?, retryAfter? } }` with `--json`. */
  error(failure: Failure, hint?: string): void;
}

/** Whether colors may be used on a stream: a TTY, `NO_COLOR` unset or empty, and not a dumb terminal. */
export function colorsEnabled(stream: OutStream, env: Readonly<Record<string, string | undefined>>): boolean {
  if (!stream.isTTY) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return env.TERM !== "dumb";
}

function chalkFor(stream: OutStream, env: Readonly<Record<string, string | undefined>>): ChalkInstance {
  return new Chalk({ level: colorsEnabled(stream, env) ? 1 : 0 });
}

const PLAIN_CHARS = {
  top: "",
  "top-mid": "",
  "top-left": "",
  "top-right": "",
  bottom: "",
  "bottom-mid": "",
  "bottom-left": "",
  "bottom-right": "",
  left: "",
  "left-mid": "",
  mid: "",
  "mid-mid": "",
  right: "",
  "right-mid": "",
  middle: "  ",
};

/** Renders a table: boxed on a TTY, plain columns otherwise (no trailing spaces); every cell made printable. */
export function renderTable(head: readonly string[], rows: readonly (readonly Cell[])[], tty: boolean, color: ChalkInstance): string {
  const table = tty
    ? new Table({ head: head.map((h) => color.bold(printable(h))), style: { head: [], border: [] } })
    : new Table({ head: head.map(printable), chars: PLAIN_CHARS, style: { head: [], border: [], "padding-left": 0, "padding-right": 0 } });
  for (const row of rows)
    table.push(row.map((cell) => (typeof cell === "string" ? printable(cell) : color[cell.color](printable(cell.text)))));
  return table
    .toString()
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n");
}

/** Builds the output for one command run. */
export function createOutput(options: OutputOptions): Output {
  const { json, stdout, stderr, env } = options;
  const color = chalkFor(stdout, env);
  const errColor = chalkFor(stderr, env);
  const tty = Boolean(stdout.isTTY);
  const out: Output = {
    json,
    color,
    result(value, human) {
      if (json) stdout.write(`${safeJson(value, 2)}\n`);
      else human();
    },
    line(text) {
      stdout.write(`${printable(text)}\n`);
    },
    success(text) {
      stdout.write(`${color.green(printable(text))}\n`);
    },
    note(text) {
      stderr.write(`${errColor.dim(printable(text))}\n`);
    },
    table(head, rows) {
      stdout.write(`${renderTable(head, rows, tty, color)}\n`);
    },
    fields(rows) {
      const width = Math.max(0, ...rows.map(([label]) => label.length));
      for (const [label, value] of rows) stdout.write(`${color.bold(printable(label).padEnd(width))}  ${printable(value)}\n`);
    },
    error(failure, hint) {
      if (json) {
        const { code, status, message, details, requestId, retryAfter } = failure;
        stderr.write(`${safeJson({ error: { code, status, message, details, requestId, retryAfter } })}\n`);
        return;
      }
      stderr.write(`${errColor.red(printable(failure.message))}\n`);
      if (hint) stderr.write(`${errColor.dim(printable(hint))}\n`);
    },
  };
  return out;
}
