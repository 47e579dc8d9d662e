/**
 * The vendor's side of activation: `npm run license:mint -- --key vendor.pem --count
 * 100 --term 12m [--team acme] [--type trial] [--expires 2027-12-31] [--installation id]
 * [--id token-id]` signs a token with the vendor's Ed25519 private key and prints it alone on
 * stdout (so `TOKEN=$(npm run -s license:mint -- …)` works); problems go to stderr with exit 2.
 * `--generate-key vendor.pem` writes a new key pair (the private key 0600, the public key beside
 * it as vendor.pub.pem, for LICENSE_PUBLIC_KEY_FILE).
 */
import { createPrivateKey, generateKeyPairSync, randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { encodeToken, TokenPayloadSchema } from "../../server/services/licenses";

/** `12m` / `12` months or `1y` years as months; null when unreadable. */
export function parseTerm(text: string): number | null {
  const match = /^(\d+)\s*([my]?)$/i.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return match[2]?.toLowerCase() === "y" ? n * 12 : n;
}

/** Runs the mint command with `argv` (without node and the script); returns the exit code. */
export function runMint(argv: string[], out: (line: string) => void, err: (line: string) => void, now = Date.now()): number {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        key: { type: "string" },
        count: { type: "string" },
        term: { type: "string" },
        expires: { type: "string" },
        team: { type: "string" },
        type: { type: "string", default: "subscription" },
        installation: { type: "string" },
        id: { type: "string" },
        "generate-key": { type: "string" },
      },
    }));
  } catch (error) {
    err((error as Error).message);
    return 2;
  }
  if (values["generate-key"]) {
    const file = values["generate-key"];
    const pair = generateKeyPairSync("ed25519");
    writeFileSync(file, pair.privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    writeFileSync(file.replace(/(\.pem)?$/, ".pub.pem"), pair.publicKey.export({ type: "spki", format: "pem" }));
    err(`wrote ${file} (private, keep it secret) and ${file.replace(/(\.pem)?$/, ".pub.pem")} (LICENSE_PUBLIC_KEY_FILE)`);
    return 0;
  }
  if (!values.key || !values.count || (!values.term && !values.expires)) {
    err(
      "usage: license:mint --key vendor.pem --count N (--term 12m | --expires YYYY-MM-DD) [--team slug] [--type subscription|trial] [--installation id] [--id token-id]",
    );
    return 2;
  }
  const term = values.term === undefined ? undefined : parseTerm(values.term);
  if (term === null) {
    err(`--term: not a term such as 12m or 1y: ${values.term}`);
    return 2;
  }
  const payload = {
    v: 1 as const,
    id: values.id ?? randomUUID(),
    team: values.team ?? null,
    type: values.type,
    count: Number(values.count),
    ...(values.expires ? { exp: new Date(values.expires).toISOString() } : {}),
    ...(term !== undefined ? { term } : {}),
    ...(values.installation ? { inst: values.installation } : {}),
    iat: new Date(now).toISOString(),
  };
  const parsed = TokenPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    err(`invalid token content: ${parsed.error.issues.map((i) => `${i.path.join(".") || "token"} ${i.message}`).join("; ")}`);
    return 2;
  }
  let key;
  try {
    key = createPrivateKey(readFileSync(values.key, "utf8"));
  } catch (error) {
    err(`--key: cannot read an Ed25519 private key from ${values.key}: ${(error as Error).message}`);
    return 2;
  }
  if (key.asymmetricKeyType !== "ed25519") {
    err(`--key: ${values.key} is not an Ed25519 key`);
    return 2;
  }
  out(encodeToken(parsed.data, key));
  return 0;
}
