import * as grpc from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { connect as http2Connect } from 'node:http2';
import { connect, Socket } from 'node:net';
import { CALLER_DEADLINE_MS } from '../support/decision-load';
import { rateLimitClient } from '../support/grpc-clients';
import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';

/*
 * Slow clients and malformed or oversized messages on every listener must not exhaust memory or
 * block other callers. Every loop here is bounded in count and time.
 */

const RULES = `
domain: abuse
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: 1000000000}
`;
const request = { domain: 'abuse', descriptors: [{ entries: [{ key: 'user', value: 'fine' }] }] };

interface DeadlineCall {
  ShouldRateLimit(
    request: unknown,
    metadata: grpc.Metadata,
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, response: { overallCode: string }) => void,
  ): void;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

describe('abusive clients on every listener', () => {
  let service: ServiceProcess;
  let client: grpc.Client;
  const port = (url: string) => Number(url.split(':').pop());
  /*
   * One decision on each transport, each with a caller deadline: a listener blocked by the abuse
   * fails it (DEADLINE_EXCEEDED, an abort) with its reason, instead of a wall-clock threshold that
   * a loaded two-core machine crosses without anything being blocked.
   */
  const decide = async () => {
    const response = await new Promise<{ overallCode: string }>((resolve, reject) =>
      (client as unknown as DeadlineCall).ShouldRateLimit(
        request,
        new grpc.Metadata(),
        { deadline: Date.now() + CALLER_DEADLINE_MS },
        (error, answer) => (error ? reject(error) : resolve(answer)),
      ),
    );
    expect(response.overallCode).toBe('OK');
    const json = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(CALLER_DEADLINE_MS),
    });
    expect(json.status).toBe(200);
  };

  beforeAll(async () => {
    service = await startService(ruleDirectory({ 'abuse.yaml': RULES }));
    client = rateLimitClient(service.grpcAddress);
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
  });

  it('200 slow HTTP clients holding half-sent requests do not block other callers', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 200 }, () => openSocket(port(service.httpUrl))),
    );
    try {
      for (const socket of sockets) {
        socket.write('POST /json HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"dom');
      }
      for (let i = 0; i < 20; i++) await decide();
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it('garbage bytes on the HTTP and gRPC ports are refused without harm', async () => {
    for (const target of [
      port(service.httpUrl),
      port(service.grpcAddress),
      port(service.debugUrl),
    ]) {
      const socket = await openSocket(target);
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.on('error', () => undefined);
      socket.resume(); // read whatever answer comes, so the server's close is seen
      socket.write(
        Buffer.from('\x00\x01\x02 not a protocol at all \r\n\r\n\xff\xfe'.repeat(100), 'binary'),
      );
      await closed;
    }
    await decide();
  });

  it('an HTTP body of 20 MiB is refused with 413 and does not grow memory', async () => {
    const before = rssMiB(service.child.pid!);
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${service.httpUrl}/json`, {
        method: 'POST',
        body: 'x'.repeat(20 * 1024 * 1024),
      }).catch(() => undefined);
      if (response) expect(response.status).toBe(413);
    }
    expect(rssMiB(service.child.pid!) - before).toBeLessThan(64);
    await decide();
  });

  it('a gRPC frame that is not a RateLimitRequest gets an error status, and the server keeps serving', async () => {
    const session = http2Connect(`http://${service.grpcAddress}`);
    try {
      const garbage = Buffer.from([0, 0, 0, 0, 6, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
      const status = await new Promise<string | undefined>((resolve, reject) => {
        const stream = session.request({
          ':method': 'POST',
          ':path': '/envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit',
          'content-type': 'application/grpc',
          te: 'trailers',
        });
        let grpcStatus: string | undefined;
        stream.on(
          'response',
          (headers) => (grpcStatus = headers['grpc-status'] as string | undefined),
        );
        stream.on(
          'trailers',
          (trailers) => (grpcStatus = trailers['grpc-status'] as string | undefined),
        );
        stream.on('close', () => resolve(grpcStatus));
        stream.on('error', reject);
        stream.resume();
        stream.end(garbage);
      });
      expect(status).toBeDefined();
      expect(status).not.toBe('0');
    } finally {
      session.close();
    }
    await decide();
  });

  it('50 gRPC streams that never send their message do not block other callers', async () => {
    const session = http2Connect(`http://${service.grpcAddress}`);
    session.on('error', () => undefined);
    const streams = Array.from({ length: 50 }, () => {
      const stream = session.request({
        ':method': 'POST',
        ':path': '/envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit',
        'content-type': 'application/grpc',
        te: 'trailers',
      });
      stream.on('error', () => undefined);
      stream.write(Buffer.from([0, 0, 0, 0, 100])); // announces 100 bytes, sends none
      return stream;
    });
    try {
      for (let i = 0; i < 20; i++) await decide();
    } finally {
      for (const stream of streams) stream.close();
      session.destroy();
    }
  });
});
