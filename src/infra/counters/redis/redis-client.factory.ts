import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import Redis, { Cluster, RedisOptions } from 'ioredis';
import { Secret } from '../../../settings/secret';
import { Settings } from '../../../settings/settings';
import { reconnectOnReadonly } from './connection-recovery';
import { COUNTER_SCRIPTS } from './counter-script';
import type { RedisClient } from './redis-client';

export type { RedisClient } from './redis-client';

/** The connection settings shared by the primary and the per-second store. */
export interface RedisEndpoint {
  readonly type: 'single' | 'sentinel' | 'cluster';
  readonly socketType: 'tcp' | 'unix';
  readonly url: string;
  readonly auth: Secret;
  readonly sentinelAuth: Secret;
  readonly tls: boolean;
  readonly timeout: number;
  readonly pipelineWindow: number;
}

/** `password` or `user:password`; revealed only here, into the client's options. */
function credentials(secret: Secret): { username?: string; password?: string } {
  const auth = secret.reveal();
  if (auth === '') return {};
  const at = auth.indexOf(':');
  return at < 0
    ? { password: auth }
    : { username: auth.slice(0, at), password: auth.slice(at + 1) };
}

function hostPort(item: string): { host: string; port: number } {
  const at = item.lastIndexOf(':');
  return { host: item.slice(0, at).trim(), port: Number(item.slice(at + 1)) };
}

function tlsOptions(settings: Settings): ConnectionOptions {
  const { kvstore } = settings;
  const read = (path: string) => (path === '' ? undefined : readFileSync(path));
  return {
    ca: read(kvstore.tlsCaCert),
    cert: read(kvstore.tlsClientCert),
    key: read(kvstore.tlsClientKey),
    // Verify the chain but not the name, for stores reached through addresses not in the certificate.
    ...(kvstore.tlsSkipHostnameVerification ? { checkServerIdentity: () => undefined } : {}),
  };
}

/**
 * Connections fail fast: no offline queue and no retries per command, so a decision never waits
 * for a store that is down; ioredis keeps reconnecting in the background with a capped backoff.
 * A connection answering READONLY (its server was demoted by a failover) is dropped and re-made;
 * one whose commands time out is dropped by the callers (connection-recovery.ts).
 */
function baseOptions(endpoint: RedisEndpoint, settings: Settings): RedisOptions {
  return {
    ...credentials(endpoint.auth),
    lazyConnect: true,
    // Closing an already closed socket would otherwise leave a 2 s timer holding the process.
    disconnectTimeout: 0,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: endpoint.timeout,
    commandTimeout: endpoint.timeout,
    retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 6), 2000),
    reconnectOnError: reconnectOnReadonly,
    scripts: COUNTER_SCRIPTS,
    ...(endpoint.tls ? { tls: tlsOptions(settings) } : {}),
  };
}

/** One client for the endpoint (ioredis multiplexes a connection, so a pool is several clients). */
export function createRedisClient(endpoint: RedisEndpoint, settings: Settings): RedisClient {
  const options = baseOptions(endpoint, settings);
  const items = endpoint.url
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (endpoint.type === 'cluster') {
    // Scripts belong to the cluster client: it routes each call by its key.
    const { enableOfflineQueue, retryStrategy, scripts, ...redisOptions } = options;
    return new Cluster(items.map(hostPort), {
      lazyConnect: true,
      scripts,
      enableOfflineQueue,
      clusterRetryStrategy: retryStrategy,
      scaleReads: 'master',
      // EVALSHA would be routed by the script hash under auto-pipelining (ioredis #2109): keep it off.
      enableAutoPipelining: false,
      redisOptions,
    });
  }
  const autoPipelining = { enableAutoPipelining: endpoint.pipelineWindow > 0 };
  if (endpoint.type === 'sentinel') {
    const [name, ...sentinels] = items;
    const sentinelCredentials = credentials(endpoint.sentinelAuth);
    return new Redis({
      ...options,
      ...autoPipelining,
      name,
      sentinels: sentinels.map(hostPort),
      // Subscribes to the sentinels' +switch-master and reconnects on it: without it a client on a
      // frozen (not dead) master never leaves it, whatever the sentinels decide.
      failoverDetector: true,
      // A frozen sentinel would otherwise hold the master's resolution (and so the reconnect) forever.
      sentinelCommandTimeout: endpoint.timeout,
      sentinelUsername: sentinelCredentials.username,
      sentinelPassword: sentinelCredentials.password,
      ...(endpoint.tls ? { sentinelTLS: options.tls, enableTLSForSentinelMode: true } : {}),
    });
  }
  if (endpoint.socketType === 'unix') {
    return new Redis({ ...options, ...autoPipelining, path: endpoint.url });
  }
  return new Redis({ ...options, ...autoPipelining, ...hostPort(endpoint.url) });
}
