import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Secret } from '../../settings/secret';

/** Digests compare in constant time whatever the lengths. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The token a request presents: `Authorization: Bearer <token>` (scripts, curl), or Basic with the
 * token as the password (a browser asks for it once and sends it with every later request, the
 * console's fetches included); the user name is free and only logged.
 */
export function presentedToken(
  header: string | undefined,
): { token: string; user?: string } | undefined {
  if (header === undefined) return undefined;
  const space = header.indexOf(' ');
  if (space < 0) return undefined;
  const scheme = header.slice(0, space).toLowerCase();
  const value = header.slice(space + 1).trim();
  if (scheme === 'bearer') return { token: value };
  if (scheme !== 'basic') return undefined;
  const pair = Buffer.from(value, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  if (colon < 0) return undefined;
  return { user: pair.slice(0, colon), token: pair.slice(colon + 1) };
}

/** DEBUG_TOKEN: when set, every route of the listener answers 401 without it. */
export function requireDebugToken(server: FastifyInstance, token: Secret): void {
  if (!token.isSet) return;
  const expected = digest(token.reveal());
  server.addHook('onRequest', (request, reply, done) => {
    const presented = presentedToken(request.headers.authorization);
    if (presented !== undefined && timingSafeEqual(digest(presented.token), expected)) {
      done();
      return;
    }
    void reply
      .code(401)
      .header('www-authenticate', 'Basic realm="ratelimit debug", charset="UTF-8"')
      .send({ message: 'DEBUG_TOKEN is set: send Authorization: Bearer <token>' });
  });
}

/** Who asked, for the log of a reset: the peer, and the Basic user name when one was given. */
export function requester(request: FastifyRequest): string {
  const user = presentedToken(request.headers.authorization)?.user;
  return user ? `${user}@${request.ip}` : request.ip;
}
