import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

/** A server certificate chain and its private key, as served on the gRPC listener. */
export interface KeyPair {
  readonly certificate: Buffer;
  readonly privateKey: Buffer;
}

/** What the logs say about a certificate: enough to tell two of them apart. */
export interface CertificateSummary {
  readonly subject: string;
  readonly serial: string;
  readonly notAfter: Date;
}

export function readKeyPair(certFile: string, keyFile: string): KeyPair {
  return { certificate: readFileSync(certFile), privateKey: readFileSync(keyFile) };
}

/**
 * Throws unless the pair would be accepted by the TLS server: the chain and the key parse and the
 * key belongs to the first certificate. grpc-js hands a new pair to `setSecureContext`, and when
 * that throws it drops every new connection until a good pair arrives; checking with the same
 * OpenSSL call first is what lets a bad file leave the old certificate in service.
 */
export function validateKeyPair(pair: KeyPair): CertificateSummary {
  createSecureContext({ cert: pair.certificate, key: pair.privateKey });
  const leaf = new X509Certificate(pair.certificate);
  return {
    subject: leaf.subject.replace(/\n/g, ', '),
    serial: leaf.serialNumber,
    notAfter: new Date(leaf.validTo),
  };
}

export function sameKeyPair(a: KeyPair, b: KeyPair): boolean {
  return a.certificate.equals(b.certificate) && a.privateKey.equals(b.privateKey);
}

export function describeCertificate(summary: CertificateSummary): string {
  return `subject "${summary.subject}", serial ${summary.serial}, valid until ${summary.notAfter.toISOString()}`;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;

/**
 * Throws unless the file holds at least one PEM certificate, each of which parses; returns how
 * many. Needed because `createSecureContext({ ca })` silently accepts a file with none, which
 * would make every client certificate fail verification with no hint why.
 */
export function validateCaBundle(bundle: Buffer): number {
  const blocks = bundle.toString('latin1').match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) throw new Error('no PEM certificate found');
  for (const block of blocks) new X509Certificate(block);
  return blocks.length;
}
