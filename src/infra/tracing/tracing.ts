import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import type { DecisionTracer } from './decision-tracer';

/** What the tracer provider must do at shutdown: export the spans still queued. */
interface Flushable {
  shutdown(): Promise<void>;
}

/**
 * The tracing provider. `decisions` is undefined when TRACING_ENABLED=false: the transports check
 * it once per call and do no span or context work at all.
 */
export class Tracing implements OnApplicationShutdown {
  constructor(
    readonly decisions: DecisionTracer | undefined,
    private readonly provider: Flushable | undefined = undefined,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.provider?.shutdown();
  }
}

/**
 * OpenTelemetry with an OTLP exporter (TRACING_EXPORTER_PROTOCOL http or grpc; the exporters read
 * the standard OTEL_EXPORTER_OTLP_* variables themselves), the TRACING_SERVICE_* resource and a
 * parent-based trace-id-ratio sampler. The SDK is loaded only when tracing is on.
 */
export async function createTracing(settings: Settings): Promise<Tracing> {
  const config = settings.tracing;
  if (!config.enabled) return new Tracing(undefined);
  const logger = new Logger('Tracing');
  // Loaded only when tracing is on: a process without it never requires OpenTelemetry.
  const [{ diag, DiagLogLevel }, { DecisionTracer }] = await Promise.all([
    import('@opentelemetry/api'),
    import('./decision-tracer'),
  ]);
  // Export failures reach OpenTelemetry's diagnostic logger, silent unless given one.
  diag.setLogger(
    {
      error: (message) => logger.error(message),
      warn: (message) => logger.warn(message),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  const [sdk, { resourceFromAttributes, defaultResource }, { ATTR_SERVICE_NAME }, core] =
    await Promise.all([
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/semantic-conventions'),
      import('@opentelemetry/core'),
    ]);
  const exporter =
    config.exporterProtocol === 'grpc'
      ? new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter()
      : new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const resource = defaultResource().merge(
    resourceFromAttributes({
      [ATTR_SERVICE_NAME]: config.serviceName,
      // Incubating conventions: only in the package's `incubating` entry, which this project's
      // CommonJS module resolution cannot import.
      ...(config.serviceNamespace !== '' ? { 'service.namespace': config.serviceNamespace } : {}),
      'service.instance.id': config.serviceInstanceId,
    }),
  );
  const provider = new sdk.TracerProvider({
    resource,
    sampler: new sdk.ParentBasedSampler({
      root: new sdk.TraceIdRatioBasedSampler(config.samplingRate),
    }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter })],
  });
  logger.log(
    `tracing on: OTLP over ${config.exporterProtocol}, sampling rate ${config.samplingRate}`,
  );
  return new Tracing(
    new DecisionTracer(provider.getTracer('ratelimit'), new core.W3CTraceContextPropagator()),
    provider,
  );
}
