/**
 * Pages: /settings with its SPEC §2 tabs, each group's form with every field, its
 * default and help text, the TLS/domain tab's certificate details; /apps; both root only.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, pageAs } from "../support/factories";
import { useTestServer } from "../support/lifecycle";

describe.each(testDialects())("settings pages on %s", (dialect) => {
  const server = useTestServer({ dialect });
  let root: Row<"admins">;
  let admin: Row<"admins">;
  const page = (url: string, who: Row<"admins">) => pageAs(server, url, who);

  beforeAll(async () => {
    root = await buildAdmin(server.database.db, { role: "root", teams: [], lang: "pt" });
    admin = await buildAdmin(server.database.db, { teams: [await buildTeam(server.database.db)] });
  });

  it("shows the six tabs and the general form in the admin's language, with defaults and help texts", async () => {
    const res = await page("/settings", root);
    expect(res.status).toBe(200);
    for (const tab of ["Geral", "Mensagens", "Chamadas", "Anexos", "Segurança", "TLS/domínio"]) expect(res.text).toContain(`>${tab}</a>`);
    expect(res.text).toContain('aria-current="page"');
    expect(res.text).toContain("Registo público");
    expect(res.text).toContain("Predefinição: 7"); // userInviteExpiryDays
    expect(res.text).toContain('bulwark-island name="SettingsForm"');
  });

  it("renders each tab's groups, and the TLS/domain tab describes the uploaded CA certificate", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bulwark-cert-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        path.join(dir, "k.pem"),
        "-out",
        path.join(dir, "c.pem"),
        "-days",
        "20",
        "-subj",
        "/CN=Pages CA",
      ],
      { stdio: "ignore" },
    );
    const pem = readFileSync(path.join(dir, "c.pem"), "utf8");
    const put = await server
      .request()
      .put("/v2/settings/certs")
      .set("Authorization", await bearerFor(server.config, root))
      .send({ clientCaCertificates: pem });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const tls = await page("/settings?tab=tls", root);
    expect(tls.status).toBe(200);
    expect(tls.text).toContain("CN=Pages CA");
    expect(tls.text).toMatch(/([0-9A-F]{2}:){31}[0-9A-F]{2}/);
    expect(tls.text).toContain("Este certificado expira dentro de 30 dias.");
    expect(tls.text).toContain("Cifras TLS");
    for (const [tab, text] of [
      ["message", "Limite de mensagens"],
      ["call", "Servidor TURN/STUN"],
      ["attachment", "Limite de anexos"],
      ["security", "Modo NIAP"],
    ]) {
      expect((await page(`/settings?tab=${tab}`, root)).text).toContain(text);
    }
  });

  it("shows each page's title once: every settings tab, /apps and /purchase repeat no heading", async () => {
    const headings = (html: string) => [...html.matchAll(/<h([1-3])[^>]*>(.*?)<\/h\1>/g)].map((m) => m[2]!.replace(/<[^>]+>/g, "").trim());
    const urls = ["/settings?tab=general", "/settings?tab=message", "/settings?tab=call", "/settings?tab=attachment"];
    for (const url of [...urls, "/settings?tab=security", "/settings?tab=tls", "/apps", "/purchase"]) {
      const res = await page(url, root);
      expect(res.status, url).toBe(200);
      const found = headings(res.text);
      expect(found.length, url).toBeGreaterThan(0);
      expect(new Set(found).size, `${url}: ${found.join(" | ")}`).toBe(found.length);
    }
    // The tab's own group names the page ('Message settings' on the message tab).
    expect(headings((await page("/settings?tab=message", root)).text)).toContain("Definições de mensagens");
  });

  it("shows /apps with every platform to root, and refuses both pages to other admins", async () => {
    const apps = await page("/apps", root);
    expect(apps.status).toBe(200);
    for (const platform of ["Android", "iOS", "Windows", "ECS"]) expect(apps.text).toContain(platform);
    expect(apps.text).toContain("Versão mínima suportada");
    expect((await page("/settings", admin)).status).toBe(403);
    expect((await page("/apps", admin)).status).toBe(403);
  });
});
