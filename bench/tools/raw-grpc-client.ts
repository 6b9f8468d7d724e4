import { ClientHttp2Session, connect, constants, IncomingHttpHeaders } from 'node:http2';
import { RATE_LIMIT_PATH } from './grpc-frame';

/**
 * A minimal gRPC caller over node:http2 for load: sends pre-encoded frames (grpc-wire.ts) and
 * checks only `grpc-status`, without decoding the answer, so the client costs little CPU beside
 * the service on a shared machine.
 */
export interface RawGrpcClient {
  /** Resolves when the call ends with grpc-status 0; rejects with the status and message. */
  call(frame: Buffer): Promise<void>;
  close(): void;
}

export function rawGrpcClient(url: string): RawGrpcClient {
  let session: ClientHttp2Session | undefined;
  const open = () => {
    if (!session || session.closed || session.destroyed) {
      session = connect(url);
      session.on('error', () => undefined); // a failing call reports it
    }
    return session;
  };
  return {
    call: (frame) =>
      new Promise((resolve, reject) => {
        const stream = open().request({
          [constants.HTTP2_HEADER_METHOD]: 'POST',
          [constants.HTTP2_HEADER_PATH]: RATE_LIMIT_PATH,
          'content-type': 'application/grpc',
          te: 'trailers',
        });
        let status: string | undefined;
        let message = '';
        const first = (value: string | string[] | undefined) =>
          Array.isArray(value) ? value[0] : value;
        const take = (headers: IncomingHttpHeaders) => {
          status = first(headers['grpc-status']) ?? status;
          message = first(headers['grpc-message']) ?? message;
        };
        stream.on('response', take);
        stream.on('trailers', take);
        stream.on('data', () => undefined);
        stream.on('error', reject);
        stream.on('close', () =>
          status === '0'
            ? resolve()
            : reject(
                new Error(`grpc-status ${status ?? 'missing'} ${decodeURIComponent(message)}`),
              ),
        );
        stream.end(frame);
      }),
    close: () => session?.close(),
  };
}
