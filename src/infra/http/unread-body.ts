import type { FastifyReply } from 'fastify';

/** The most a refused body may still send on a kept connection (beyond it the socket closes). */
export const MAX_DISCARDED_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Keeps the connection of a request answered before its body was read (a body over the limit:
 * 413), when the rest of the body is small. Fastify marks such an answer `Connection: close`;
 * closing a socket with unread bytes makes the kernel send a reset, which can reach the client
 * before it has read the answer, so it sees EPIPE or ECONNRESET instead of the 413 (seen in CI).
 * Without the header Node discards the rest of the body, as it does for any body a handler leaves
 * unread. A larger or undeclared body still closes the connection: reading megabytes nobody
 * wants would cost more than the client's lost answer (HTTP_REQUEST_TIMEOUT bounds both).
 */
export function discardUnreadBody(reply: FastifyReply): void {
  const request = reply.request.raw;
  if (request.complete) return;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared <= MAX_DISCARDED_BODY_BYTES) {
    reply.removeHeader('connection');
  }
}
