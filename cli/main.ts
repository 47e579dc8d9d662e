import { Command } from "commander";
import { APP_VERSION } from "../shared/limits";

/**
 * The `bulwark` command (DESIGN §9). Command groups register here from cli/commands/<group>.ts;
 * the authentication, context and resource commands arrive with their issues.
 */
export function buildProgram(): Command {
  return new Command()
    .name("bulwark")
    .description("Operate a Bulwark console from the terminal or a CI pipeline.")
    .version(APP_VERSION, "-V, --version", "print the CLI version")
    .showHelpAfterError();
}

await buildProgram().parseAsync(process.argv);
