/**
 * `bulwark certs upload|show` as a subprocess against a real cli.server.
 * Upload installs a real chain (openssl-made) with its key and CA bundle, a key that does not
 * match exits with the API's 400, the key is never printed, and show describes what is in force.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../shared/errors";
import { makeCertFixtures, type CertFixtures } from "../support/certs";
import { useCliHarness } from "../support/cli";

describe("bulwark certs against a real server", () => {
  const cli = useCliHarness({ root: { role: "root", teams: [] } });
  let certs: CertFixtures;
  const file = (name: string) => path.join(certs.dir, name);

  beforeAll(() => {
    certs = makeCertFixtures();
  });

  it("upload refuses a key that does not match, then installs the chain, key and CA bundle; show describes them without the key", async () => {
    const keyLine = readFileSync(file("key.pem"), "utf8").split("\n")[1]!;
    const bad = await cli.run(["certs", "upload", "--cert", file("chain.pem"), "--key", file("other-key.pem")]);
    expect(bad.code).not.toBe(EXIT_CODES.ok);
    expect(bad.stderr).toContain("Invalid certificate");

    const up = await cli.run(["certs", "upload", "--cert", file("chain.pem"), "--key", file("key.pem"), "--ca", file("root.pem")]);
    expect(up.code, up.stderr).toBe(EXIT_CODES.ok);
    expect(up.stdout).toContain("Certificates saved");
    expect(up.stdout + up.stderr).not.toContain(keyLine);

    const shown = await cli.run(["certs", "show", "--json"]);
    expect(shown.code, shown.stderr).toBe(EXIT_CODES.ok);
    expect(shown.stdout).not.toContain(keyLine);
    const view = JSON.parse(shown.stdout);
    expect(view.serverPrivateKeySet).toBe(true);
    expect(view.serverCertificates.map((c: { subject: string }) => c.subject)).toEqual([
      "CN=api.bulwark.test",
      "CN=Bulwark Test Intermediate",
      "CN=Bulwark Test Root",
    ]);
    expect(view.clientCaCertificates).toHaveLength(1);
    expect(view.serverCertificates[0].fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(view.serverCertificates[0].daysLeft).toBeGreaterThanOrEqual(363);

    const human = await cli.run(["certs", "show", "--lang", "pt"]);
    expect(human.code, human.stderr).toBe(EXIT_CODES.ok);
    expect(human.stdout).toContain("Cadeia do certificado do servidor");
    expect(human.stdout).toContain("CN=api.bulwark.test");
    expect(human.stdout).toMatch(/Chave privada do servidor\s+definida/);
  });

  it("show warns about a certificate within 30 days of expiry; a missing file is a usage error", async () => {
    const soon = makeCertFixtures(10);
    const up = await cli.run(["certs", "upload", "--cert", path.join(soon.dir, "chain.pem"), "--key", path.join(soon.dir, "key.pem")]);
    expect(up.code, up.stderr).toBe(EXIT_CODES.ok);
    const shown = await cli.run(["certs", "show"]);
    expect(shown.stderr).toContain("Expires within 30 days: CN=api.bulwark.test");
    expect((await cli.run(["certs", "upload", "--cert", "/nonexistent.pem", "--key", file("key.pem")])).code).toBe(EXIT_CODES.usage);
  });
});
