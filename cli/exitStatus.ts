import type { ExitCode } from "../shared/errors";

/**
 * Ends a command whose result is already printed with a non-zero exit code and nothing more to
 * say; the entry point (cli/main.ts) returns `exit` without printing an error. Its own module so
 * the entry does not load the commands' helpers to recognise it.
 */
export class ExitStatus extends Error {
  override name = "ExitStatus";
  constructor(readonly exit: ExitCode) {
    super(`exit ${exit}`);
  }
}
