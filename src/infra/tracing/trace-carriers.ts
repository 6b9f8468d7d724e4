import type { Metadata } from '@grpc/grpc-js';
import type { TextMapGetter } from '@opentelemetry/api';
import type { IncomingHttpHeaders } from 'node:http';

/** W3C trace context (`traceparent`, `tracestate`) from incoming gRPC metadata. */
export const grpcMetadataGetter: TextMapGetter<Metadata> = {
  keys: (metadata) => Object.keys(metadata.getMap()),
  get: (metadata, key) => {
    const values = metadata.get(key);
    if (values.length === 0) return undefined;
    return values.map((value) => (typeof value === 'string' ? value : value.toString('utf8')));
  },
};

/** W3C trace context from HTTP request headers (Node lower-cases their names). */
export const httpHeadersGetter: TextMapGetter<IncomingHttpHeaders> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => headers[key.toLowerCase()],
};
