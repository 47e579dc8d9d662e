/**
 * TLS fixtures for the CLI's certificate tests, made by the real openssl: a test CA, a server
 * certificate it signs for 127.0.0.1/localhost, an expired one, and one for another name; and a
 * tiny HTTPS server presenting any of them that answers every request with a scripted reply.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** PEM texts and the CA file's path. */
export interface TlsFixtures {
  /** Path of the test CA's certificate (for --ca-file / BULWARK_CA_FILE). */
  caFile: string;
  key: string;
  /** Signed by the CA for IP 127.0.0.1 and DNS localhost. */
  good: string;
  /** Signed by the CA, valid in the past only. */
  expired: string;
  /** Signed by the CA for api.bulwark.test only. */
  otherName: string;
}

/** Generates the fixtures in a fresh temporary directory (a few openssl runs). */
export function makeTlsFixtures(): TlsFixtures {
  const dir = mkdtempSync(path.join(tmpdir(), "bulwark-tls-"));
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
  run("req", "-x509", ...ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "30", "-subj", "/CN=Bulwark CLI Test CA");
  run("req", ...ec, "-keyout", "key.pem", "-out", "leaf.csr", "-subj", "/CN=leaf");
  const sign = (name: string, san: string, dates: string[]) => {
    writeFileSync(path.join(dir, `${name}.ext`), `basicConstraints=CA:FALSE\nsubjectAltName=${san}\n`);
    run("x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-out", `${name}.pem`, "-extfile", `${name}.ext`, ...dates);
    return readFileSync(path.join(dir, `${name}.pem`), "utf8");
  };
  const good = sign("good", "IP:127.0.0.1,DNS:localhost", ["-days", "30"]);
  const otherName = sign("other", "DNS:api.bulwark.test", ["-days", "30"]);
  // `openssl ca` is the tool that takes explicit dates: an expired certificate the CA signed.
  writeFileSync(
    path.join(dir, "ca.cnf"),
    "[ca]\ndefault_ca=d\n[d]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\ndefault_md=sha256\npolicy=p\n[p]\ncommonName=supplied\n",
  );
  writeFileSync(path.join(dir, "index.txt"), "");
  writeFileSync(path.join(dir, "serial"), "1000\n");
  writeFileSync(path.join(dir, "old.ext"), "basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n");
  run(
    "ca",
    "-batch",
    "-config",
    "ca.cnf",
    "-cert",
    "ca.pem",
    "-keyfile",
    "ca.key",
    "-in",
    "leaf.csr",
    "-out",
    "expired.pem",
    "-notext",
    "-extfile",
    "old.ext",
    "-startdate",
    "20000101000000Z",
    "-enddate",
    "20000201000000Z",
  );
  const expired = readFileSync(path.join(dir, "expired.pem"), "utf8");
  return { caFile: path.join(dir, "ca.pem"), key: readFileSync(path.join(dir, "key.pem"), "utf8"), good, expired, otherName };
}

/** A scripted HTTPS (or plain) test server: its URL, the requests it saw, close(). */
export interface ScriptedServer {
  url: string;
  readonly requests: IncomingMessage[];
  close(): Promise<void>;
}

/** What the server does with the n-th request (1-based). */
export type Script = (req: IncomingMessage, res: ServerResponse, n: number) => void;

async function listen(server: Server, scheme: string, requests: IncomingMessage[]): Promise<ScriptedServer> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts an HTTPS server presenting `cert` on 127.0.0.1. */
export async function startTlsServer(fixtures: TlsFixtures, cert: string, script: Script): Promise<ScriptedServer> {
  const requests: IncomingMessage[] = [];
  const server = createHttpsServer({ key: fixtures.key, cert }, (req, res) => {
    requests.push(req);
    script(req, res, requests.length);
  });
  return listen(server, "https", requests);
}

/** Starts a plain HTTP scripted server on 127.0.0.1. */
export async function startHttpServer(script: Script): Promise<ScriptedServer> {
  const requests: IncomingMessage[] = [];
  const server = createHttpServer((req, res) => {
    requests.push(req);
    script(req, res, requests.length);
  });
  return listen(server, "http", requests);
}

/** Answers with a DESIGN §3 error envelope. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify({ error: { code, status, message: code, ...extra } }));
}
