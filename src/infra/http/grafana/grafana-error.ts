import { randomInt } from 'node:crypto';

/** A JSON error body as Grafana writes it. */
export type GrafanaErrorBody = Readonly<Record<string, unknown>>;

/**
 * An error answered exactly as Grafana answers it. Three shapes exist
 * (docs/teams-api.md#endpoints):
 * - handler errors: `{"message"}`, plus `"traceID"` when Grafana passed an underlying cause (the
 *   body is then re-encoded from a map, so its keys are sorted);
 * - structured ("errutil") errors: `{"message","messageId","statusCode","traceID"}`;
 * - RBAC denials: `{"accessErrorId","message","title"}`.
 * Tracing is off, so `traceID` is always the empty string, as in Grafana without tracing.
 */
export class GrafanaError extends Error {
  constructor(
    readonly status: number,
    readonly body: GrafanaErrorBody,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
    this.name = 'GrafanaError';
  }

  /** A handler error; `withCause` adds the `traceID` key. */
  static message(status: number, message: string, withCause = false): GrafanaError {
    return new GrafanaError(status, withCause ? { message, traceID: '' } : { message });
  }

  /** A structured error; `message` is its public message. */
  static structured(status: number, messageId: string, message: string): GrafanaError {
    return new GrafanaError(status, { message, messageId, statusCode: status, traceID: '' });
  }

  /** The RBAC middleware's denial naming the missing action. */
  static accessDenied(action: string): GrafanaError {
    return new GrafanaError(403, {
      accessErrorId: `ACE${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`,
      message: `You'll need additional permissions to perform this action. Permissions needed: ${action}`,
      title: 'Access denied',
    });
  }

  /** `400 {"message":"bad request data","traceID":""}`: undecodable or invalid body. */
  static badRequestData(message = 'bad request data'): GrafanaError {
    return GrafanaError.message(400, message, true);
  }
}
