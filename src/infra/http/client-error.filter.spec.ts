import {
  ArgumentsHost,
  BadRequestException,
  HttpException,
  HttpServer,
  Logger,
} from '@nestjs/common';
import { ClientErrorFilter } from './client-error.filter';
import { MAX_DISCARDED_BODY_BYTES } from './unread-body';

/** A Fastify reply to a request whose body was not read (complete: false), as after a 413. */
function unreadReply(contentLength = 2 * 1024 * 1024) {
  return {
    request: { raw: { complete: false, headers: { 'content-length': String(contentLength) } } },
    removeHeader: jest.fn(),
  };
}

function httpHost(response: object = unreadReply()): ArgumentsHost {
  const request = { method: 'POST', url: '/json' };
  return {
    getType: () => 'http',
    getArgByIndex: (index: number) => [request, response][index],
    switchToHttp: () => ({
      getRequest: () => request,
      getResponse: () => response,
      getNext: () => undefined,
    }),
  } as unknown as ArgumentsHost;
}

describe('ClientErrorFilter', () => {
  const replies: { body: unknown; status?: number }[] = [];
  const adapter = {
    reply: (_response: unknown, body: unknown, status?: number) => replies.push({ body, status }),
    isHeadersSent: () => false,
    end: () => undefined,
  } as unknown as HttpServer;
  let debug: jest.SpyInstance;
  let error: jest.SpyInstance;

  beforeEach(() => {
    replies.length = 0;
    debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers a parser error with its status and only a message, logged once at debug', () => {
    const parserError = Object.assign(new Error('request body is not valid JSON'), {
      statusCode: 400,
    });
    new ClientErrorFilter(adapter).catch(parserError, httpHost());
    expect(replies).toEqual([{ body: { message: 'request body is not valid JSON' }, status: 400 }]);
    expect(debug).toHaveBeenCalledTimes(1);
    expect(debug.mock.calls[0][0]).toBe('POST /json: 400 request body is not valid JSON');
    expect(error).not.toHaveBeenCalled();
  });

  it('answers a Fastify error as Nest maps it (a string HttpException) with only a message', () => {
    const reply = unreadReply();
    new ClientErrorFilter(adapter).catch(
      new HttpException('Request body is too large', 413),
      httpHost(reply),
    );
    expect(replies).toEqual([{ body: { message: 'Request body is too large' }, status: 413 }]);
    expect(debug).toHaveBeenCalledTimes(1);
    // The unread rest of the body is discarded on a kept connection, not reset (unread-body.ts).
    expect(reply.removeHeader).toHaveBeenCalledWith('connection');
    // A body too large to be worth reading still closes the connection.
    const huge = unreadReply(MAX_DISCARDED_BODY_BYTES + 1);
    new ClientErrorFilter(adapter).catch(
      new HttpException('Request body is too large', 413),
      httpHost(huge),
    );
    expect(huge.removeHeader).not.toHaveBeenCalled();
  });

  it('keeps Nest’s answer for HttpExceptions with an object response and server errors', () => {
    const filter = new ClientErrorFilter(adapter);
    filter.catch(new BadRequestException({ message: 'bad' }), httpHost());
    expect(replies).toEqual([{ body: { message: 'bad' }, status: 400 }]);
    filter.catch(Object.assign(new Error('boom'), { statusCode: 503 }), httpHost());
    expect(replies[1].status).toBe(503);
    expect(debug).not.toHaveBeenCalled();
  });
});
