import { Agent, request as httpRequest } from 'node:http';
import { Sender } from './instruction-count';
import { HttpRequestSpec } from './wrk-request';

const IN_FLIGHT = 8;

/**
 * Sends one kind of request `count` times, IN_FLIGHT at a time over keep-alive connections,
 * with the headers wrk sends (`Host`, the request's own, `Content-Length`), not fetch's half
 * dozen more, which the server would parse on every request; an answer other than 200 throws.
 * For counting what a server spends per request, not for load.
 */
export function httpSender(baseUrl: string, spec: HttpRequestSpec): Sender {
  const url = new URL(spec.path, baseUrl);
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const headers = {
    ...spec.headers,
    ...(body !== undefined && { 'content-length': String(body.length) }),
  };
  return async (count) => {
    const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const one = () =>
      new Promise<void>((resolve, reject) => {
        const sent = httpRequest(url, { method: spec.method, headers, agent }, (response) => {
          response.resume();
          response.once('end', () =>
            response.statusCode === 200
              ? resolve()
              : reject(new Error(`${url.href} answered ${response.statusCode}`)),
          );
        });
        sent.once('error', reject);
        sent.end(body);
      });
    let left = count;
    const caller = async () => {
      while (left-- > 0) await one();
    };
    try {
      await Promise.all(Array.from({ length: IN_FLIGHT }, caller));
    } finally {
      agent.destroy();
    }
  };
}
