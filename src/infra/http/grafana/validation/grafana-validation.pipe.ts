import type { ValidationOptions } from 'class-validator';
import { DtoValidationPipe } from '../../validation/dto-validation.pipe';
import type { ConstraintFailure, FailureContext } from '../../validation/validation-failures';
import { GrafanaError } from '../grafana-error';
import { bindGoJson } from './go-json.binding';

/** How Grafana answers one failed check (the shapes of `GrafanaError`). */
export interface GrafanaAnswer {
  readonly status: number;
  readonly message: string;
  /** A handler error with an underlying cause: the body has `traceID`. */
  readonly traceID?: boolean;
  /** A structured (errutil) error with this `messageId`. */
  readonly messageId?: string;
}

/** Grafana's answer to a body it cannot decode: `400 {"message":"bad request data","traceID":""}`. */
export const BAD_REQUEST_DATA: GrafanaAnswer = {
  status: 400,
  message: 'bad request data',
  traceID: true,
};

interface GrafanaContext extends FailureContext {
  readonly grafana: GrafanaAnswer;
}

/**
 * The options of a constraint Grafana answers with its own status and message. `rank` orders it
 * among the other checks (default 1: after every type error, which Grafana's body decoding
 * reports first); checks of equal rank are answered in the order of the DTO's properties.
 */
export function answeredAs(answer: GrafanaAnswer, rank = 1): ValidationOptions {
  const context: GrafanaContext = { rank, grafana: answer };
  return { message: answer.message, context };
}

/** The exception for a failure: its declared answer, else `400 {"message":<bad request>,"traceID":""}`. */
export function grafanaAnswer(
  failure: ConstraintFailure,
  badRequest = 'bad request data',
): GrafanaError {
  const answer = (failure.context as GrafanaContext | undefined)?.grafana;
  if (answer === undefined) return GrafanaError.badRequestData(badRequest);
  if (answer.messageId !== undefined) {
    return GrafanaError.structured(answer.status, answer.messageId, answer.message);
  }
  return GrafanaError.message(answer.status, answer.message, answer.traceID === true);
}

/**
 * The validation of the Grafana-compatible `/api` controllers (`@UsePipes` on each): bodies read
 * with Go's JSON rules into the handler's DTO, queries through the DTO's `@Transform`s (Grafana's
 * lenient `c.Query*` readers), the first failure answered as Grafana answers it.
 * `badRequest` is the route family's text for an undecodable body (`Bad request data` on
 * service accounts).
 */
export class GrafanaValidationPipe extends DtoValidationPipe {
  constructor(badRequest = 'bad request data') {
    super({
      bind: (value, metatype, metadata) =>
        metadata.type === 'body' ? bindGoJson(value, metatype) : value,
      answer: (failure) => grafanaAnswer(failure, badRequest),
    });
  }
}
