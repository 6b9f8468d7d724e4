import { INestApplication, Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { PinoLogger } from 'nestjs-pino';
import { StatsExporter } from './infra/stats/exporter';
import { Settings } from './settings/settings';

/**
 * The few lines a start prints once every listener is open, as info records, also at the default
 * log level (`warn`: through a child logger of its own level, so nothing else is lowered; `error`
 * and above print nothing): which modules run, the address each listener is really
 * bound to (read from the servers, so `0.0.0.0` and port 0 show as they are), the counter store,
 * how many rule domains are loaded, and the database. Composition code like app.factory.ts: it
 * looks at the parts of every module that runs.
 */
export async function logStartupSummary(app: INestApplication, settings: Settings): Promise<void> {
  const lines = await startupSummaryLines(app, settings);
  // `PinoLogger.root` exists once the logging module is up (always, in the app factory).
  const root =
    settings.log.level === 'warn'
      ? (PinoLogger.root as typeof PinoLogger.root | undefined)
      : undefined;
  if (root !== undefined) {
    const info = root.child({}, { level: 'info' });
    for (const line of lines) info.info({ context: 'Startup' }, line);
    return;
  }
  const logger = new Logger('Startup');
  for (const line of lines) logger.log(line);
}

export async function startupSummaryLines(
  app: INestApplication,
  settings: Settings,
): Promise<string[]> {
  const modules = settings.modules.enabled;
  const ratelimit = modules.includes('ratelimit');
  const database = modules.includes('content') || modules.includes('teams');
  const lines = [`ready: modules ${modules.join(', ')}`];

  const http = app.getHttpServer() as { address(): AddressInfo | string | null };
  lines.push(`HTTP listener on ${url('http', http.address())}`);
  if (ratelimit) {
    lines.push(`gRPC listener on ${grpcAddress(app, settings)}`);
    lines.push(`debug listener on ${await debugAddress(app, settings)}`);
  }
  const metrics = optional(() => app.get(StatsExporter, { strict: false }).metricsUrl);
  if (metrics) lines.push(`Prometheus listener on ${metrics}`);
  if (ratelimit) {
    lines.push(`counters: ${counterStore(settings)}`);
    lines.push(`rules: ${await ruleSummary(app, settings)}`);
  }
  if (database) lines.push(`database: ${databaseSummary(settings)}`);
  return lines;
}

function optional<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function hostPort(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `${host}:${address.port}`;
}

function url(scheme: string, address: AddressInfo | string | null | undefined): string {
  if (!address) return '(not listening)';
  if (typeof address === 'string') return `unix:${address}`;
  return `${scheme}://${hostPort(address)}`;
}

/** A server with an `address()`: Node's net servers, Fastify's, grpc-js' HTTP/2 servers. */
interface Listening {
  address(): AddressInfo | string | null;
}

/**
 * grpc-js keeps its listening HTTP/2 servers per bound URI (`boundPorts`), and Nest the grpc-js
 * server in its transport (`grpcClient`); neither is public API: read the real addresses there,
 * and fall back to the configured one if that ever changes.
 */
function grpcAddress(app: INestApplication, settings: Settings): string {
  const configured =
    settings.grpc.uds !== ''
      ? `unix:${settings.grpc.uds}`
      : `${settings.grpc.host}:${settings.grpc.port}`;
  const bound = optional(() => {
    const addresses: string[] = [];
    for (const microservice of (
      app as unknown as { getMicroservices(): unknown[] }
    ).getMicroservices()) {
      // Nest's ServerGrpc keeps the grpc-js server in `grpcClient` (its unwrap() throws).
      const transport = (microservice as { serverInstance?: { grpcClient?: unknown } })
        .serverInstance;
      const server = transport?.grpcClient as {
        boundPorts?: Map<string, { listeningServers?: Set<Listening> }>;
      };
      for (const port of server?.boundPorts?.values() ?? []) {
        for (const listening of port.listeningServers ?? []) {
          const address = listening.address();
          if (address) {
            addresses.push(typeof address === 'string' ? `unix:${address}` : hostPort(address));
          }
        }
      }
    }
    return addresses;
  });
  return bound && bound.length > 0 ? bound.join(', ') : `${configured} (configured)`;
}

async function debugAddress(app: INestApplication, settings: Settings): Promise<string> {
  const { DebugServer } = await import('./ratelimit/debug/debug-server');
  const server = optional<{ addresses?: () => AddressInfo[] }>(() =>
    app.get(DebugServer, { strict: false }),
  );
  const addresses = optional(() => server?.addresses?.()) ?? [];
  const where =
    addresses.length > 0
      ? addresses.map((address) => url('http', address)).join(', ')
      : `http://${settings.debug.host}:${settings.debug.port} (configured)`;
  return where + debugExposure(addresses, settings);
}

/** Without DEBUG_TOKEN the debug port has no authentication: say so when other machines can reach it. */
function debugExposure(addresses: AddressInfo[], settings: Settings): string {
  const hosts = addresses.length > 0 ? addresses.map((a) => a.address) : [settings.debug.host];
  const local = hosts.every((host) => /^(127\.|::1$|localhost$)/.test(host));
  const heap = settings.debug.heapSnapshots ? ', heap snapshots on' : '';
  if (local) return heap === '' ? '' : ` (${heap.slice(2)})`;
  if (settings.debug.token.isSet) {
    return ` (reachable from other machines, DEBUG_TOKEN required${heap}; docs/security.md)`;
  }
  return ` (reachable from other machines, no authentication${heap}: DEBUG_HOST=127.0.0.1 or DEBUG_TOKEN; docs/security.md)`;
}

function counterStore(settings: Settings): string {
  const { counters, kvstore, kvstorePerSecond, altcache } = settings;
  switch (counters.backend) {
    case 'kvstore': {
      const perSecond = kvstorePerSecond.enabled
        ? `; per-second limits in Redis at ${redactIfUrl(kvstorePerSecond.url)}`
        : '';
      return `Redis (${kvstore.type}) at ${redactIfUrl(kvstore.url)}${perSecond}`;
    }
    case 'altcache':
      return altcache.srv !== ''
        ? `memcached, nodes from SRV ${altcache.srv}`
        : `memcached at ${altcache.hostPort.join(', ')}`;
    case 'memory':
      return 'process memory (this instance only: limits are not shared)';
  }
}

/** A URL without its password (a MODULES=ratelimit process loads nothing of the database layer). */
function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return '(unparsable URL)';
  }
}

function redactIfUrl(value: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? redactUrl(value) : value;
}

async function ruleSummary(app: INestApplication, settings: Settings): Promise<string> {
  const { RuleConfigHolder } = await import('./ratelimit/config/rule-config.holder');
  const rules = optional(() => app.get(RuleConfigHolder, { strict: false }).current);
  const { rules: source, xds } = settings;
  const from =
    source.configType === 'FILE'
      ? `from ${resolve(source.runtimeRoot, source.runtimeSubdirectory, source.runtimeAppDirectory)}`
      : `from xDS ${xds.serverUrl}`;
  if (!rules) return `none loaded yet (${from}): decisions answer UNAVAILABLE until a good load`;
  const count = rules.domainCount;
  return `${count} domain${count === 1 ? '' : 's'} loaded ${from}`;
}

function databaseSummary(settings: Settings): string {
  const { databaseUrl, dataDir, pgliteWorker } = settings.identity;
  if (databaseUrl !== '') return `PostgreSQL ${redactUrl(databaseUrl)}`;
  const thread = pgliteWorker ? '; runs in a worker thread (PGLITE_WORKER)' : '';
  return `embedded PGlite in ${resolve(dataDir, 'pglite')} (one instance only; DATABASE_URL for PostgreSQL${thread})`;
}
