import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import {
  describeCertificate,
  describeCertificates as describeWith,
  parsePemBundle,
  type CertificateInfo,
} from "../../../shared/domain/certificates";
import { V, type ValidationMessageKey } from "../../../shared/schemas/messages";

export type { CertificateInfo } from "../../../shared/domain/certificates";

/** Each block of a PEM bundle parsed by node's X509Certificate; null when any is not a certificate. */
function parseCertificateBundle(pem: string): X509Certificate[] | null {
  return parsePemBundle(pem, (block) => new X509Certificate(block));
}

/** A stored or uploaded bundle described for the TLS/domain tab. */
export function describeCertificates(pem: string, now: number = Date.now()): CertificateInfo[] | null {
  return describeWith(pem, (block) => new X509Certificate(block), now);
}

/** Why an upload is refused: the field and the validation message naming the reason. */
export interface CertificateProblem {
  field: "clientCaCertificates" | "serverCertificateChain" | "serverPrivateKey";
  message: ValidationMessageKey;
}

/** A CA bundle: every block a certificate, none expired or not yet valid. */
export function checkCaBundle(pem: string, now: number): CertificateProblem | null {
  const certs = parseCertificateBundle(pem);
  if (certs === null) return { field: "clientCaCertificates", message: V.certificate };
  if (certs.some((c) => describeCertificate(c, now).expired)) return { field: "clientCaCertificates", message: V.certificateExpired };
  return null;
}

/**
 * A server certificate chain (leaf first) with its private key: every block a certificate in
 * its validity period, each certificate issued and signed by the next one, and the key an
 * unencrypted private key whose public half is the leaf's (`X509Certificate.checkPrivateKey`).
 */
export function checkServerCertificate(chainPem: string, keyPem: string | null, now: number): CertificateProblem | null {
  const chain = parseCertificateBundle(chainPem);
  const field = "serverCertificateChain";
  if (chain === null) return { field, message: V.certificate };
  if (chain.some((c) => describeCertificate(c, now).expired)) return { field, message: V.certificateExpired };
  for (let i = 0; i + 1 < chain.length; i++) {
    const [cert, issuer] = [chain[i]!, chain[i + 1]!];
    if (!cert.checkIssued(issuer) || !cert.verify(issuer.publicKey)) return { field, message: V.certificateChain };
  }
  if (keyPem === null) return { field: "serverPrivateKey", message: V.required };
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: keyPem, format: "pem" });
  } catch {
    return { field: "serverPrivateKey", message: V.privateKey };
  }
  return chain[0]!.checkPrivateKey(key) ? null : { field: "serverPrivateKey", message: V.privateKeyMismatch };
}
