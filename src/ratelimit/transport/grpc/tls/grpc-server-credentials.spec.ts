import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSettings } from '../../../../settings/settings.loader';
import { createAuthority, issue, Issued, Authority } from '../../../../../test/support/tls-pki';
import { grpcServerCredentials, GrpcTlsSetupError } from './grpc-server-credentials';

describe('grpcServerCredentials', () => {
  let dir: string;
  let ca: Authority;
  let server: Issued;
  const warnings: string[] = [];
  const logger = { log: () => {}, warn: (m: string) => warnings.push(m), error: () => {} };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'grpc-creds-'));
    ca = await createAuthority(dir, 'ca');
    server = await issue(ca, 'server', { subject: '/CN=localhost', usage: 'serverAuth' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(() => warnings.splice(0));

  const credentials = (env: Record<string, string>) =>
    grpcServerCredentials(loadSettings({ GRPC_SERVER_USE_TLS: 'true', ...env }), logger);
  let tls: Record<string, string>;
  beforeAll(() => {
    tls = { GRPC_SERVER_TLS_CERT: server.certFile, GRPC_SERVER_TLS_KEY: server.keyFile };
  });

  it('is plaintext without GRPC_SERVER_USE_TLS', () => {
    expect(grpcServerCredentials(loadSettings({}), logger)._isSecure()).toBe(false);
  });

  it('serves TLS without asking clients for a certificate when no client CA is set', () => {
    const result = credentials(tls);
    expect(result._isSecure()).toBe(true);
    expect(result._getConstructorOptions()).toMatchObject({ requestCert: false });
    expect(result._getInterceptors()).toHaveLength(0);
  });

  it('requires and verifies a client certificate with GRPC_CLIENT_TLS_CACERT', () => {
    const result = credentials({ ...tls, GRPC_CLIENT_TLS_CACERT: ca.certFile });
    expect(result._getConstructorOptions()).toMatchObject({
      requestCert: true,
      rejectUnauthorized: true,
    });
    expect(result._getInterceptors()).toHaveLength(0);
  });

  it('adds the SAN check with GRPC_CLIENT_TLS_SAN', () => {
    const result = credentials({
      ...tls,
      GRPC_CLIENT_TLS_CACERT: ca.certFile,
      GRPC_CLIENT_TLS_SAN: 'rls-client.example',
    });
    expect(result._getInterceptors()).toHaveLength(1);
    expect(result._getConstructorOptions()).toMatchObject({ requestCert: true });
  });

  it('warns that GRPC_CLIENT_TLS_SAN alone checks nothing', () => {
    const result = credentials({ ...tls, GRPC_CLIENT_TLS_SAN: 'rls-client.example' });
    expect(result._getInterceptors()).toHaveLength(0);
    expect(warnings).toEqual([expect.stringContaining('GRPC_CLIENT_TLS_SAN is set without')]);
  });

  it('stops the boot naming the variable when a file is unusable', () => {
    const garbage = join(dir, 'garbage.pem');
    writeFileSync(garbage, 'not a certificate');
    expect(() => credentials({ ...tls, GRPC_SERVER_TLS_CERT: join(dir, 'missing.crt') })).toThrow(
      /GRPC_SERVER_TLS_CERT=.*missing\.crt .*ENOENT/,
    );
    expect(() => credentials({ ...tls, GRPC_SERVER_TLS_KEY: garbage })).toThrow(GrpcTlsSetupError);
    expect(() => credentials({ ...tls, GRPC_CLIENT_TLS_CACERT: garbage })).toThrow(
      /GRPC_CLIENT_TLS_CACERT=.*garbage\.pem: no PEM certificate found/,
    );
  });
});
