import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoRootOf } from './grpc-frame';
import { PROJECT_ROOT } from '../../test/support/service-process';

/** A decision as @grpc/proto-loader decodes it (enums as names). */
export interface DecisionResponse {
  readonly overallCode: string;
  readonly statuses: readonly {
    readonly code: string;
    readonly currentLimit: { readonly requestsPerUnit: number; readonly unit: string } | null;
    readonly limitRemaining: number;
  }[];
}

export interface RateLimitClient {
  shouldRateLimit(request: unknown): Promise<DecisionResponse>;
  close(): void;
}

type Unary = (
  request: unknown,
  options: grpc.CallOptions,
  callback: (error: grpc.ServiceError | null, response: DecisionResponse) => void,
) => void;

/** A grpc-js client of ShouldRateLimit (channelz off, as the service runs it). */
export function rateLimitClient(address: string): RateLimitClient {
  const definition = protoLoader.loadSync('envoy/service/ratelimit/v3/rls.proto', {
    includeDirs: [protoRootOf(PROJECT_ROOT)],
    keepCase: false,
    longs: Number,
    enums: String,
    defaults: true,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    envoy: { service: { ratelimit: { v3: { RateLimitService: grpc.ServiceClientConstructor } } } };
  };
  const client = new loaded.envoy.service.ratelimit.v3.RateLimitService(
    address,
    grpc.credentials.createInsecure(),
    { 'grpc.enable_channelz': 0 },
  );
  const call = (client as unknown as { ShouldRateLimit: Unary }).ShouldRateLimit.bind(client);
  return {
    shouldRateLimit: (request) =>
      new Promise((resolve, reject) =>
        call(request, { deadline: Date.now() + 10_000 }, (error, response) =>
          error ? reject(error) : resolve(response),
        ),
      ),
    close: () => client.close(),
  };
}
