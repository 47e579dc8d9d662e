/**
 * X.509 certificates described for people: the TLS/domain tab and `bulwark certs show`. Parsing
 * needs node:crypto, so the caller passes its parser in and this file stays isomorphic.
 */

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

/** The fields of a parsed certificate that a description reads (node's X509Certificate has them). */
export interface CertificateFields {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
}

const DAY_MS = 86_400_000;
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Each PEM block of a bundle through `parse`; null when there is none or any block is not a
 * certificate with readable validity dates.
 */
export function parsePemBundle<C extends CertificateFields>(pem: string, parse: (block: string) => C): C[] | null {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) return null;
  const out: C[] = [];
  for (const block of blocks) {
    try {
      const cert = parse(block);
      if (!Number.isFinite(Date.parse(cert.validTo)) || !Number.isFinite(Date.parse(cert.validFrom))) return null;
      out.push(cert);
    } catch {
      return null;
    }
  }
  return out;
}

/** One certificate as people read it; `expired` also covers one not valid yet. */
export function describeCertificate(cert: CertificateFields, now: number): CertificateInfo {
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
 * Every certificate of a PEM bundle described, or null when any block is not a certificate: an
 * upload with a null or an expired one is 'certificate 400 invalid', while the page still
 * describes a stored one that has expired since.
 */
export function describeCertificates(
  pem: string,
  parse: (block: string) => CertificateFields,
  now: number = Date.now(),
): CertificateInfo[] | null {
  return parsePemBundle(pem, parse)?.map((cert) => describeCertificate(cert, now)) ?? null;
}
