/**
 * Real Redis topologies for integration tests: a single server (optionally with a password, an
 * ACL user or TLS), a sentinel setup and a cluster, each on free loopback ports with its own temp
 * directory. Every starter waits until the topology is usable, and every handle's stop() kills its
 * processes; anything a failing test leaves behind is killed when the test process exits.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileAsync, launch, requireBinary } from './process';
import { HOST, RedisNode, baseArgs, passwordArgs, pings } from './node';
import { generateTlsFiles } from '../tls-certs';

export { liveRedisPids } from './process';
export type { RedisNode } from './node';
export { startSentinelSetup } from './sentinel';
export type { SentinelSetup, SentinelSetupOptions } from './sentinel';
export { startCluster } from './cluster';
export type { RedisCluster, RedisClusterOptions } from './cluster';

/** Client-side TLS files: the CA that signed the server, and a client certificate and key. */
export interface TlsClientFiles {
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
}

export interface RedisServerOptions {
  /** `--requirepass`, the default user's password. */
  password?: string;
  /** Also creates this ACL user with `password` and every permission. Needs `password`. */
  user?: string;
  /** Serve TLS only (the plain port is disabled); client certificates are optional. */
  tls?: boolean;
}

export interface RedisServer extends RedisNode {
  /** `host:port`, the form the service's settings take. */
  readonly url: string;
  readonly password?: string;
  readonly user?: string;
  readonly tls?: TlsClientFiles;
  /** Kill the server and remove its files. */
  stop(): Promise<void>;
}

/** Starts one redis-server on a free loopback port; see RedisServerOptions. */
export async function startRedis(options: RedisServerOptions = {}): Promise<RedisServer> {
  const { password, user } = options;
  if (user !== undefined && password === undefined) {
    throw new Error('startRedis: an ACL user needs a password');
  }
  const binary = requireBinary('redis-server');
  if (options.tls && !(await redisSupportsTls())) {
    throw new Error(
      `${binary} was built without TLS support (it rejects --tls-port); ` +
        'install a TLS-enabled build, e.g. Debian/Ubuntu: apt-get install redis-server',
    );
  }
  const certDir = options.tls ? mkdtempSync(join(tmpdir(), 'redis-tls-')) : undefined;
  const removeCerts = () => certDir && rmSync(certDir, { recursive: true, force: true });
  try {
    const files = certDir === undefined ? undefined : await generateTlsFiles(certDir);
    const tls = files && { ca: files.ca, cert: files.clientCert, key: files.clientKey };
    const tlsContents = tls && readTls(tls);
    // `&*` too: Redis 7 gives new users no pub/sub channels unless asked.
    const userArgs = user ? ['--user', user, 'on', `>${password}`, '~*', '&*', '+@all'] : [];
    const server = await launch(
      'redis',
      (port, dir) => {
        const args = [...baseArgs(port, dir), ...passwordArgs(password), ...userArgs];
        if (!files) return args;
        // `--port 0` after the base args wins: TLS only, so no test can pass over plain TCP.
        return [
          ...args,
          ...['--port', '0', '--tls-port', String(port), '--tls-auth-clients', 'optional'],
          ...['--tls-cert-file', files.serverCert, '--tls-key-file', files.serverKey],
          ...['--tls-ca-cert-file', files.ca],
        ];
      },
      (self) =>
        pings({ host: HOST, port: self.port, username: user, password, tls: tlsContents })(),
    );
    return {
      host: HOST,
      port: server.port,
      get pid() {
        return server.pid;
      },
      kill: () => server.kill(),
      restart: () => server.restart(),
      url: `${HOST}:${server.port}`,
      password,
      user,
      tls,
      stop: async () => {
        await server.stop();
        removeCerts();
      },
    };
  } catch (error) {
    removeCerts();
    throw error;
  }
}

/** ioredis `tls` options from the file paths (Node's TLS wants PEM contents, not paths). */
export function readTls(files: TlsClientFiles): { ca: string; cert: string; key: string } {
  return {
    ca: readFileSync(files.ca, 'utf8'),
    cert: readFileSync(files.cert, 'utf8'),
    key: readFileSync(files.key, 'utf8'),
  };
}

let tlsSupport: Promise<boolean> | undefined;

/**
 * A build without TLS rejects `tls-port` as an unknown directive straight away; a TLS build gets
 * past parsing and then fails for want of a certificate. Either way the probe exits at once and
 * never listens (`--port 0`).
 */
function redisSupportsTls(): Promise<boolean> {
  tlsSupport ??= execFileAsync(requireBinary('redis-server'), ['--port', '0', '--tls-port', '1'], {
    timeout: 5000,
  }).then(
    () => true,
    (error: { stdout?: string; stderr?: string }) =>
      !/Bad directive|FATAL CONFIG FILE ERROR/.test(`${error.stdout ?? ''}${error.stderr ?? ''}`),
  );
  return tlsSupport;
}
