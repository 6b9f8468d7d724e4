import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PeerCertificate } from 'node:tls';
import { createAuthority, issue } from '../../../../../test/support/tls-pki';
import { certificateHasSan, ClientSanCheck, normalizeSan } from './client-san';

/** The parts of a peer certificate the check reads, as Node reports them. */
function peer(pem: Buffer): PeerCertificate {
  const certificate = new X509Certificate(pem);
  return { raw: certificate.raw, fingerprint256: certificate.fingerprint256 } as PeerCertificate;
}

describe('client certificate SAN check', () => {
  let dir: string;
  let named: Buffer;
  let commonNameOnly: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'san-'));
    const ca = await createAuthority(dir, 'ca');
    named = (
      await issue(ca, 'named', {
        subject: '/CN=named',
        usage: 'clientAuth',
        altNames: [
          'DNS:Rls-Client.example',
          'DNS:*.wild.example',
          'DNS:api*.partial.example',
          'IP:10.0.0.1',
          'IP:::1',
        ],
      })
    ).cert;
    commonNameOnly = (
      await issue(ca, 'cn', { subject: '/CN=rls-client.example', usage: 'clientAuth' })
    ).cert;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('normalizes the configured name as Go compares it', () => {
    expect(normalizeSan(' RLS-Client.Example. ')).toBe('rls-client.example');
    expect(normalizeSan('[::1]')).toBe('::1');
  });

  it.each([
    ['rls-client.example', true],
    ['RLS-CLIENT.EXAMPLE', true],
    ['rls-client.example.', true],
    ['other.example', false],
    ['client.example', false],
    ['a.wild.example', true],
    ['a.b.wild.example', false],
    ['wild.example', false],
    ['api1.partial.example', false],
    ['10.0.0.1', true],
    ['10.0.0.2', false],
    ['::1', true],
    ['[::1]', true],
    ['named', false],
  ])('%s carried: %s', (san, expected) => {
    expect(certificateHasSan(new X509Certificate(named).raw, san)).toBe(expected);
  });

  it('never accepts the subject common name in place of a SAN', () => {
    expect(certificateHasSan(new X509Certificate(commonNameOnly).raw, 'rls-client.example')).toBe(
      false,
    );
  });

  it('refuses a call without a verified certificate', () => {
    const check = new ClientSanCheck('rls-client.example');
    expect(check.allows(undefined)).toBe(false);
    expect(check.allows({} as PeerCertificate)).toBe(false);
  });

  it('remembers the verdict per certificate and reports each refused certificate once', () => {
    const refused: string[] = [];
    const check = new ClientSanCheck('rls-client.example', (certificate) =>
      refused.push(certificate.fingerprint256),
    );
    for (let i = 0; i < 3; i++) {
      expect(check.allows(peer(named))).toBe(true);
      expect(check.allows(peer(commonNameOnly))).toBe(false);
    }
    expect(refused).toEqual([new X509Certificate(commonNameOnly).fingerprint256]);
  });
});
