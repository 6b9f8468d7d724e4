import { Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  answerFromBody,
  installRequestShortcut,
  replayBody,
} from '../../../infra/http/request-shortcut';
import { logsRequests } from '../../../infra/logging/logging.module';
import { Settings } from '../../../settings/settings';
import { DecisionTracer } from '../../../infra/tracing/decision-tracer';
import { httpHeadersGetter } from '../../../infra/tracing/trace-carriers';
import { Tracing } from '../../../infra/tracing/tracing';
import {
  InvalidRateLimitRequestError,
  RateLimitRequest,
  RateLimitUnavailableError,
} from '../../limiter/rate-limit.model';
import { DecisionCallback, RateLimitService } from '../../limiter/rate-limit.service';
import { decideFor } from '../traced-decision';
import { decodeJsonRequest } from './json-request.decoder';
import { encodeJsonResponse } from './json-response.encoder';
import {
  decisionStatus,
  JSON_PATH,
  plainJsonValue,
  sendDecision,
  takesShortcut,
} from './json-shortcut';

const ANY_METHOD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** A decision error the shortcut met, for the route to answer as it answers its own. */
const SHORTCUT_ERROR = Symbol('jsonShortcutError');

interface WithShortcutError {
  [SHORTCUT_ERROR]?: Error;
}

/**
 * `/json`, any method (as upstream): 200 when nothing is over limit, 429 otherwise. Errors are
 * JSON `{"message"}`: 400 for a bad request, 503 when no decision can be made.
 *
 * A plain Fastify route rather than a Nest controller: a decision needs none of Nest's
 * per-request pipeline (execution context, guards, interceptors, pipes), and this is a hot path.
 * For the same reason the usual request (a `POST` of a plain JSON body, json-shortcut.ts) is
 * answered from the HTTP server's `request` event, before Fastify: every route pays the root
 * instance's hooks (Nest adds five) and Fastify's per-request objects, which cost a decision
 * about as much as the decision itself. Only decisions are answered there; every other request,
 * and every error, goes to the route with the body already read (`replayBody`), and is answered
 * as before. Not while request logs are on: those must see every request.
 */
@Injectable()
export class JsonRoute implements OnModuleInit, OnApplicationBootstrap {
  /** Undefined unless TRACING_ENABLED: decided once here, so an untraced call does no span work. */
  private readonly tracer: DecisionTracer | undefined;
  private closing = false;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly rateLimit: RateLimitService,
    private readonly settings: Settings,
    tracing: Tracing,
  ) {
    this.tracer = tracing.decisions;
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.route({
      method: [...ANY_METHOD],
      url: JSON_PATH,
      preParsing: replayBody,
      handler: (request, reply) => this.handle(request, reply),
    });
  }

  /** After every module's own: the outermost `request` listener, so /json passes no other. */
  onApplicationBootstrap(): void {
    if (logsRequests(this.settings)) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    installRequestShortcut(fastify.server, (request, response, forward) =>
      this.answerRaw(request, response, forward),
    );
    // A closing server's answers (503, connection close) are Fastify's.
    fastify.addHook('preClose', (done) => {
      this.closing = true;
      done();
    });
  }

  private answerRaw(request: IncomingMessage, response: ServerResponse, forward: () => void): void {
    if (this.closing || !takesShortcut(request)) return forward();
    answerFromBody(request, response, forward, (body, pass) => {
      const value = plainJsonValue(body);
      if (value === undefined) return pass();
      let decision: RateLimitRequest;
      try {
        decision = decodeJsonRequest(value);
      } catch {
        return pass();
      }
      decideFor(
        this.rateLimit,
        this.tracer,
        decision,
        (error, answer) => {
          if (error === null) return sendDecision(response, answer!);
          (request as WithShortcutError)[SHORTCUT_ERROR] = error;
          pass();
        },
        'http',
        request.headers,
        httpHeadersGetter,
      );
    });
  }

  private handle(request: FastifyRequest, reply: FastifyReply): void {
    const done: DecisionCallback = (error, response) => {
      if (error === null) {
        void reply
          .status(decisionStatus(response!))
          .type('application/json; charset=utf-8')
          .send(encodeJsonResponse(response!));
      } else if (error instanceof InvalidRateLimitRequestError) {
        void reply.status(400).send({ message: error.message });
      } else if (error instanceof RateLimitUnavailableError) {
        void reply.status(503).send({ message: error.message });
      } else {
        void reply.send(error);
      }
    };
    const raw = request.raw as WithShortcutError;
    const shortcutError = raw[SHORTCUT_ERROR];
    if (shortcutError !== undefined) {
      delete raw[SHORTCUT_ERROR];
      done(shortcutError);
      return;
    }
    let decision: RateLimitRequest;
    try {
      decision = decodeJsonRequest(request.body);
    } catch (error) {
      done(error as Error);
      return;
    }
    decideFor(
      this.rateLimit,
      this.tracer,
      decision,
      done,
      'http',
      request.headers,
      httpHeadersGetter,
    );
  }
}
