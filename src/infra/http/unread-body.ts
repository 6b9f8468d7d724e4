import type { FastifyReply } from 'fastify';

/**
 * Keeps the connection of a request answered before its body was read (a body over the limit:
 * 413). Fastify marks such an answer `Connection: close`; closing a socket with unread bytes makes
 * the kernel send a reset, which can reach the client before it has read the answer, so it sees
 * EPIPE or ECONNRESET instead of the 413 (seen in CI). Without the header Node discards the rest
 * of the body, as it does for any body a handler leaves unread, and HTTP_REQUEST_TIMEOUT still
 * bounds how long a client may keep sending it.
 */
export function discardUnreadBody(reply: FastifyReply): void {
  if (!reply.request.raw.complete) reply.removeHeader('connection');
}
