import { loadSync, type MethodDefinition } from '@grpc/proto-loader';
import fc from 'fast-check';

import { loadSettings } from '../../../settings/settings.loader';
import type { RateLimitRequest } from '../../limiter/rate-limit.model';
import { expectWellFormed, validRequestArb } from '../rate-limit-request.fixtures';
import { fromGrpcRequest } from './message.mapper';
import type { GrpcRateLimitRequest, GrpcRateLimitResponse } from './messages';
import { grpcServerOptions } from './server.options';

// Property tests (docs/testing.md#property-tests): the ShouldRateLimit request as the server decodes it (the loader
// options of server.options.ts, then fromGrpcRequest). Bytes protobufjs cannot decode make it
// throw, which grpc-js answers with INTERNAL "Error deserializing request", as grpc-go does; bytes
// it can decode must give a request the limiter can take. fast-check prints seed and path on a
// failure (docs/testing.md).

const { options } = grpcServerOptions(loadSettings({}));
const definition = loadSync(options.protoPath!, options.loader);
const shouldRateLimit = (
  definition['envoy.service.ratelimit.v3.RateLimitService'] as Record<
    string,
    MethodDefinition<GrpcRateLimitRequest, GrpcRateLimitResponse>
  >
).ShouldRateLimit;

/** The message as a client (Envoy, ratelimit-client) puts it on the wire. */
function toWire(request: RateLimitRequest): Buffer {
  return shouldRateLimit.requestSerialize({
    domain: request.domain,
    hitsAddend: request.hitsAddend,
    descriptors: request.descriptors.map((d) => ({
      entries: d.entries.map((e) => ({ key: e.key, value: e.value })),
      limit: d.limit ?? null,
      hitsAddend: d.hitsAddend === undefined ? null : { value: d.hitsAddend },
    })),
  });
}

/** A valid message with some bytes changed, cut or added: the decoder goes deep before failing. */
const damagedArb = fc
  .tuple(
    validRequestArb.map(toWire),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
    fc.option(fc.nat(), { nil: undefined }),
    fc.uint8Array({ maxLength: 8 }),
  )
  .map(([wire, changes, cut, tail]) => {
    const bytes = Buffer.from(wire);
    for (const [at, byte] of changes) if (bytes.length > 0) bytes[at % bytes.length] = byte;
    const kept = cut === undefined ? bytes : bytes.subarray(0, cut % (bytes.length + 1));
    return Buffer.concat([kept, tail]);
  });

describe('ShouldRateLimit request decoding (property)', () => {
  it('any bytes either fail to deserialize (INTERNAL) or give a well-formed request', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
          damagedArb,
        ),
        (bytes) => {
          let message: GrpcRateLimitRequest;
          try {
            message = shouldRateLimit.requestDeserialize(bytes);
          } catch (error) {
            // grpc-js catches any throw here; it must still be an error, not a hang or a crash.
            expect(error).toBeInstanceOf(Error);
            return;
          }
          // UInt64Value reaches the limiter as a Number: up to 2^64 - 1, imprecise past 2^53.
          expectWellFormed(fromGrpcRequest(message), {
            maxDescriptorAddend: 2 ** 64,
            anyUnit: true,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a request encoded as Envoy sends it decodes back to it', () => {
    fc.assert(
      fc.property(validRequestArb, (request) => {
        const decoded = fromGrpcRequest(shouldRateLimit.requestDeserialize(toWire(request)));
        expect(decoded).toEqual(request);
      }),
      { numRuns: 300 },
    );
  });
});
