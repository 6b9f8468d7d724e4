import type { FastifyInstance } from 'fastify';

/** The largest request body the HTTP server reads (routes may set their own). */
export const HTTP_BODY_LIMIT_BYTES = 1024 * 1024;

/** A body that cannot be read as JSON: a client error, answered 400 `{"message": ...}`. */
export function invalidJsonBody(): Error & { statusCode: number } {
  return Object.assign(new Error('request body is not valid JSON'), { statusCode: 400 });
}

/**
 * The service's body parsers. Upstream's `/json` accepts a JSON body under any content type
 * (curl -d sends form encoding, fetch with a string body sends text/plain), so every type without
 * its own parser is read as JSON. `application/json` keeps Fastify's parser (prototype-poisoning
 * protection included), with its failure turned into the same plain client error, so every
 * malformed body gets the same answer and the same single debug line (ClientErrorFilter).
 */
export function installJsonBodyParsers(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    parseJsonBody(body as string, done);
  });
  const fastifyJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body: string, done) => {
      void fastifyJson(request, body, (error, value) => {
        if (error) done(invalidJsonBody());
        else done(null, value);
      });
    },
  );
}

function parseJsonBody(body: string, done: (error: Error | null, value?: unknown) => void): void {
  if (body === '') {
    done(null, undefined);
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    done(invalidJsonBody());
    return;
  }
  done(null, value);
}
