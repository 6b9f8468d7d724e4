import { PROJECT_ROOT } from '../test/support/service-process';
import { BENCH } from './settings';
import { grpcFramedRequest, protoRootOf, RATE_LIMIT_PATH } from './tools/grpc-frame';
import { h2load } from './tools/h2load';
import { LoadResult } from './tools/load-result';
import { wrk } from './tools/wrk';

const GRPC_HEADERS = ['content-type: application/grpc', 'te: trailers'];
const frames = new Map<unknown, Buffer>();

/** The gRPC-framed protobuf body of a request, built once per request object. */
function frameOf(request: unknown): Buffer {
  let frame = frames.get(request);
  if (!frame) {
    frame = grpcFramedRequest(protoRootOf(PROJECT_ROOT), request);
    frames.set(request, frame);
  }
  return frame;
}

/**
 * ShouldRateLimit with h2load: saturating (16 connections × 10 streams), or with `rpsPerClient`
 * a fixed rate with one stream per connection, which also gives p50/p99.
 */
export function grpcLoad(
  url: string,
  request: unknown,
  options: { rpsPerClient?: number; seconds?: number } = {},
): Promise<LoadResult> {
  return h2load({
    url: url + RATE_LIMIT_PATH,
    body: frameOf(request),
    seconds: options.seconds ?? BENCH.seconds,
    clients: BENCH.grpcLoad.clients,
    streams: options.rpsPerClient ? 1 : BENCH.grpcLoad.streams,
    headers: GRPC_HEADERS,
    rpsPerClient: options.rpsPerClient,
  });
}

/** `POST /json` with wrk (32 connections). */
export function jsonLoad(
  url: string,
  request: unknown,
  seconds = BENCH.seconds,
): Promise<LoadResult> {
  return wrk(`${url}/json`, JSON.stringify(request), seconds, BENCH.httpConnections);
}
