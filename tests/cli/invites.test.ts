/**
 * CLI: `bulwark invites` with the built CLI against a real server — a 10,000-row CSV
 * dry run (the review: new, onboarded, invalid, licenses after; nothing written), then the real
 * run in one call whose e-mails the outbox worker writes to the file mailbox; handles' codes in
 * `--json`; exit 10 on partial failure; list, resend and delete by id.
 */
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildPack, buildTeam, buildUser } from "../support/factories";

const dir = mkdtempSync(path.join(tmpdir(), "bulwark-invites-"));
const ROWS = 10_000;

describe("bulwark invites against a real server", () => {
  const cli = useCliHarness({ env: { MAIL: "file" } });

  beforeAll(async () => {
    const acme = await buildTeam(cli.db, { slug: "acme", teamName: "Acme" });
    await buildPack(cli.db, { team: acme, licenseCount: ROWS + 5 });
    await buildUser(cli.db, { team: acme, username: "old@acme.test" });
  });

  it("dry-runs and then invites a 10,000-row CSV in one call, the e-mails delivered to the file mailbox", async () => {
    const file = path.join(dir, "people.csv");
    const rows = Array.from({ length: ROWS - 2 }, (_, i) => `person${i}@acme.test,Person ${i}`);
    writeFileSync(file, ["email,name", ...rows, "old@acme.test,Old", "not-an-address,Bad"].join("\n"));
    const dry = await cli.run(["invites", "create", "--team", "acme", "--file", file, "--invite-lang", "es", "--dry-run", "--json"]);
    expect(dry.code, dry.stderr).toBe(EXIT_CODES.ok);
    const review = JSON.parse(dry.stdout) as {
      dryRun: boolean;
      valid: string[];
      failed: { code: string }[];
      seats: { available: number };
      availableAfter: number;
    };
    expect([review.dryRun, review.valid.length, review.seats.available, review.availableAfter]).toEqual([true, ROWS - 2, ROWS + 4, 6]);
    expect(review.failed.map((f) => f.code).sort()).toEqual(["inviteCreate409", "notValidEmailAccount"]);
    expect(await cli.db.selectFrom("invites").select("id").execute()).toHaveLength(0);
    const human = await cli.run(["invites", "create", "--team", "acme", "--file", file, "--dry-run", "--lang", "pt"]);
    expect(human.stdout).toContain(`Convites novos: ${ROWS - 2}`);
    expect(human.stdout).toContain("Licenças disponíveis: 10004 agora, 6 depois");

    const run = await cli.run(["invites", "create", "--team", "acme", "--file", file, "--invite-lang", "es", "--yes", "--json"]);
    expect(run.code, run.stderr).toBe(EXIT_CODES.partial);
    const result = JSON.parse(run.stdout) as { ok: { address: string; id: string }[]; failed: { address: string; code: string }[] };
    expect(result.ok).toHaveLength(ROWS - 2);
    expect(result.failed).toEqual([
      { address: "not-an-address", code: "notValidEmailAccount" },
      { address: "old@acme.test", code: "inviteCreate409" },
    ]);
    const sent = await cli.server.mail.drainNow();
    expect(sent).toBe(ROWS - 2);
    const mailbox = readdirSync(cli.server.config.mail.dir).filter((f) => f.endsWith(".eml"));
    expect(mailbox.length).toBeGreaterThanOrEqual(ROWS - 2);
  }, 300_000);

  it("prints handles' codes with --json, refuses without --yes off a terminal, lists, resends and deletes by id", async () => {
    const refused = await cli.run(["invites", "create", "agent_a", "--team", "acme", "--type", "handle"]);
    expect(refused.code).toBe(EXIT_CODES.usage);
    const made = await cli.run(["invites", "create", "agent_a", "agent_b", "--team", "acme", "--type", "handle", "--yes", "--json"]);
    expect(made.code, made.stderr).toBe(EXIT_CODES.ok);
    const ok = (JSON.parse(made.stdout) as { ok: { id: string; code: string }[] }).ok;
    expect(ok.map((o) => o.code)).toEqual([expect.stringMatching(/^[A-HJ-NP-Z2-9]{12}$/), expect.stringMatching(/^[A-HJ-NP-Z2-9]{12}$/)]);
    const list = await cli.run(["invites", "list", "--team", "acme", "--type", "handle", "--json"]);
    expect((JSON.parse(list.stdout) as { items: { id: string }[] }).items.map((i) => i.id).sort()).toEqual(ok.map((o) => o.id).sort());
    const resend = await cli.run(["invites", "resend", ok[0]!.id, "--yes", "--json"]);
    const resent = JSON.parse(resend.stdout) as { ok: { id: string; code: string }[]; failed: unknown[] };
    expect(resent).toEqual({
      ok: [
        { id: ok[0]!.id, inviteCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{12}$/), code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{12}$/) },
      ],
      failed: [],
    });
    expect(resent.ok[0]!.code).not.toBe(ok[0]!.code);
    const ids = path.join(dir, "ids.txt");
    writeFileSync(ids, `${ok[1]!.id}\n00000000-0000-4000-8000-000000000000\n`);
    const removed = await cli.run(["invites", "delete", "--file", ids, "--yes", "--json"]);
    expect(removed.code).toBe(EXIT_CODES.partial);
    expect(JSON.parse(removed.stdout)).toEqual({
      ok: [ok[1]!.id],
      failed: [{ id: "00000000-0000-4000-8000-000000000000", code: "inviteDelete404" }],
    });
  }, 120_000);
});
