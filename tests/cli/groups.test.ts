import { Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { COMMAND_GROUPS, commandWord, groupsFor } from "../../cli/commands/groups";
import { buildProgram, buildProgramForRun, run } from "../../cli/main";
import type { CliIO } from "../../cli/runtime";
import { languages } from "../../shared/limits";

/** An in-process run's surroundings with no config file and output captured. */
function quietIO(argv: string[], out: { text: string } = { text: "" }): CliIO {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.text += chunk.toString("utf8");
      done();
    },
  });
  return {
    argv,
    env: { HOME: "/nonexistent", BULWARK_CONFIG_DIR: "/nonexistent/bulwark" },
    stdin: Readable.from([]),
    stdout: sink,
    stderr: sink,
  };
}

const VALUE_OPTIONS = new Set(["--url", "--token", "--lang", "--ca-file", "--timeout", "--retries"]);

describe("the command groups table (cli/commands/groups.ts)", () => {
  it.each(languages)("gives the same top-level help as the full program, in %s", async (lang) => {
    const full = await buildProgram(quietIO([]), lang);
    const lazy = await buildProgramForRun(quietIO(["--help"]), lang);
    expect(lazy.helpInformation()).toBe(full.helpInformation());
    expect(lazy.commands.map((c) => c.name())).toEqual(full.commands.map((c) => c.name()));
  });

  it("lists every top-level command of the full program once, in its order", async () => {
    const full = await buildProgram(quietIO([]), "en");
    const names = COMMAND_GROUPS.flatMap((group) => group.commands.map((c) => c.name));
    expect(names).toEqual(full.commands.map((c) => c.name()).filter((name) => name !== "help"));
  });

  it("registers nothing but summaries for a bare --help, and the real group for its command", async () => {
    const bare = await buildProgramForRun(quietIO(["--help"]), "en");
    expect(bare.commands.every((command) => command.commands.length === 0)).toBe(true);
    const users = await buildProgramForRun(quietIO(["users", "list", "--help"]), "en");
    const group = users.commands.find((c) => c.name() === "users");
    expect(group?.commands.map((c) => c.name())).toEqual(expect.arrayContaining(["list", "block", "export"]));
    expect(users.commands.find((c) => c.name() === "admins")?.commands).toEqual([]);
  });

  it("finds the command word past global options and their values, and behind help", () => {
    expect(commandWord(["--url", "https://x", "--lang=pt", "users", "list"], VALUE_OPTIONS)).toBe("users");
    expect(commandWord(["--debug", "teams"], VALUE_OPTIONS)).toBe("teams");
    expect(commandWord(["help", "licenses"], VALUE_OPTIONS)).toBe("licenses");
    expect(commandWord(["--token", "users"], VALUE_OPTIONS)).toBeNull();
    expect(commandWord(["--help"], VALUE_OPTIONS)).toBeNull();
    expect(commandWord(["--", "users"], VALUE_OPTIONS)).toBeNull();
  });

  it("loads the export group with every group it extends", () => {
    for (const name of ["users", "admins", "teams", "licenses", "invites", "logs"]) {
      expect(groupsFor(name).some((group) => group.commands.some((c) => c.name === "logs"))).toBe(true);
    }
    expect(groupsFor("certs")).toHaveLength(1);
    expect(groupsFor("nothing")).toEqual([]);
  });

  it("runs a lazily loaded command's own help, and `help <command>`", async () => {
    for (const argv of [
      ["domains", "--help"],
      ["help", "associations"],
    ]) {
      const out = { text: "" };
      expect(await run(quietIO(argv, out))).toBe(0);
      expect(out.text).toMatch(/list/);
    }
  });
});
