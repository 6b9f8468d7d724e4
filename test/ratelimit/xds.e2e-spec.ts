import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { freePort } from '../support/free-port';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';
import {
  AdsManagementServer,
  RATE_LIMIT_CONFIG_TYPE_URL,
  rateLimitConfig,
  ReceivedRequest,
} from '../support/xds-server';

/** Short intervals so reconnects happen within a test; the defaults are 10 s and 3 s. */
const xdsEnv = (port: number): Record<string, string> => ({
  CONFIG_TYPE: 'GRPC_XDS_SOTW',
  CONFIG_GRPC_XDS_SERVER_URL: `127.0.0.1:${port}`,
  CONFIG_GRPC_XDS_NODE_ID: 'e2e-node',
  CONFIG_GRPC_XDS_NODE_METADATA: 'zone=z1,team=ratelimit,broken',
  CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS: 'x-tenant:acme',
  CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL: '300ms',
  XDS_CLIENT_BACKOFF_INITIAL_INTERVAL: '200ms',
  XDS_CLIENT_BACKOFF_MAX_INTERVAL: '1s',
});

/** One domain `xds` with one limit on `user`; `limit` tells the versions apart in /rlconfig. */
const userLimit = (name: string, limit: number, unit = 'MINUTE') =>
  rateLimitConfig({
    name,
    domain: 'xds',
    descriptors: [{ key: 'user', rateLimit: { unit, requestsPerUnit: limit } }],
  });
const rlconfigLine = (limit: number, unit = 'MINUTE') =>
  `xds.user: unit=${unit} requests_per_unit=${limit}, shadow_mode: false, quota_mode: false`;

/** Polls `read` until `accept` holds; fails with the last value after `timeoutMs`. */
async function eventually<T>(
  read: () => T | Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!accept(last)) {
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${String(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await read();
  }
  return last;
}

const rlconfig = async (service: ServiceProcess) =>
  (await fetch(`${service.debugUrl}/rlconfig`)).text();
const stats = async (service: ServiceProcess) => (await fetch(`${service.debugUrl}/stats`)).text();
const decide = (service: ServiceProcess) =>
  fetch(`${service.httpUrl}/json`, {
    method: 'POST',
    body: JSON.stringify({
      domain: 'xds',
      descriptors: [{ entries: [{ key: 'user', value: 'u1' }] }],
    }),
  });
const isAck = (version: string) => (request: ReceivedRequest) =>
  request.versionInfo === version && request.responseNonce !== '' && request.errorDetail === null;

describe('xDS configuration source (GRPC_XDS_SOTW) against a real ADS server', () => {
  let port: number;
  let server: AdsManagementServer;
  let service: ServiceProcess;

  beforeAll(async () => {
    port = await freePort();
    server = new AdsManagementServer(port);
    await server.start();
    // The service keeps its listeners closed until v1 is loaded, so v1 must be there first.
    server.setSnapshot('v1', [userLimit('limits-v1', 5)]);
    service = await startService(xdsEnv(port));
  });
  afterAll(async () => {
    await service?.stop();
    server?.stop();
  });

  it('subscribes as the configured node: id, string metadata, headers, wildcard, no version', async () => {
    const first = await server.waitForRequest((request) => request.stream === 1);
    expect(first).toMatchObject({
      versionInfo: '',
      responseNonce: '',
      resourceNames: [],
      typeUrl: RATE_LIMIT_CONFIG_TYPE_URL,
      errorDetail: null,
      node: { id: 'e2e-node' },
    });
    const metadata = first.node.metadata?.fields ?? {};
    expect(Object.keys(metadata).sort()).toEqual(['team', 'zone']);
    expect(metadata.zone.stringValue).toBe('z1');
    expect(metadata.team.stringValue).toBe('ratelimit');
    expect(first.headers['x-tenant']).toBe('acme');
  });

  it('loads v1 before opening its listeners, serves it and ACKs it', async () => {
    const ack = await server.waitForRequest(isAck('v1'));
    expect(ack.responseNonce).toBe(server.nonceOf('v1'));
    expect(await rlconfig(service)).toBe(`${rlconfigLine(5)}\n`);
    const response = await decide(service);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      statuses: [{ currentLimit: { requestsPerUnit: 5, unit: 'MINUTE' } }],
    });
  });

  it('NACKs a version that does not compile with the exact error and keeps serving v1', async () => {
    server.setSnapshot('v2', [
      userLimit('limits-v2', 9, 'UNKNOWN'),
      rateLimitConfig({ name: 'other', domain: 'other' }),
    ]);
    const nack = await server.waitForRequest((request) => request.errorDetail !== null);
    expect(nack).toMatchObject({
      versionInfo: 'v1',
      responseNonce: server.nonceOf('v2'),
      errorDetail: { code: 3, message: "limits-v2: invalid rate limit unit 'UNKNOWN'" },
    });
    expect(await rlconfig(service)).toBe(`${rlconfigLine(5)}\n`);
    expect(await stats(service)).toContain('ratelimit.service.config_load_error: 1\n');
    expect(service.output()).toContain("limits-v2: invalid rate limit unit 'UNKNOWN'");
  });

  it('NACKs a resource it cannot unpack without loading anything', async () => {
    server.setSnapshot('v2b', [
      { type_url: RATE_LIMIT_CONFIG_TYPE_URL, value: Buffer.from([0x0a, 0xff]) },
    ]);
    const nack = await server.waitForRequest(
      (request) => request.responseNonce === server.nonceOf('v2b'),
    );
    expect(nack.versionInfo).toBe('v1');
    expect(nack.errorDetail?.code).toBe(3);
    expect(nack.errorDetail?.message).toMatch(
      /^resource 0: cannot unpack ratelimit\.config\.ratelimit\.v3\.RateLimitConfig: /,
    );
    expect(await stats(service)).toContain('ratelimit.service.config_load_error: 1\n');
    expect(await rlconfig(service)).toBe(`${rlconfigLine(5)}\n`);
  });

  it('serves v3 once pushed, replacing the whole configuration', async () => {
    const pushedAt = Date.now();
    server.setSnapshot('v3', [userLimit('limits-v3', 7, 'HOUR')]);
    await eventually(
      () => rlconfig(service),
      (text) => text === `${rlconfigLine(7, 'HOUR')}\n`,
      10_000,
      5,
    );
    const servedMs = Date.now() - pushedAt;
    const ack = await server.waitForRequest(isAck('v3'));
    expect(ack.responseNonce).toBe(server.nonceOf('v3'));
    process.stdout.write(
      `xDS v3: ACK ${ack.receivedAt - pushedAt} ms and /rlconfig ${servedMs} ms after the push\n`,
    );
  });

  it('does not stop on SIGHUP (nothing to re-read)', async () => {
    service.child.kill('SIGHUP');
    await eventually(
      () => service.output(),
      (output) => output.includes('SIGHUP received: nothing to reload'),
    );
    expect(service.child.exitCode).toBeNull();
    expect((await decide(service)).status).toBe(200);
  });

  it('reconnects to a restarted management server and takes its snapshot', async () => {
    server.stop();
    await eventually(
      () => service.output(),
      (output) => /cannot reach the xDS management server/.test(output),
    );
    // The rules in force stay while the server is away.
    expect(await rlconfig(service)).toBe(`${rlconfigLine(7, 'HOUR')}\n`);
    server = new AdsManagementServer(port);
    server.setSnapshot('v4', [userLimit('limits-v4', 11)]);
    await server.start();
    const resubscribe = await server.waitForRequest(() => true);
    expect(resubscribe).toMatchObject({
      versionInfo: '',
      responseNonce: '',
      node: { id: 'e2e-node' },
    });
    await server.waitForRequest(isAck('v4'));
    expect(await rlconfig(service)).toBe(`${rlconfigLine(11)}\n`);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exit = await service.stop();
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    expect(service.output()).not.toMatch(/unhandled|uncaught/i);
  });
});

describe('xDS startup gating', () => {
  it('keeps the listeners closed while no xDS server answers, then starts with its v1', async () => {
    const port = await freePort();
    // Not an xDS server: a TCP listener that counts the service's dials and drops each one.
    let dials = 0;
    const refuser = createServer((socket) => {
      dials += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => refuser.listen(port, '127.0.0.1', resolve));
    let started = false;
    const starting = startService(xdsEnv(port)).then((service) => {
      started = true;
      return service;
    });
    let service: ServiceProcess | undefined;
    const server = new AdsManagementServer(port);
    try {
      // startService resolves once the HTTP and debug ports answer; while it has not, they do not.
      await eventually(
        () => dials,
        (count) => count >= 4,
      );
      expect(started).toBe(false);
      await new Promise<void>((resolve) => refuser.close(() => resolve()));
      server.setSnapshot('v1', [userLimit('limits-v1', 5)]);
      await server.start();
      service = await starting;
      expect(service.output()).toContain('cannot reach the xDS management server');
      expect(await rlconfig(service)).toBe(`${rlconfigLine(5)}\n`);
      expect((await decide(service)).status).toBe(200);
    } finally {
      refuser.close();
      await (service ?? (await starting.catch(() => undefined)))?.stop();
      server.stop();
    }
  });
});

describe('xDS shutdown before the first configuration', () => {
  it('exits promptly on SIGTERM while still waiting, without opening its listeners', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [join(PROJECT_ROOT, process.env.SERVICE_MAIN ?? join('dist', 'main.js'))],
      {
        cwd: PROJECT_ROOT,
        env: {
          PATH: process.env.PATH,
          ...xdsEnv(port),
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          GRPC_HOST: '127.0.0.1',
          GRPC_PORT: String(await freePort()),
          DEBUG_HOST: '127.0.0.1',
          DEBUG_PORT: String(await freePort()),
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      await eventually(
        () => output,
        (text) => text.includes('cannot reach the xDS management server'),
      );
      child.kill('SIGTERM');
      // Stuck, it would be ended by SHUTDOWN_TIMEOUT's watchdog: exit code 1, not the signal.
      expect(await exited).toEqual({ code: null, signal: 'SIGTERM' });
      expect(output).not.toContain('debug listener on');
      expect(output).not.toMatch(/unhandled|uncaught|failed to start/i);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});

describe('xDS with FORCE_START_WITHOUT_INITIAL_CONFIG', () => {
  it('opens at once, answers 503 until the first configuration, then serves it', async () => {
    const port = await freePort();
    const service = await startService({
      ...xdsEnv(port),
      FORCE_START_WITHOUT_INITIAL_CONFIG: 'true',
    });
    const server = new AdsManagementServer(port);
    try {
      const response = await decide(service);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'no rate limit configuration loaded' });
      server.setSnapshot('v1', [userLimit('limits-v1', 5)]);
      await server.start();
      await eventually(
        () => rlconfig(service),
        (text) => text === `${rlconfigLine(5)}\n`,
      );
      expect((await decide(service)).status).toBe(200);
    } finally {
      await service.stop();
      server.stop();
    }
  });
});

describe('xDS with XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES', () => {
  it('refuses a response larger than the limit and keeps reconnecting', async () => {
    const port = await freePort();
    const server = new AdsManagementServer(port);
    server.setSnapshot('big', [
      rateLimitConfig({
        name: 'big',
        domain: 'xds',
        descriptors: Array.from({ length: 50 }, (_, i) => ({
          key: `key-${i}`,
          rateLimit: { unit: 'SECOND', requestsPerUnit: i },
        })),
      }),
    ]);
    await server.start();
    const service = await startService({
      ...xdsEnv(port),
      FORCE_START_WITHOUT_INITIAL_CONFIG: 'true',
      XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES: '256',
    });
    try {
      await eventually(
        () => service.output().split('xDS stream ended (RESOURCE_EXHAUSTED').length - 1,
        (ends) => ends >= 2,
      );
      expect(server.requests.every((request) => request.responseNonce === '')).toBe(true);
      expect(await rlconfig(service)).toBe('');
    } finally {
      await service.stop();
      server.stop();
    }
  });
});

/** A CA, a server certificate for `xds.internal` only and a client certificate, by openssl. */
function certificates(): Record<
  'ca' | 'serverCert' | 'serverKey' | 'clientCert' | 'clientKey',
  string
> {
  const dir = mkdtempSync(join(tmpdir(), 'xds-tls-'));
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=e2e-ca',
    '-keyout',
    path('ca.key'),
    '-out',
    path('ca.pem'),
  );
  const issue = (name: string, subject: string, extensions: string) => {
    writeFileSync(path(`${name}.ext`), extensions);
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      subject,
      '-keyout',
      path(`${name}.key`),
      '-out',
      path(`${name}.csr`),
    );
    openssl(
      'x509',
      '-req',
      '-in',
      path(`${name}.csr`),
      '-CA',
      path('ca.pem'),
      '-CAkey',
      path('ca.key'),
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      path(`${name}.ext`),
      '-out',
      path(`${name}.pem`),
    );
  };
  issue('server', '/CN=xds.internal', 'subjectAltName=DNS:xds.internal\n');
  issue('client', '/CN=ratelimit', 'extendedKeyUsage=clientAuth\n');
  return {
    ca: path('ca.pem'),
    serverCert: path('server.pem'),
    serverKey: path('server.key'),
    clientCert: path('client.pem'),
    clientKey: path('client.key'),
  };
}

describe('xDS over mutual TLS', () => {
  it('verifies the server as CONFIG_GRPC_XDS_SERVER_TLS_SAN and presents its client certificate', async () => {
    const files = certificates();
    const port = await freePort();
    const server = new AdsManagementServer(
      port,
      grpc.ServerCredentials.createSsl(
        readFileSync(files.ca),
        [
          {
            cert_chain: readFileSync(files.serverCert),
            private_key: readFileSync(files.serverKey),
          },
        ],
        true,
      ),
    );
    server.setSnapshot('v1', [userLimit('limits-v1', 5)]);
    await server.start();
    let service: ServiceProcess | undefined;
    try {
      // Dialled as 127.0.0.1, which the certificate does not name: only the SAN override passes.
      service = await startService({
        ...xdsEnv(port),
        CONFIG_GRPC_XDS_SERVER_USE_TLS: 'true',
        CONFIG_GRPC_XDS_SERVER_TLS_CACERT: files.ca,
        CONFIG_GRPC_XDS_SERVER_TLS_SAN: 'xds.internal',
        CONFIG_GRPC_XDS_CLIENT_TLS_CERT: files.clientCert,
        CONFIG_GRPC_XDS_CLIENT_TLS_KEY: files.clientKey,
      });
      await server.waitForRequest(isAck('v1'));
      expect(await rlconfig(service)).toBe(`${rlconfigLine(5)}\n`);
    } finally {
      await service?.stop();
      server.stop();
    }
  });

  it('does not accept a server certificate that does not name the dialled host', async () => {
    const files = certificates();
    const port = await freePort();
    const server = new AdsManagementServer(
      port,
      grpc.ServerCredentials.createSsl(
        readFileSync(files.ca),
        [
          {
            cert_chain: readFileSync(files.serverCert),
            private_key: readFileSync(files.serverKey),
          },
        ],
        false,
      ),
    );
    server.setSnapshot('v1', [userLimit('limits-v1', 5)]);
    await server.start();
    const service = await startService({
      ...xdsEnv(port),
      FORCE_START_WITHOUT_INITIAL_CONFIG: 'true',
      CONFIG_GRPC_XDS_SERVER_USE_TLS: 'true',
      CONFIG_GRPC_XDS_SERVER_TLS_CACERT: files.ca,
    });
    try {
      // 127.0.0.1 is not xds.internal: every handshake fails, so no request ever reaches the server.
      await eventually(
        () => service.output().split('cannot reach the xDS management server').length - 1,
        (failures) => failures >= 3,
      );
      expect(server.requests).toEqual([]);
      expect(await rlconfig(service)).toBe('');
    } finally {
      await service.stop();
      server.stop();
    }
  });
});
