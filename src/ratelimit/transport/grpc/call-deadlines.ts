import {
  Metadata,
  ServerCredentials,
  ServerInterceptingCall,
  type ServerInterceptor,
  experimental,
  status,
} from '@grpc/grpc-js';
import { constants, type ServerHttp2Stream } from 'node:http2';

/**
 * Deadlines the server sets on every call, whatever deadline the client sent (docs/security.md#one-anonymous-client-against-the-shared-event-loop-issue-29): a
 * stream that opened and sent a message prefix, or nothing, used to be held until the
 * connection's 24 h age, with its buffers; one connection held 60,000 of them.
 * - `requestMs`: the whole request (message and end of stream) must have arrived by then;
 * - `callMs`: the call must have been answered by then (a decision stuck on its backend).
 * Either answers DEADLINE_EXCEEDED. A stream answered (by this or anything else) whose client
 * has still not ended its side by `requestMs` is reset with NO_ERROR (RFC 9113 §8.1: the answer
 * is complete, the rest of the request is not wanted): an answered stream the client keeps open
 * still counts toward GRPC_MAX_CONCURRENT_STREAMS and holds its memory. 0 turns a deadline off.
 * One timer per call, set when it starts and cleared when it is answered.
 *
 * A call whose request is a stream (RLQS' StreamRateLimitQuotas, which lives as long as its Envoy)
 * has only the first of these: its first message must arrive within `requestMs`; after that
 * neither deadline applies.
 */
export function callDeadlinesInterceptor(
  requestMs: number,
  callMs: number,
): ServerInterceptor | undefined {
  if (requestMs <= 0 && callMs <= 0) return undefined;
  const requestDetails = `request not received within ${requestMs} ms (GRPC_REQUEST_TIMEOUT)`;
  const callDetails = `call not answered within ${callMs} ms (GRPC_CALL_TIMEOUT)`;
  const requestDue = requestMs > 0 ? requestMs : Infinity;
  const callDue = callMs > 0 ? callMs : Infinity;
  return (method, call) => {
    const streaming = method.requestStream;
    // Only the first interceptor gets grpc-js's own call, which holds the HTTP/2 stream:
    // withCallDeadlines puts this one first.
    const stream = (call as unknown as { stream?: ServerHttp2Stream }).stream;
    let timer: NodeJS.Timeout | undefined;
    let startedAt = 0;
    let received = false;
    let answered = false;
    const stop = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const answer = (details: string) => {
      call.sendStatus({ code: status.DEADLINE_EXCEEDED, details, metadata: new Metadata() });
      if (!received) stream?.close(constants.NGHTTP2_NO_ERROR);
    };
    const check = () => {
      timer = undefined;
      const elapsed = performance.now() - startedAt;
      if (!received && elapsed >= requestDue) {
        if (answered) return stream?.close(constants.NGHTTP2_NO_ERROR);
        return answer(requestDetails);
      }
      if (!answered && elapsed >= callDue) return answer(callDetails);
      const due = Math.min(received ? Infinity : requestDue, answered ? Infinity : callDue);
      if (due !== Infinity) timer = setTimeout(check, due - elapsed);
    };
    return new ServerInterceptingCall(call, {
      start: (next) => {
        startedAt = performance.now();
        timer = setTimeout(check, Math.min(requestDue, callDue));
        next({
          onReceiveMessage: (message, receive) => {
            if (streaming && !received) {
              received = true;
              answered = true;
              stop();
            }
            receive(message);
          },
          onReceiveHalfClose: (halfClose) => {
            received = true;
            if (answered || callDue === Infinity) stop();
            halfClose();
          },
          onCancel: stop,
        });
      },
      sendStatus: (sent, next) => {
        answered = true;
        if (received || requestDue === Infinity) stop();
        next(sent);
      },
    });
  };
}

/**
 * The credentials with the call deadlines as their first interceptor (after it, any the
 * credentials already have: the client SAN check). Credentials' interceptors run before the
 * server's, so the first of them is the one grpc-js hands its own call.
 */
export function withCallDeadlines(
  credentials: ServerCredentials,
  deadlines: ServerInterceptor | undefined,
): ServerCredentials {
  if (deadlines === undefined) return credentials;
  return experimental.createServerCredentialsWithInterceptors(credentials, [
    deadlines,
    ...credentials._getInterceptors(),
  ]);
}
