/**
 * Help text shared by every command group: the localized "Examples:" block commander prints
 * after a command's options, so every `--help` shows runnable examples.
 */
import type { Translate } from "../i18n";

/** The examples block for `addHelpText("after", …)`; `key` holds the example lines, one per line. */
export function examples(t: Translate, key: string): string {
  const lines = t(key)
    .split("\n")
    .map((line) => `  ${line}`);
  return `\n${t("help.examples")}\n${lines.join("\n")}`;
}
