/**
 * What the shared schema cannot check (it has no OpenSSL): that every name in a cipher list is
 * one OpenSSL knows, so "FOO-BAR" is refused instead of being stored and silently ignored by the
 * communications service's TLS stack (issue 31).
 */
import { createSecureContext, getCiphers } from "node:tls";

/**
 * OpenSSL's cipher-string keywords (openssl-ciphers(1)). Listed because some, such as `RC4`, `LOW`
 * or `3DES`, match nothing in a current OpenSSL and would fail the probe below, yet `!RC4` is a
 * sound exclusion to keep in a list.
 */
const OPENSSL_KEYWORDS: ReadonlySet<string> = new Set(
  (
    "DEFAULT COMPLEMENTOFDEFAULT ALL COMPLEMENTOFALL HIGH MEDIUM LOW EXPORT EXP eNULL NULL aNULL kRSA aRSA RSA " +
    "kDHr kDHd kDH kDHE kEDH DH DHE EDH ADH kEECDH kECDHE ECDH ECDHE EECDH AECDH aDSS DSS aDH aECDSA ECDSA " +
    "TLSv1.2 TLSv1.0 TLSv1 SSLv3 AES128 AES256 AES AESGCM AESCCM AESCCM8 ARIA128 ARIA256 ARIA CAMELLIA128 " +
    "CAMELLIA256 CAMELLIA CHACHA20 3DES DES RC4 RC2 IDEA SEED MD5 SHA1 SHA SHA256 SHA384 aGOST aGOST01 kGOST " +
    "GOST94 GOST89MAC kGOST18 PSK kPSK kECDHEPSK kDHEPSK kRSAPSK aPSK SUITEB128 SUITEB128ONLY SUITEB192"
  ).split(" "),
);

const known = new Map<string, boolean>();

/** True when OpenSSL recognises `name` as a cipher, a TLS 1.3 suite or a keyword. */
function isKnownCipherName(name: string): boolean {
  const cached = known.get(name);
  if (cached !== undefined) return cached;
  let ok = OPENSSL_KEYWORDS.has(name) || getCiphers().includes(name.toLowerCase());
  if (!ok) {
    try {
      createSecureContext({ ciphers: name });
      ok = true;
    } catch {
      ok = false;
    }
  }
  known.set(name, ok);
  return ok;
}

/** The names in an OpenSSL cipher list that OpenSSL does not know (empty when all are known). */
export function unknownCipherNames(list: string): string[] {
  const unknown: string[] = [];
  for (const token of list.split(/[:, ]+/).filter(Boolean)) {
    if (token.startsWith("@")) continue;
    for (const name of token.replace(/^[!+-]/, "").split("+")) {
      if (name && !isKnownCipherName(name)) unknown.push(name);
    }
  }
  return unknown;
}
