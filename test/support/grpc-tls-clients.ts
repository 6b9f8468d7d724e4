import * as grpc from '@grpc/grpc-js';
import { connect } from 'node:tls';
import { loaded } from './grpc-clients';

/** What a TLS client brings: the CA it trusts and, for mutual TLS, its own pair. */
export interface ClientTls {
  readonly ca: Buffer;
  readonly cert?: Buffer;
  readonly key?: Buffer;
}

/**
 * Channel options of the TLS clients. Their own subchannel pool: grpc-js otherwise shares
 * connections between clients with equal credentials, and a test of what a new connection gets
 * must get a new connection. The server certificate is checked for `localhost` (the address is
 * 127.0.0.1, and an IP address is not a valid TLS server name).
 */
const CHANNEL_OPTIONS: grpc.ChannelOptions = {
  'grpc.use_local_subchannel_pool': 1,
  'grpc.ssl_target_name_override': 'localhost',
};

/** A grpc-js client over TLS, as Envoy would connect. */
export function tlsRateLimitClient(address: string, tls: ClientTls): grpc.Client {
  return new loaded.envoy.service.ratelimit.v3.RateLimitService(
    address,
    credentials(tls),
    CHANNEL_OPTIONS,
  );
}

export function tlsHealthClient(address: string, tls: ClientTls): grpc.Client {
  return new loaded.grpc.health.v1.Health(address, credentials(tls), CHANNEL_OPTIONS);
}

function credentials(tls: ClientTls): grpc.ChannelCredentials {
  return grpc.credentials.createSsl(tls.ca, tls.key ?? null, tls.cert ?? null);
}

/**
 * The serial number of the certificate the server presents to a new connection (a TLS handshake
 * offering h2, as a gRPC client does; nothing is sent after it).
 */
export function servedSerial(address: string, tls: ClientTls): Promise<string> {
  const [host, port] = address.split(':');
  return new Promise((resolve, reject) => {
    const socket = connect(
      {
        host,
        port: Number(port),
        servername: 'localhost',
        ALPNProtocols: ['h2'],
        ca: tls.ca,
        cert: tls.cert,
        key: tls.key,
      },
      () => {
        resolve(socket.getPeerCertificate().serialNumber);
        socket.destroy();
      },
    );
    socket.once('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('TLS handshake timed out')));
  });
}
