import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

/*
 * Baseline: a bare @grpc/grpc-js server with the same proto that decodes the request and answers a
 * canned response. Started as its own process: `node noop-grpc-server.js <protoRoot> <port>`.
 */
const [protoRoot, port] = process.argv.slice(2);
const definition = protoLoader.loadSync('envoy/service/ratelimit/v3/rls.proto', {
  includeDirs: [protoRoot],
  keepCase: false,
  longs: Number,
  enums: Number,
  defaults: true,
});
const loaded = grpc.loadPackageDefinition(definition) as unknown as {
  envoy: { service: { ratelimit: { v3: { RateLimitService: grpc.ServiceClientConstructor } } } };
};
const canned = {
  overallCode: 1,
  statuses: [
    {
      code: 1,
      currentLimit: { requestsPerUnit: 100, unit: 2 },
      limitRemaining: 99,
      durationUntilReset: { seconds: 30 },
    },
  ],
};
const server = new grpc.Server();
server.addService(loaded.envoy.service.ratelimit.v3.RateLimitService.service, {
  ShouldRateLimit: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
    callback(null, canned),
});
server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error) => {
  if (error) throw error;
  process.stdout.write('ready\n');
});
