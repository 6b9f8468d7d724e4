import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../support/free-port';
import { startRedis } from '../support/redis/servers';
import { startService } from '../support/service-process';
import { generateTlsFiles } from '../support/tls-certs';
import { AdsManagementServer, rateLimitConfig } from '../support/xds-server';
import { DocFixture } from './doc-examples';

/**
 * What a doc example assumes around the service, set up for one block (`<!-- doc-test: tls -->`):
 *
 * - `tls` (docs/transport-security.md): a private CA with a server pair (localhost, 127.0.0.1) and a
 *   client pair, made by openssl as `ca.crt`, `server.crt`/`.key` and `client.crt`/`.key` in a
 *   fresh directory where the commands run; the service serves mutual TLS on gRPC with them. The
 *   doc's host `rls:8081` is the service's gRPC listener.
 * - `xds` (docs/xds.md): a real ADS management server on a free port, at the doc's
 *   `xds.internal:18000`, serving one `RateLimitConfig` (domain `edge`, 10 requests a second per
 *   `remote_address`).
 * - `redis` (docs/deploy.md, two instances): a redis-server on a free port holding the counters
 *   (`BACKEND_TYPE=kvstore`), and a second instance of the service on it (rate limiting only, its
 *   own data directory) at the doc's `localhost:9080`.
 * - `allow-list` (docs/content-endpoint.md): GRAPHQL_PERSISTED_QUERIES=only with an empty
 *   GRAPHQL_PERSISTED_QUERIES_DIR, for the service and the commands.
 */
export interface FixtureSetup {
  /** Added to the service's environment (after the rewrites). */
  readonly env: Record<string, string>;
  /** Doc text → real text, applied to commands and to the block's start variables. */
  readonly rewrites: Record<string, string>;
  /** Where the commands run, when not the project root. */
  readonly cwd?: string;
  /** Doc names of the service's gRPC address (dialled as `localhost:<port>`). */
  readonly grpcAliases: readonly string[];
  close(): Promise<void>;
}

export async function setUpFixtures(fixtures: readonly DocFixture[]): Promise<FixtureSetup> {
  const parts = await Promise.all(fixtures.map((fixture) => SETUP[fixture]()));
  return {
    env: Object.assign({}, ...parts.map((part) => part.env)) as Record<string, string>,
    rewrites: Object.assign({}, ...parts.map((part) => part.rewrites)) as Record<string, string>,
    cwd: parts.find((part) => part.cwd)?.cwd,
    grpcAliases: parts.flatMap((part) => part.grpcAliases),
    close: async () => {
      await Promise.all(parts.map((part) => part.close()));
    },
  };
}

const SETUP: Record<DocFixture, () => Promise<FixtureSetup>> = {
  'allow-list'() {
    const dir = mkdtempSync(join(tmpdir(), 'doc-test-allow-list-'));
    return Promise.resolve({
      env: { GRAPHQL_PERSISTED_QUERIES: 'only', GRAPHQL_PERSISTED_QUERIES_DIR: dir },
      rewrites: {},
      grpcAliases: [],
      close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    });
  },

  async redis() {
    const redis = await startRedis();
    const env = { BACKEND_TYPE: 'kvstore', KVSTORE_URL: redis.url };
    const dataDir = mkdtempSync(join(tmpdir(), 'doc-test-second-'));
    try {
      const second = await startService({ ...env, MODULES: 'ratelimit', DATA_DIR: dataDir });
      return {
        env,
        rewrites: { 'localhost:9080': new URL(second.httpUrl).host },
        grpcAliases: [],
        close: async () => {
          await second.stop();
          await redis.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await redis.stop();
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  },

  async tls() {
    const dir = mkdtempSync(join(tmpdir(), 'doc-test-tls-'));
    const files = await generateTlsFiles(dir);
    return {
      env: {
        GRPC_SERVER_USE_TLS: 'true',
        GRPC_SERVER_TLS_CERT: files.serverCert,
        GRPC_SERVER_TLS_KEY: files.serverKey,
        GRPC_CLIENT_TLS_CACERT: files.ca,
      },
      rewrites: {},
      cwd: dir,
      grpcAliases: ['rls:8081'],
      close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  },

  async xds() {
    const [port] = await freePorts(1);
    const server = new AdsManagementServer(port);
    server.setSnapshot('v1', [
      rateLimitConfig({
        name: 'edge-limits',
        domain: 'edge',
        descriptors: [
          { key: 'remote_address', rateLimit: { unit: 'SECOND', requestsPerUnit: 10 } },
        ],
      }),
    ]);
    await server.start();
    return {
      env: {},
      rewrites: { 'xds.internal:18000': server.address },
      grpcAliases: [],
      close: () => Promise.resolve(server.stop()),
    };
  },
};
