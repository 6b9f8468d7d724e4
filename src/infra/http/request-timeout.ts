import type { Server } from 'node:http';

/**
 * HTTP_REQUEST_TIMEOUT on a Node HTTP server (Fastify's or a plain one), before it listens: a
 * request whose headers and body have not all arrived in time is answered 408 and its connection
 * closed, so a client sending a body one byte a second cannot hold a connection. Node checks the
 * connections on an interval (30 s by default, read when the server starts listening): it is made
 * a quarter of the timeout (250 ms to 5 s) so the timeout is kept closely. 0 disables the timeout.
 */
export function applyRequestTimeout(server: Server, timeoutMs: number): void {
  server.requestTimeout = timeoutMs;
  if (timeoutMs <= 0) return;
  // Node requires headersTimeout <= requestTimeout.
  server.headersTimeout = Math.min(server.headersTimeout, timeoutMs);
  // A public property of http.Server that @types/node 20 does not declare.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    checkingInterval(timeoutMs);
}

export function checkingInterval(timeoutMs: number): number {
  return Math.min(5_000, Math.max(250, Math.floor(timeoutMs / 4)));
}
