/**
 * `bulwark certs upload|show` over `PUT /v2/settings/certs` and `GET
 * /v2/settings`: a pipeline can install a renewed server certificate chain with its private key
 * (and the client CA bundle for mutual authentication) from files, and check what is in force.
 * The key is read from a file, sent once in the body and never printed; the server checks the
 * chain and that the key matches its leaf.
 */
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { describeCertificates, type CertificateInfo } from "../../shared/domain/certificates";
import { createSettingsApi } from "../../shared/api/settings";
import { usageError } from "../errors";
import type { CliContext } from "../runtime";
import { addCommonOptions, apiOptions, type CommonOptions } from "./common";
import { examples } from "./help";

/** Days before expiry from which `certs show` warns, as the TLS/domain tab does. */
const WARNING_DAYS = 30;

function readPem(cli: CliContext, file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw usageError(cli.t("bulk.cannotRead", { file, problem: error instanceof Error ? error.message : String(error) }));
  }
}

/** What `certs show --json` prints: the certificates described, the key only as set / not set. */
export interface CertsView {
  mutualAuthentication: boolean;
  clientCertUserCheck: boolean;
  serverPrivateKeySet: boolean;
  serverCertificates: CertificateInfo[];
  clientCaCertificates: CertificateInfo[];
}

function viewOf(certs: Record<string, unknown>): CertsView {
  const describe = (pem: unknown) =>
    typeof pem === "string" ? (describeCertificates(pem, (block) => new X509Certificate(block)) ?? []) : [];
  return {
    mutualAuthentication: certs.mutualAuthentication === true,
    clientCertUserCheck: certs.clientCertUserCheck === true,
    serverPrivateKeySet: certs.serverPrivateKeySet === true,
    serverCertificates: describe(certs.serverCertificateChain),
    clientCaCertificates: describe(certs.clientCaCertificates),
  };
}

/** Registers `bulwark certs upload|show`. */
export function registerCertsCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("certs").description(t("certs.description")).addHelpText("after", examples(t, "certs.examples"));

  addCommonOptions(group.command("upload").description(t("certs.uploadDescription")), t)
    .requiredOption("--cert <file>", t("certs.optCert"))
    .requiredOption("--key <file>", t("certs.optKey"))
    .option("--ca <file>", t("certs.optCa"))
    .addHelpText("after", examples(t, "certs.uploadExamples"))
    .action(async (opts: CommonOptions & { cert: string; key: string; ca?: string }) => {
      const patch: Record<string, unknown> = { serverCertificateChain: readPem(cli, opts.cert), serverPrivateKey: readPem(cli, opts.key) };
      if (opts.ca !== undefined) patch.clientCaCertificates = readPem(cli, opts.ca);
      const saved = await createSettingsApi(apiOptions(cli, opts)).update("certs", patch);
      const out = cli.output(Boolean(opts.json));
      out.result(saved, () =>
        out.success(saved.changed.length > 0 ? t("certs.saved", { fields: saved.changed.join(", ") }) : t("settings.noChanges")),
      );
    });

  addCommonOptions(group.command("show").description(t("certs.showDescription")), t)
    .addHelpText("after", examples(t, "certs.showExamples"))
    .action(async (opts: CommonOptions) => {
      const view = viewOf((await createSettingsApi(apiOptions(cli, opts)).get()).certs ?? {});
      const out = cli.output(Boolean(opts.json));
      out.result(view, () => {
        const onOff = (on: boolean) => t(on ? "certs.on" : "certs.off");
        out.fields([
          [t("certs.mutualAuthentication"), onOff(view.mutualAuthentication)],
          [t("certs.clientCertUserCheck"), onOff(view.clientCertUserCheck)],
          [t("certs.privateKey"), t(view.serverPrivateKeySet ? "certs.keySet" : "certs.keyNotSet")],
        ]);
        const section = (heading: string, certs: CertificateInfo[]) => {
          out.line("");
          out.line(heading);
          if (certs.length === 0) return out.line(t("certs.none"));
          for (const c of certs) {
            out.fields([
              [t("certs.subject"), c.subject],
              [t("certs.issuer"), c.issuer],
              [t("certs.validity"), t("certs.validityRange", { from: c.validFrom.slice(0, 10), to: c.validTo.slice(0, 10) })],
              [t("certs.fingerprint"), c.fingerprint256],
              [t("certs.daysLeft"), String(c.daysLeft)],
            ]);
            if (c.daysLeft <= WARNING_DAYS) out.note(t(c.expired ? "certs.expired" : "certs.expiring", { subject: c.subject }));
          }
        };
        section(t("certs.serverHeading"), view.serverCertificates);
        section(t("certs.caHeading"), view.clientCaCertificates);
      });
    });
}
