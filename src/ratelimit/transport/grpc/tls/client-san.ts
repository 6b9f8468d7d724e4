import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { PeerCertificate } from 'node:tls';

/**
 * GRPC_CLIENT_TLS_SAN as upstream compares it (Go's `VerifyOptions.DNSName`): case-insensitive,
 * a trailing dot ignored, brackets around an IPv6 address ignored.
 */
export function normalizeSan(value: string): string {
  const trimmed = value.trim().toLowerCase();
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) return trimmed.slice(1, -1);
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/**
 * Whether the certificate (DER) carries `san` as a subject alternative name, with OpenSSL's
 * host check (`X509_check_host`) rather than parsing Node's `subjectaltname` text. An IP address
 * must be an IP SAN; a name must match a DNS SAN exactly or through a wildcard in its whole first
 * label (`*.example.com`, not `a*.example.com`, never across labels), like Go. The subject's
 * common name never counts (`subject: 'never'`), as in Go since 1.15.
 */
export function certificateHasSan(der: Buffer, san: string): boolean {
  const certificate = new X509Certificate(der);
  const wanted = normalizeSan(san);
  if (isIP(wanted) !== 0) return certificate.checkIP(wanted) !== undefined;
  return (
    certificate.checkHost(wanted, {
      subject: 'never',
      wildcards: true,
      partialWildcards: false,
      multiLabelWildcards: false,
      singleLabelSubdomains: false,
    }) !== undefined
  );
}

/** Verdicts remembered; past this the memory is dropped (clients rarely have many certificates). */
const MAX_REMEMBERED = 1024;

/**
 * The per-call GRPC_CLIENT_TLS_SAN check. Parsing a certificate costs ~100 µs, more than a whole
 * decision, so the verdict is remembered per certificate fingerprint (SHA-256 of the DER, which
 * Node computes anyway when it hands out the peer certificate).
 */
export class ClientSanCheck {
  private readonly verdicts = new Map<string, boolean>();

  constructor(
    readonly san: string,
    /** Called once for each certificate refused, for the log. */
    private readonly onRefused: (certificate: PeerCertificate) => void = () => {},
  ) {}

  allows(certificate: PeerCertificate | undefined): boolean {
    // No raw certificate: a connection that presented none, or one that failed verification
    // (grpc-js only reports the certificate of an authorized TLS socket).
    if (!certificate?.raw) return false;
    const known = this.verdicts.get(certificate.fingerprint256);
    if (known !== undefined) return known;
    const verdict = certificateHasSan(certificate.raw, this.san);
    if (this.verdicts.size >= MAX_REMEMBERED) this.verdicts.clear();
    this.verdicts.set(certificate.fingerprint256, verdict);
    if (!verdict) this.onRefused(certificate);
    return verdict;
  }
}
