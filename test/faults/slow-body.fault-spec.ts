import { connect } from 'node:net';
import { freePort } from '../support/free-port';
import { ServiceProcess, startService } from '../support/service-process';

/**
 * A client sending its body one byte a second cannot hold a connection: after
 * HTTP_REQUEST_TIMEOUT (2 s here) every HTTP listener (the service's, the debug one, Prometheus')
 * answers 408 and closes the connection, and the service stays healthy.
 */

jest.setTimeout(60_000);

const TIMEOUT_MS = 2_000;
let service: ServiceProcess;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  service = await startService({
    MODULES: 'ratelimit',
    HTTP_REQUEST_TIMEOUT: `${TIMEOUT_MS / 1000}s`,
    USE_PROMETHEUS: 'true',
    PROMETHEUS_ADDR: `127.0.0.1:${metricsPort}`,
  });
});
afterAll(() => service.stop());

interface Trickle {
  readonly response: string;
  readonly closedAfterMs: number;
  readonly bytesSent: number;
}

/** Sends the headers at once, then the body one byte a second until the server closes. */
function trickle(hostPort: string, path: string): Promise<Trickle> {
  const [host, port] = [hostPort.split(':')[0], Number(hostPort.split(':')[1])];
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host, port });
    let response = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (response += chunk));
    socket.on('error', () => undefined); // a reset after the 408 is fine
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ response, closedAfterMs: Date.now() - started, bytesSent });
    });
    socket.once('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostPort}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
      );
      timer = setInterval(() => {
        if (socket.destroyed) return;
        socket.write('{');
        bytesSent++;
        if (bytesSent > 30) {
          clearInterval(timer);
          socket.destroy();
          reject(new Error(`still open after ${bytesSent} s: ${response}`));
        }
      }, 1_000);
    });
  });
}

const hostPortOf = (url: string) => new URL(url).host;

describe('a body sent one byte a second', () => {
  it.each([
    ['the HTTP listener', () => hostPortOf(service.httpUrl), '/json'],
    ['the debug listener', () => hostPortOf(service.debugUrl), '/stats'],
    ['the Prometheus listener', () => `127.0.0.1:${metricsPort}`, '/metrics'],
  ])('on %s is answered 408 and closed after the request timeout', async (_name, where, path) => {
    const result = await trickle(where(), path);
    // The last answer on the connection (Prometheus answers a POST 404 before reading its body).
    expect(result.response).toMatch(/HTTP\/1\.1 408 Request Timeout\r\n[^]*$/);
    expect(result.response.lastIndexOf('HTTP/1.1 ')).toBe(result.response.indexOf('HTTP/1.1 408'));
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    // The connections are checked every quarter of the timeout.
    expect(result.closedAfterMs).toBeLessThan(TIMEOUT_MS * 2 + 1_000);
  });

  it('many at once leave the service healthy and answering', async () => {
    const slow = Array.from({ length: 20 }, () => trickle(hostPortOf(service.httpUrl), '/json'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const health = await fetch(`${service.httpUrl}/healthcheck`);
    expect(health.status).toBe(200);
    const results = await Promise.all(slow);
    expect(results.every((r) => /^HTTP\/1\.1 408 /.test(r.response))).toBe(true);
    const after = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      body: JSON.stringify({
        domain: 'example',
        descriptors: [{ entries: [{ key: 'api_key', value: 'slow-body' }] }],
      }),
    });
    expect(after.status).toBe(200);
    expect(service.output()).not.toMatch(/ERROR/);
  });
});
