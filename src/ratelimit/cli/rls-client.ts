import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { join } from 'node:path';
import { DescriptorEntries } from './client-descriptors';
import { RateLimitResponseMessage } from './response-text';

/**
 * The project's `proto/` directory, three levels up from both `src/ratelimit/cli` and
 * `<outDir>/ratelimit/cli`. Not imported from server.options.ts: that module loads Nest's
 * microservices package and the settings, which a small tool has no use for.
 */
export const CLI_PROTO_ROOT = join(__dirname, '..', '..', '..', 'proto');

const SERVICE_NAME = 'envoy.service.ratelimit.v3.RateLimitService';

/** snake_case field names, matching the decoded response shapes of response-text.ts. */
export interface RateLimitRequestMessage {
  readonly domain: string;
  readonly descriptors: readonly DescriptorEntries[];
  readonly hits_addend: number;
}

export interface CallTarget {
  /** A grpc-js target: `host:port`, `dns:///host:port`, `unix:///path`. */
  readonly address: string;
  readonly credentials: grpc.ChannelCredentials;
  /** The whole call, connecting included, fails with DEADLINE_EXCEEDED after this long. */
  readonly deadlineMs: number;
}

/** Sends one ShouldRateLimit call on a channel of its own; rejects with the grpc-js ServiceError. */
export function shouldRateLimit(
  target: CallTarget,
  request: RateLimitRequestMessage,
): Promise<RateLimitResponseMessage> {
  const method = loadShouldRateLimitMethod();
  const client = new grpc.Client(target.address, target.credentials);
  return new Promise((resolve, reject) => {
    const finish = (error: Error | null, response?: RateLimitResponseMessage) => {
      // Closing the channel lets the process exit as soon as the answer is printed.
      client.close();
      if (error !== null) reject(error);
      else resolve(response ?? {});
    };
    try {
      client.makeUnaryRequest<RateLimitRequestMessage, RateLimitResponseMessage>(
        method.path,
        (message) => method.requestSerialize(message),
        // A plain object whose shape the loader options below decide; see response-text.ts.
        (bytes) => method.responseDeserialize(bytes),
        request,
        new grpc.Metadata(),
        { deadline: Date.now() + target.deadlineMs },
        finish,
      );
    } catch (error) {
      // e.g. a request the protos cannot serialize
      finish(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

export function loadShouldRateLimitMethod(): protoLoader.MethodDefinition<object, object> {
  const definition = protoLoader.loadSync('envoy/service/ratelimit/v3/rls.proto', {
    includeDirs: [CLI_PROTO_ROOT],
    keepCase: true, // proto field names, as the text format prints them
    longs: String,
    enums: String,
    defaults: false, // absent fields stay absent, so the text leaves them out
    oneofs: false,
  });
  const service = definition[SERVICE_NAME];
  const method = isServiceDefinition(service) ? service.ShouldRateLimit : undefined;
  if (method === undefined) throw new Error(`${SERVICE_NAME}/ShouldRateLimit not found in protos`);
  return method;
}

function isServiceDefinition(
  definition: protoLoader.AnyDefinition | undefined,
): definition is protoLoader.ServiceDefinition {
  return definition !== undefined && !('format' in definition);
}

/** `INVALID_ARGUMENT: rate limit domain must not be empty`; the code by its gRPC name. */
export function requestErrorText(error: unknown): string {
  if (isServiceError(error)) {
    const name = grpc.status[error.code] ?? String(error.code);
    return `${name}: ${error.details}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function isServiceError(error: unknown): error is grpc.ServiceError {
  return error instanceof Error && typeof (error as Partial<grpc.ServiceError>).code === 'number';
}
