import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** A span as the OTLP/HTTP JSON encoding carries it, with attributes flattened. */
export interface ReceivedSpan {
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly kind: number;
  /** 0 unset, 1 ok, 2 error. */
  readonly statusCode: number;
  readonly attributes: Record<string, unknown>;
  readonly resource: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  status?: { code?: number };
  attributes?: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

function attributes(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    result[key] =
      value.stringValue ??
      (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
      value.doubleValue ??
      value.boolValue;
  }
  return result;
}

/**
 * An OTLP/HTTP trace receiver: `POST /v1/traces` with the JSON encoding, which is what
 * `@opentelemetry/exporter-trace-otlp-http` sends (the protobuf encoding is refused with 415, so a
 * change of encoding shows up as a test failure, not as silently missing spans).
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly problems: string[] = [];
  private readonly server: Server = createServer((request, response) =>
    this.handle(request, response),
  );

  static async start(): Promise<OtlpReceiver> {
    const receiver = new OtlpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const type = request.headers['content-type'] ?? '';
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !type.includes('json')) {
        this.problems.push(`${request.method} ${request.url} ${type}`);
        response.writeHead(415).end();
        return;
      }
      this.record(JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  }

  private record(body: OtlpExport): void {
    for (const resourceSpans of body.resourceSpans) {
      const resource = attributes(resourceSpans.resource?.attributes);
      for (const scope of resourceSpans.scopeSpans) {
        for (const span of scope.spans) {
          this.spans.push({
            name: span.name,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            kind: span.kind,
            statusCode: span.status?.code ?? 0,
            attributes: attributes(span.attributes),
            resource,
          });
        }
      }
    }
  }

  get tracesUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/traces`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
