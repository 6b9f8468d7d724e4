import { setting } from '../setting-definition';
import { parseChoice, parseList } from '../setting-parsers';
import { bool, choice, duration, int, port, ratio, secret, str } from './setting-builders';
import { randomUUID } from 'node:crypto';

/** The domains one process can serve (MODULES). */
export const SERVICE_MODULES = ['ratelimit', 'content', 'teams'] as const;
export type ServiceModule = (typeof SERVICE_MODULES)[number];

function parseModules(raw: string): ServiceModule[] {
  const names = parseList(raw.toLowerCase());
  const allowed = `allowed values: a comma list of ${SERVICE_MODULES.join(', ')}`;
  if (names.length === 0) throw new Error(allowed);
  for (const name of names) {
    if (!(SERVICE_MODULES as readonly string[]).includes(name)) {
      throw new Error(`unknown module ${JSON.stringify(name)}; ${allowed}`);
    }
  }
  return SERVICE_MODULES.filter((name) => names.includes(name));
}

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function parseLogLevel(raw: string): LogLevel {
  const level = raw.trim().toLowerCase();
  if (level === 'warning') return 'warn';
  if (level === 'panic') return 'fatal';
  return parseChoice(level, LOG_LEVELS);
}

/** Listeners, logging, tracing and the process lifecycle: read by every process. */
export const SERVICE_SETTINGS = {
  modules: {
    enabled: setting<readonly ServiceModule[]>(
      'MODULES',
      'domains this process serves: a comma list of ratelimit, content, teams; settings of the others are not read',
      { default: SERVICE_MODULES, defaultText: SERVICE_MODULES.join(','), parse: parseModules },
    ),
  },
  http: {
    host: str('HOST', 'HTTP listener host (/json, /healthcheck, GraphQL, teams API)', '0.0.0.0'),
    port: port('PORT', 'HTTP listener port', 8080),
    requestTimeout: duration(
      'HTTP_REQUEST_TIMEOUT',
      'longest time a client may take to send a whole request, headers and body, on the HTTP, debug and Prometheus listeners: then 408 and the connection is closed; 0 disables',
      '30s',
    ),
  },
  grpc: {
    host: str('GRPC_HOST', 'gRPC listener host', '0.0.0.0'),
    port: port('GRPC_PORT', 'gRPC listener port', 8081),
    uds: str('GRPC_UDS', 'when set, gRPC listens on this unix socket instead of host:port'),
    maxConnectionAge: duration(
      'GRPC_MAX_CONNECTION_AGE',
      'connections are sent GOAWAY after this age (±10% jitter)',
      '24h',
    ),
    maxConnectionAgeGrace: duration(
      'GRPC_MAX_CONNECTION_AGE_GRACE',
      'extra time before an aged connection is closed',
      '1h',
    ),
    maxConcurrentStreams: int(
      'GRPC_MAX_CONCURRENT_STREAMS',
      'most calls open at once on one connection (HTTP/2 SETTINGS_MAX_CONCURRENT_STREAMS); Envoy opens another connection beyond it',
      1000,
      1,
    ),
    requestTimeout: duration(
      'GRPC_REQUEST_TIMEOUT',
      'longest time a call may take to send its whole request message: then DEADLINE_EXCEEDED and the stream is closed; 0 disables',
      '10s',
    ),
    callTimeout: duration(
      'GRPC_CALL_TIMEOUT',
      'longest time a call may stay open, request and decision together: then DEADLINE_EXCEEDED; 0 disables',
      '60s',
    ),
    keepaliveTime: duration(
      'GRPC_KEEPALIVE_TIME',
      'the server pings a connection quiet for this long, and closes it when the ping is not answered within GRPC_KEEPALIVE_TIMEOUT; 0 disables',
      '2h',
    ),
    keepaliveTimeout: duration(
      'GRPC_KEEPALIVE_TIMEOUT',
      'how long a keepalive ping may go unanswered before the connection is closed',
      '20s',
    ),
    maxConnectionIdle: duration(
      'GRPC_MAX_CONNECTION_IDLE',
      'a connection without open calls for this long is sent GOAWAY (clients reconnect when they need to); 0 disables',
      '15m',
    ),
    useTls: bool('GRPC_SERVER_USE_TLS', 'TLS on the gRPC listener'),
    tlsCert: str('GRPC_SERVER_TLS_CERT', 'server certificate chain file'),
    tlsKey: str('GRPC_SERVER_TLS_KEY', 'server private key file'),
    clientCaCert: str(
      'GRPC_CLIENT_TLS_CACERT',
      'client CA file; when set, clients must present a certificate',
    ),
    clientSan: str('GRPC_CLIENT_TLS_SAN', 'DNS name required in the client certificate'),
    maxDescriptors: int(
      'MAX_DESCRIPTORS_PER_REQUEST',
      'largest descriptor list one decision request may carry',
      1000,
      1,
    ),
    maxDescriptorKeyBytes: int(
      'MAX_DESCRIPTOR_KEY_BYTES',
      'longest descriptor entry key (UTF-8 bytes) on gRPC and /json; longer: INVALID_ARGUMENT / 400',
      1024,
      1,
    ),
    maxDescriptorValueBytes: int(
      'MAX_DESCRIPTOR_VALUE_BYTES',
      'longest descriptor entry value (UTF-8 bytes) on gRPC and /json; longer: INVALID_ARGUMENT / 400',
      1024,
      1,
    ),
    maxCacheKeyBytes: int(
      'MAX_CACHE_KEY_BYTES',
      'longest counter key one descriptor may make (prefix, domain, keys, values and separators; UTF-8 bytes); longer: INVALID_ARGUMENT / 400',
      4096,
      16,
    ),
  },
  debug: {
    host: str('DEBUG_HOST', 'debug listener host', '0.0.0.0'),
    port: port('DEBUG_PORT', 'debug listener port', 6070),
    heapSnapshots: bool(
      'DEBUG_HEAP_SNAPSHOTS',
      'serve /debug/pprof/heap (a V8 heap snapshot holds every string of the process and pauses it while taken); off: 404',
    ),
    token: secret(
      'DEBUG_TOKEN',
      'when set, every debug listener route needs it: `Authorization: Bearer <token>`, or Basic with it as the password (browsers); else 401',
    ),
    consoleAccounting: bool(
      'DEBUG_CONSOLE_ACCOUNTING',
      "the operator console's live traffic and top callers (accounting on the decision path); false: none of it is kept and the decision path does nothing for it",
      true,
    ),
    consoleTopK: int(
      'DEBUG_CONSOLE_TOP_K',
      'callers the top-callers sketch keeps per rule (space-saving; fixed memory per rule, by hits and by over-limit)',
      32,
      1,
      1000,
    ),
    consoleTopWindow: duration(
      'DEBUG_CONSOLE_TOP_WINDOW',
      'the top callers cover the last one to two of these (two rotating sketches per rule)',
      '1m',
    ),
  },
  log: {
    level: setting<LogLevel>('LOG_LEVEL', 'trace, debug, info, warn, error or fatal', {
      default: 'warn',
      parse: parseLogLevel,
    }),
    format: choice(
      'LOG_FORMAT',
      'text, or json for lines with @timestamp, @message and level',
      ['text', 'json'] as const,
      'text',
      { caseInsensitive: true },
    ),
  },
  tracing: {
    enabled: bool('TRACING_ENABLED', 'export OpenTelemetry traces over OTLP'),
    exporterProtocol: choice(
      'TRACING_EXPORTER_PROTOCOL',
      'OTLP transport: http or grpc',
      ['http', 'grpc'] as const,
      'http',
    ),
    serviceName: str('TRACING_SERVICE_NAME', 'service.name resource attribute', 'RateLimit'),
    serviceNamespace: str('TRACING_SERVICE_NAMESPACE', 'service.namespace resource attribute'),
    serviceInstanceId: setting(
      'TRACING_SERVICE_INSTANCE_ID',
      'service.instance.id resource attribute',
      {
        default: () => randomUUID(),
        defaultText: 'a random UUID',
        parse: (raw) => raw,
      },
    ),
    samplingRate: ratio('TRACING_SAMPLING_RATE', 'share of traces sampled (0 to 1)', 1),
  },
  lifecycle: {
    shutdownDrainDelay: duration(
      'SHUTDOWN_DRAIN_DELAY',
      'after SIGTERM, how long health reports NOT_SERVING while every listener still answers, ' +
        'so load balancers move away before the listeners close (a second signal cuts it short)',
      '0s',
    ),
    shutdownTimeout: duration(
      'SHUTDOWN_TIMEOUT',
      'longest wait for in-flight calls once the listeners close before the process exits',
      '30s',
    ),
  },
} as const;
