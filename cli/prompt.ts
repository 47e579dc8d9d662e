/**
 * Terminal input (DESIGN §9). Prompts exist only on a TTY: callers check `isTTY` first and raise
 * a usage error otherwise, so a pipeline never hangs on a question nobody can answer. Prompts
 * write to stderr so stdout stays clean for `--json`.
 */
import { createInterface } from "node:readline/promises";
import type { Readable, Writable } from "node:stream";

/** The input side of the terminal. */
export type InStream = Readable & { readonly isTTY?: boolean };

/** Reads a stream to its end as UTF-8 (`--password-stdin`, `--file -`). */
export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** A secret piped on stdin without its final line break (`printf` and `echo` both work). */
export async function readSecret(stream: Readable): Promise<string> {
  return (await readAll(stream)).replace(/\r?\n$/, "");
}

/** Asks one visible question on a TTY and returns the trimmed answer. */
export async function ask(input: InStream, output: Writable, question: string): Promise<string> {
  const rl = createInterface({ input, output, terminal: true });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** Asks for a password on a TTY without echoing it (@inquirer/password, no mask). */
export async function askPassword(input: InStream, output: Writable, message: string): Promise<string> {
  const { default: password } = await import("@inquirer/password");
  return password({ message }, { input, output });
}

/** Asks a yes/no question (default no); `yesWords` are the accepted answers, lowercase. */
export async function askYesNo(input: InStream, output: Writable, question: string, yesWords: readonly string[]): Promise<boolean> {
  const answer = (await ask(input, output, question)).toLowerCase();
  return yesWords.includes(answer);
}
