import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { join } from 'node:path';
import { PROJECT_ROOT } from './service-process';

/** The rate limit and health service constructors, decoded with enums as names (as tests read them). */
export const loaded = loadClientProtos();

function loadClientProtos() {
  const definition = protoLoader.loadSync(
    ['envoy/service/ratelimit/v3/rls.proto', 'grpc/health/v1/health.proto'],
    {
      includeDirs: [join(PROJECT_ROOT, 'proto')],
      keepCase: false,
      longs: Number,
      enums: String,
      defaults: false,
    },
  );
  return grpc.loadPackageDefinition(definition) as unknown as {
    envoy: { service: { ratelimit: { v3: { RateLimitService: grpc.ServiceClientConstructor } } } };
    grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
  };
}

/** A plain grpc-js client, as any caller (Envoy included) would use, over a real socket. */
export function rateLimitClient(address: string): grpc.Client {
  return new loaded.envoy.service.ratelimit.v3.RateLimitService(
    address,
    grpc.credentials.createInsecure(),
  );
}

export function healthClient(address: string): grpc.Client {
  return new loaded.grpc.health.v1.Health(address, grpc.credentials.createInsecure());
}

type UnaryMethod<T> = (
  this: grpc.Client,
  request: unknown,
  callback: (error: grpc.ServiceError | null, response: T) => void,
) => void;

/** Promise wrapper for a unary call; rejects with the grpc-js ServiceError. */
export function unary<T>(client: grpc.Client, method: string, request: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const call = (client as unknown as Record<string, UnaryMethod<T>>)[method];
    call.call(client, request, (error, response) => (error ? reject(error) : resolve(response)));
  });
}

/**
 * A unary call with a caller deadline, as Envoy makes them: a call the service never answers ends
 * DEADLINE_EXCEEDED after `deadlineMs` instead of hanging the test (assert on the status, not on a
 * wall-clock time).
 */
export function unaryWithin<T>(
  client: grpc.Client,
  method: string,
  request: unknown,
  deadlineMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const call = (
      client as unknown as Record<
        string,
        (
          this: grpc.Client,
          request: unknown,
          metadata: grpc.Metadata,
          options: grpc.CallOptions,
          callback: (error: grpc.ServiceError | null, response: T) => void,
        ) => void
      >
    )[method];
    call.call(
      client,
      request,
      new grpc.Metadata(),
      { deadline: Date.now() + deadlineMs },
      (error, response) => (error ? reject(error) : resolve(response)),
    );
  });
}
