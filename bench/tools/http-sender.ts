import { Sender } from './instruction-count';
import { HttpRequestSpec } from './wrk-request';

const IN_FLIGHT = 8;

/**
 * Sends one kind of request `count` times, IN_FLIGHT at a time over keep-alive connections
 * (fetch's pool); an answer other than 200 throws. For counting what a server spends per request,
 * not for load: the client's own speed does not matter there.
 */
export function httpSender(baseUrl: string, request: HttpRequestSpec): Sender {
  const url = `${baseUrl}${request.path}`;
  const init = { method: request.method, headers: request.headers, body: request.body };
  return async (count) => {
    let left = count;
    const caller = async () => {
      while (left-- > 0) {
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, caller));
  };
}
