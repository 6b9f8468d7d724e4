import { Metadata, ServerInterceptingCall, ServerInterceptor, status } from '@grpc/grpc-js';
import { ClientSanCheck } from './client-san';

/**
 * Refuses every call whose client certificate lacks GRPC_CLIENT_TLS_SAN, with UNAUTHENTICATED.
 *
 * Upstream refuses such a client in the TLS handshake (Go's `VerifyPeerCertificate`). Node's TLS
 * server has no hook that sees the client certificate before the handshake completes, and grpc-js
 * creates its HTTP/2 server itself, so the earliest public place is a server interceptor: it reads
 * the verified peer certificate from `call.getAuthContext()` before the handler runs. The
 * connection is accepted; no call on it reaches a handler.
 */
export function clientSanInterceptor(check: ClientSanCheck): ServerInterceptor {
  const details = `client certificate does not carry the subject alternative name ${check.san}`;
  return (_method, call) => {
    if (check.allows(call.getAuthContext().sslPeerCertificate)) {
      return new ServerInterceptingCall(call);
    }
    return new ServerInterceptingCall(call, {
      start: (next) =>
        next({
          // Not passing the metadata on means the handler never starts.
          onReceiveMetadata: () =>
            call.sendStatus({ code: status.UNAUTHENTICATED, details, metadata: new Metadata() }),
        }),
    });
  };
}
