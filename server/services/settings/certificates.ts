import { X509Certificate } from "node:crypto";

/** What the TLS/domain tab shows of one certificate. */
export interface CertificateInfo {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
  daysLeft: number;
  expired: boolean;
}

const DAY_MS = 86_400_000;
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Parses each certificate of a PEM bundle with node's X509Certificate (the schema only checked
 * the PEM shape). Null when any block is not a certificate; an upload with a null or an expired
 * one is 'certificate 400 invalid', while the page still describes a stored one that has expired since.
 */
export function describeCertificates(pem: string, now: number = Date.now()): CertificateInfo[] | null {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) return null;
  const out: CertificateInfo[] = [];
  for (const block of blocks) {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(block);
    } catch {
      return null;
    }
    const validTo = Date.parse(cert.validTo);
    if (!Number.isFinite(validTo)) return null;
    out.push({
      subject: cert.subject,
      issuer: cert.issuer,
      validFrom: new Date(cert.validFrom).toISOString(),
      validTo: new Date(validTo).toISOString(),
      fingerprint256: cert.fingerprint256,
      daysLeft: Math.floor((validTo - now) / DAY_MS),
      expired: validTo <= now,
    });
  }
  return out;
}
