import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServerCredentials } from '@grpc/grpc-js';
import { GrpcOptions, Transport } from '@nestjs/microservices';
import { Settings } from '../../../settings/settings';

export const PROTO_ROOT = join(__dirname, '..', '..', '..', '..', 'proto');

/** Nest gRPC transport options: the rate limit and health services on GRPC_HOST:GRPC_PORT or GRPC_UDS. */
export function grpcServerOptions(settings: Settings): GrpcOptions {
  const { grpc } = settings;
  return {
    transport: Transport.GRPC,
    options: {
      url: grpc.uds !== '' ? `unix://${grpc.uds}` : `${grpc.host}:${grpc.port}`,
      package: ['envoy.service.ratelimit.v3', 'grpc.health.v1'],
      protoPath: ['envoy/service/ratelimit/v3/rls.proto', 'grpc/health/v1/health.proto'],
      loader: {
        includeDirs: [PROTO_ROOT],
        keepCase: false,
        longs: Number,
        enums: Number,
        defaults: true,
        oneofs: false,
      },
      gracefulShutdown: true,
      credentials: serverCredentials(settings),
      channelOptions: {
        'grpc.max_connection_age_ms': grpc.maxConnectionAge,
        'grpc.max_connection_age_grace_ms': grpc.maxConnectionAgeGrace,
      },
    },
  };
}

function serverCredentials(settings: Settings): ServerCredentials {
  const { grpc } = settings;
  if (!grpc.useTls) return ServerCredentials.createInsecure();
  const ca = grpc.clientCaCert !== '' ? readFileSync(grpc.clientCaCert) : null;
  return ServerCredentials.createSsl(
    ca,
    [{ cert_chain: readFileSync(grpc.tlsCert), private_key: readFileSync(grpc.tlsKey) }],
    ca !== null,
  );
}
