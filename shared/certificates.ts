/**
 * X.509 certificates described for people (issue 17 item 4): the TLS/domain tab and `bulwark
 * certs show`. Node only (node:crypto's X509Certificate): the server and the CLI import it, the
 * browser bundle never does (the page receives the descriptions already made).
 */
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

/** Each PEM block of a bundle parsed with node's X509Certificate; null when any block is not one (the server's checks start here). */
export function parseCertificateBundle(pem: string): X509Certificate[] | null {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) return null;
  const out: X509Certificate[] = [];
  for (const block of blocks) {
    try {
      const cert = new X509Certificate(block);
      if (!Number.isFinite(Date.parse(cert.validTo)) || !Number.isFinite(Date.parse(cert.validFrom))) return null;
      out.push(cert);
    } catch {
      return null;
    }
  }
  return out;
}

/** One certificate as people read it; `expired` also covers one not valid yet. */
export function describeCertificate(cert: X509Certificate, now: number): CertificateInfo {
  const validTo = Date.parse(cert.validTo);
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(validTo).toISOString(),
    fingerprint256: cert.fingerprint256,
    daysLeft: Math.floor((validTo - now) / DAY_MS),
    expired: validTo <= now || Date.parse(cert.validFrom) > now,
  };
}

/**
 * Parses each certificate of a PEM bundle with node's X509Certificate (the schema only checked
 * the PEM shape). Null when any block is not a certificate; an upload with a null or an expired
 * one is 'certificate 400 invalid', while the page still describes a stored one that has expired since.
 */
export function describeCertificates(pem: string, now: number = Date.now()): CertificateInfo[] | null {
  return parseCertificateBundle(pem)?.map((cert) => describeCertificate(cert, now)) ?? null;
}
