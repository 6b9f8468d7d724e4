import * as grpc from '@grpc/grpc-js';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, holdsFor } from '../support/eventually';
import { rateLimitClient, unary } from '../support/grpc-clients';
import {
  ClientTls,
  servedSerial,
  tlsHealthClient,
  tlsRateLimitClient,
} from '../support/grpc-tls-clients';
import { ruleDirectory } from '../support/rule-dir';
import { runServiceToExit, ServiceProcess, startService } from '../support/service-process';
import { Authority, createAuthority, issue, Issued, renameInto } from '../support/tls-pki';
import { E2E_RULES } from './rules';

const SAN = 'rls-client.example';
const REQUEST = { domain: 'e2e', descriptors: [{ entries: [{ key: 'user', value: 'tls' }] }] };

interface Decision {
  overallCode: string;
}

/** One decision with a fresh client (so a fresh connection); rejects with the gRPC error. */
async function decide(address: string, tls: ClientTls): Promise<Decision> {
  const client = tlsRateLimitClient(address, tls);
  try {
    return await unary<Decision>(client, 'ShouldRateLimit', REQUEST);
  } finally {
    client.close();
  }
}

async function refusal(address: string, tls: ClientTls): Promise<grpc.ServiceError> {
  try {
    await decide(address, tls);
  } catch (error) {
    return error as grpc.ServiceError;
  }
  throw new Error('the call was accepted');
}

describe('gRPC over TLS', () => {
  let dir: string;
  let ca: Authority;
  let otherCa: Authority;
  const server: Issued[] = [];
  let client: { good: ClientTls; wrongSan: ClientTls; foreign: ClientTls; none: ClientTls };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'grpc-tls-'));
    ca = await createAuthority(dir, 'ca');
    otherCa = await createAuthority(dir, 'other-ca');
    for (const name of ['server-1', 'server-2', 'server-3']) {
      server.push(
        await issue(ca, name, {
          subject: `/CN=localhost/O=${name}`,
          usage: 'serverAuth',
          altNames: ['DNS:localhost', 'IP:127.0.0.1'],
        }),
      );
    }
    const caCert = readFileSync(ca.certFile);
    const clientTls = async (authority: Authority, name: string, san: string) => {
      const issued = await issue(authority, name, {
        subject: `/CN=${name}`,
        usage: 'clientAuth',
        altNames: [`DNS:${san}`],
      });
      return { ca: caCert, cert: issued.cert, key: issued.key };
    };
    client = {
      good: await clientTls(ca, 'client-good', SAN),
      wrongSan: await clientTls(ca, 'client-wrong-san', 'other.example'),
      foreign: await clientTls(otherCa, 'client-foreign', SAN),
      none: { ca: caCert },
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe('mutual TLS with a client SAN, certificate hot reload', () => {
    let service: ServiceProcess;
    let certFile: string;
    let keyFile: string;
    const served = () => servedSerial(service.grpcAddress, client.good);
    /** The serial served to new connections, once it is `serial`; undefined while it is not. */
    const serving = async (serial: string) => {
      try {
        return (await served()) === serial ? true : undefined;
      } catch {
        return undefined; // a handshake during the swap may fail; the next one will tell
      }
    };

    beforeAll(async () => {
      const tlsDir = join(dir, 'served');
      mkdirSync(tlsDir);
      certFile = join(tlsDir, 'server.crt');
      keyFile = join(tlsDir, 'server.key');
      copyFileSync(server[0].certFile, certFile);
      copyFileSync(server[0].keyFile, keyFile);
      service = await startService({
        ...ruleDirectory({ 'e2e.yaml': E2E_RULES }),
        GRPC_SERVER_USE_TLS: 'true',
        GRPC_SERVER_TLS_CERT: certFile,
        GRPC_SERVER_TLS_KEY: keyFile,
        GRPC_CLIENT_TLS_CACERT: ca.certFile,
        GRPC_CLIENT_TLS_SAN: SAN,
      });
    });
    afterAll(async () => {
      await service?.stop();
    });

    it('accepts a client whose certificate is from the CA and carries the SAN', async () => {
      expect(await decide(service.grpcAddress, client.good)).toMatchObject({ overallCode: 'OK' });
      const health = tlsHealthClient(service.grpcAddress, client.good);
      try {
        expect(await unary(health, 'Check', { service: 'ratelimit' })).toEqual({
          status: 'SERVING',
        });
      } finally {
        health.close();
      }
      expect(await served()).toBe(server[0].serial);
    });

    it('refuses a client without a certificate in the handshake', async () => {
      expect((await refusal(service.grpcAddress, client.none)).code).toBe(grpc.status.UNAVAILABLE);
    });

    it('refuses a client certificate from another CA in the handshake', async () => {
      const error = await refusal(service.grpcAddress, client.foreign);
      expect(error.code).toBe(grpc.status.UNAVAILABLE);
    });

    it('refuses every call from a certificate without the SAN, and says why', async () => {
      const refused = tlsRateLimitClient(service.grpcAddress, client.wrongSan);
      try {
        for (let call = 0; call < 2; call++) {
          await expect(unary(refused, 'ShouldRateLimit', REQUEST)).rejects.toMatchObject({
            code: grpc.status.UNAUTHENTICATED,
            details: `client certificate does not carry the subject alternative name ${SAN}`,
          });
        }
      } finally {
        refused.close();
      }
      expect(service.output()).toContain('refusing gRPC calls from client certificate');
      // The good client is unaffected.
      expect(await decide(service.grpcAddress, client.good)).toMatchObject({ overallCode: 'OK' });
    });

    it('serves a new pair renamed over the old one without a restart', async () => {
      renameInto(keyFile, server[1].key);
      renameInto(certFile, server[1].cert);
      await eventually('the new certificate', () => serving(server[1].serial), 10_000, 50);
      expect(await decide(service.grpcAddress, client.good)).toMatchObject({ overallCode: 'OK' });
      expect(service.output()).toContain(
        `reloaded gRPC server certificate: subject "CN=localhost, O=server-2", serial ${server[1].serial}`,
      );
    });

    it('keeps serving the old pair when the new files are broken, until a good pair arrives', async () => {
      renameInto(certFile, 'not a certificate');
      await eventually('the refusal in the log', () =>
        service.output().includes('no start line') ? true : undefined,
      );
      // The new key with the old certificate does not match either.
      renameInto(keyFile, server[2].key);
      renameInto(certFile, server[1].cert);
      await eventually('the mismatch in the log', () =>
        service.output().includes('key values mismatch') ? true : undefined,
      );
      expect(await holdsFor(500, async () => (await served()) === server[1].serial)).toBe(true);
      expect(await decide(service.grpcAddress, client.good)).toMatchObject({ overallCode: 'OK' });
      expect(service.output()).toContain(
        'gRPC server certificate not reloaded, the previous one stays in service',
      );

      renameInto(certFile, server[2].cert);
      await eventually('the third certificate', () => serving(server[2].serial), 10_000, 50);
    });
  });

  describe('one-way TLS', () => {
    let service: ServiceProcess;

    beforeAll(async () => {
      service = await startService({
        ...ruleDirectory({ 'e2e.yaml': E2E_RULES }),
        GRPC_SERVER_USE_TLS: 'true',
        GRPC_SERVER_TLS_CERT: server[0].certFile,
        GRPC_SERVER_TLS_KEY: server[0].keyFile,
      });
    });
    afterAll(async () => {
      await service?.stop();
    });

    it('accepts clients without a certificate', async () => {
      expect(await decide(service.grpcAddress, client.none)).toMatchObject({ overallCode: 'OK' });
    });

    it('refuses plaintext', async () => {
      const plain = rateLimitClient(service.grpcAddress);
      try {
        await expect(unary(plain, 'ShouldRateLimit', REQUEST)).rejects.toMatchObject({
          code: grpc.status.UNAVAILABLE,
        });
      } finally {
        plain.close();
      }
    });
  });

  it('does not start with an unusable certificate', async () => {
    const result = await runServiceToExit({
      GRPC_SERVER_USE_TLS: 'true',
      GRPC_SERVER_TLS_CERT: join(dir, 'missing.crt'),
      GRPC_SERVER_TLS_KEY: server[0].keyFile,
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/GRPC_SERVER_TLS_CERT=.*missing\.crt .*ENOENT/);
  });
});
