import type { preParsingHookHandler } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * Answers a request itself, or calls `forward()` (at once, or after reading the body with
 * `answerFromBody`) to leave it to the framework.
 */
export type RequestShortcut = (
  request: IncomingMessage,
  response: ServerResponse,
  forward: () => void,
) => void;

/** The body a shortcut read before forwarding the request (replayBody hands it to Fastify). */
const READ_BODY = Symbol('readBody');

interface WithReadBody {
  [READ_BODY]?: Buffer;
}

/**
 * Puts `shortcut` in front of the server's `request` listeners (Fastify's handler, attached when
 * Fastify created the server): a request it answers never reaches the framework, with none of
 * the framework's per-request work (hooks, routing, reply objects). For answers that need none
 * of it; every other request goes on as before, and so does one the shortcut failed on.
 */
export function installRequestShortcut(server: Server, shortcut: RequestShortcut): void {
  const listeners = server.listeners('request') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    let forwarded = false;
    const forward = () => {
      forwarded = true;
      for (const listener of listeners) listener.call(server, request, response);
    };
    try {
      shortcut(request, response, forward);
    } catch {
      if (!forwarded && !response.headersSent) forward();
    }
  });
}

/**
 * Reads the body (the caller checked its announced length), then lets `answer` send an answer
 * from it, or call `pass` to leave the request to the framework with the body kept for the
 * route's `replayBody` hook (also what happens when `answer` throws before sending anything).
 * A request that fails meanwhile (the client went away) is destroyed.
 */
export function answerFromBody(
  request: IncomingMessage,
  response: ServerResponse,
  forward: () => void,
  answer: (body: Buffer, pass: () => void) => void,
): void {
  // The usual body comes in one chunk: no list is made for it.
  let first: Buffer | undefined;
  let more: Buffer[] | undefined;
  request.on('data', (chunk: Buffer) => {
    if (first === undefined) first = chunk;
    else if (more === undefined) more = [first, chunk];
    else more.push(chunk);
  });
  request.once('error', () => request.destroy());
  request.once('end', () => {
    const body = more !== undefined ? Buffer.concat(more) : (first ?? Buffer.alloc(0));
    let passed = false;
    const pass = () => {
      if (passed) return;
      passed = true;
      (request as WithReadBody)[READ_BODY] = body;
      forward();
    };
    try {
      answer(body, pass);
    } catch {
      if (!response.headersSent) pass();
    }
  });
}

/**
 * Fastify `preParsing` hook of routes behind a shortcut: the body it already read, as the stream
 * Fastify parses, or the request's own stream.
 */
export const replayBody: preParsingHookHandler = (request, _reply, payload, done) => {
  const raw = request.raw as WithReadBody;
  const body = raw[READ_BODY];
  if (body === undefined) return done(null, payload);
  delete raw[READ_BODY];
  done(null, Readable.from([body], { objectMode: false }));
};
