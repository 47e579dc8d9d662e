/**
 * X.509 fixtures made by the real openssl (node has no certificate generator): a root CA, an
 * intermediate it signs, a server leaf the intermediate signs, their keys, and an expired
 * certificate. Used by the settings API, CLI and browser tests of the certificate upload.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A set of PEM texts for the certificate tests. */
export interface CertFixtures {
  /** Leaf, intermediate, root: a chain as a server presents it. */
  chain: string;
  leaf: string;
  intermediate: string;
  root: string;
  /** The leaf's private key (PKCS#8). */
  leafKey: string;
  /** Another key, which does not match the leaf. */
  otherKey: string;
  /** A self-signed certificate valid in 2000 only. */
  expired: string;
  /** The directory holding the files (chain.pem, key.pem, other-key.pem, root.pem, expired.pem). */
  dir: string;
}

const EC = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];

/** Generates the fixtures in a fresh temporary directory (~100 ms of openssl). */
export function makeCertFixtures(days = 365): CertFixtures {
  const dir = mkdtempSync(path.join(tmpdir(), "bulwark-certs-"));
  const f = (name: string) => path.join(dir, name);
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
  const ext = (name: string, text: string) => writeFileSync(f(name), text);
  ext("ca.ext", "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n");
  ext("leaf.ext", "basicConstraints=CA:FALSE\nsubjectAltName=DNS:api.bulwark.test\n");
  run(
    "req",
    "-x509",
    ...EC,
    "-keyout",
    "root.key",
    "-out",
    "root.pem",
    "-days",
    String(days),
    "-subj",
    "/CN=Bulwark Test Root",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  );
  run("req", "-new", ...EC, "-keyout", "int.key", "-out", "int.csr", "-subj", "/CN=Bulwark Test Intermediate");
  run(
    "x509",
    "-req",
    "-in",
    "int.csr",
    "-CA",
    "root.pem",
    "-CAkey",
    "root.key",
    "-CAcreateserial",
    "-out",
    "int.pem",
    "-days",
    String(days),
    "-extfile",
    "ca.ext",
  );
  run("req", "-new", ...EC, "-keyout", "key.pem", "-out", "leaf.csr", "-subj", "/CN=api.bulwark.test");
  run(
    "x509",
    "-req",
    "-in",
    "leaf.csr",
    "-CA",
    "int.pem",
    "-CAkey",
    "int.key",
    "-CAcreateserial",
    "-out",
    "leaf.pem",
    "-days",
    String(days),
    "-extfile",
    "leaf.ext",
  );
  run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "other-key.pem");
  ext(
    "ca.cnf",
    "[ca]\ndefault_ca=d\n[d]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\ndefault_md=sha256\npolicy=p\n[p]\ncommonName=supplied\n",
  );
  ext("index.txt", "");
  ext("serial", "01\n");
  run("req", "-new", ...EC, "-keyout", "old.key", "-out", "old.csr", "-subj", "/CN=Bulwark Expired");
  run(
    "ca",
    "-batch",
    "-config",
    "ca.cnf",
    "-selfsign",
    "-keyfile",
    "old.key",
    "-in",
    "old.csr",
    "-out",
    "expired.pem",
    "-startdate",
    "20000101000000Z",
    "-enddate",
    "20010101000000Z",
    "-notext",
  );
  const read = (name: string) => readFileSync(f(name), "utf8");
  const [leaf, intermediate, root] = [read("leaf.pem"), read("int.pem"), read("root.pem")];
  writeFileSync(f("chain.pem"), leaf + intermediate + root);
  return {
    chain: leaf + intermediate + root,
    leaf,
    intermediate,
    root,
    leafKey: read("key.pem"),
    otherKey: read("other-key.pem"),
    expired: read("expired.pem"),
    dir,
  };
}
