import type * as grpc from '@grpc/grpc-js';
import { type ClientHttp2Session, type ClientHttp2Stream, connect } from 'node:http2';
import { CALLER_DEADLINE_MS } from '../support/decision-load';
import { rateLimitClient, unaryWithin } from '../support/grpc-clients';
import { ruleDirectory } from '../support/rule-dir';
import { type ServiceProcess, startService } from '../support/service-process';
import { rssMiB } from './abuse-clients.fixtures';

/*
 * Issue 29, finding 4: one HTTP/2 connection used to hold 60,000 ShouldRateLimit streams that
 * each sent only a 5-byte message prefix, none closed before the connection's 24 h age, RSS
 * 298 → 552 MB. Now a connection gets GRPC_MAX_CONCURRENT_STREAMS (default 1000), each stream
 * GRPC_REQUEST_TIMEOUT to deliver its request (2 s here, 10 s by default) and a connection
 * without calls GOAWAY after GRPC_MAX_CONNECTION_IDLE (1 s here, 15 min by default).
 */

const RULES = `
domain: streams
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: 1000000000}
`;
const DECISION = { domain: 'streams', descriptors: [{ entries: [{ key: 'user', value: 'a' }] }] };
const CONNECTIONS = 3;
const MAX_STREAMS = 1000;

interface HeldStream {
  readonly stream: ClientHttp2Stream;
  /** grpc-status of the answer, or `refused` (the server reset the stream unanswered). */
  readonly ended: Promise<string>;
}

/** A ShouldRateLimit stream that announces a 100-byte message and sends none of it. */
function halfSent(session: ClientHttp2Session): HeldStream {
  const stream = session.request({
    ':method': 'POST',
    ':path': '/envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit',
    'content-type': 'application/grpc',
    te: 'trailers',
  });
  let grpcStatus: string | undefined;
  stream.on('response', (headers) => (grpcStatus ??= headers['grpc-status'] as string | undefined));
  stream.on('trailers', (trailers) => (grpcStatus = trailers['grpc-status'] as string | undefined));
  stream.on('error', () => undefined);
  stream.resume();
  stream.write(Buffer.from([0, 0, 0, 0, 100]));
  const ended = new Promise<string>((resolve) =>
    stream.on('close', () => resolve(grpcStatus ?? 'refused')),
  );
  return { stream, ended };
}

describe('gRPC streams that never send their request (issue 29)', () => {
  let service: ServiceProcess;
  let client: grpc.Client;

  beforeAll(async () => {
    service = await startService({
      ...ruleDirectory({ 'streams.yaml': RULES }),
      GRPC_REQUEST_TIMEOUT: '2s',
      GRPC_MAX_CONNECTION_IDLE: '1s',
    });
    client = rateLimitClient(service.grpcAddress);
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
  });

  it(`${CONNECTIONS} connections × ${MAX_STREAMS} half-sent streams (the most each may open): each ended DEADLINE_EXCEEDED, memory bounded, other clients served, then GOAWAY when idle`, async () => {
    const sessions = Array.from({ length: CONNECTIONS }, () => {
      const session = connect(`http://${service.grpcAddress}`);
      session.on('error', () => undefined);
      return session;
    });
    const goaway = new Promise<void>((resolve) => sessions[0].once('goaway', () => resolve()));
    for (const session of sessions) {
      await new Promise<void>((resolve) => session.once('remoteSettings', () => resolve()));
      // The old listener advertised 2^32-1.
      expect(session.remoteSettings.maxConcurrentStreams).toBe(MAX_STREAMS);
    }
    const before = rssMiB(service.child.pid!);
    const started = performance.now();
    const held = sessions.flatMap((session) =>
      Array.from({ length: MAX_STREAMS }, () => halfSent(session)),
    );
    try {
      // Other clients, on their own connections, are served while the streams are held.
      for (let i = 0; i < 20; i++) {
        const answer = await unaryWithin<{ overallCode: string }>(
          client,
          'ShouldRateLimit',
          DECISION,
          CALLER_DEADLINE_MS,
        );
        expect(answer.overallCode).toBe('OK');
      }
      const peak = rssMiB(service.child.pid!);
      const ended = await Promise.all(held.map(({ ended }) => ended));
      const counts: Record<string, number> = {};
      for (const status of ended) counts[status] = (counts[status] ?? 0) + 1;
      console.log(
        `${held.length} half-sent streams ended in ${Math.round(performance.now() - started)} ms: ` +
          `${JSON.stringify(counts)}; RSS ${Math.round(before)} → ${Math.round(peak)} MiB`,
      );
      // DEADLINE_EXCEEDED (4) for each, after GRPC_REQUEST_TIMEOUT.
      expect(counts).toEqual({ '4': CONNECTIONS * MAX_STREAMS });
      expect(peak - before).toBeLessThan(64);
      // The connection has no calls left: it is sent GOAWAY after GRPC_MAX_CONNECTION_IDLE.
      await goaway;
    } finally {
      for (const { stream } of held) stream.close();
      for (const session of sessions) session.destroy();
    }
    expect(service.child.exitCode).toBeNull();
  }, 60_000);
});
