import { readFileSync } from 'node:fs';
import {
  ChannelCredentials,
  ChannelOptions,
  Client,
  connectivityState,
  credentials,
  Metadata,
} from '@grpc/grpc-js';

/** The settings of the `xds` group a connection needs. */
export interface XdsConnectionSettings {
  readonly serverUrl: string;
  readonly useTls: boolean;
  readonly clientTlsCert: string;
  readonly clientTlsKey: string;
  readonly serverTlsCaCert: string;
  readonly serverTlsSan: string;
  readonly additionalHeaders: Readonly<Record<string, string>>;
  readonly maxMessageSize: number;
}

/**
 * A new channel to the management server. Called per attempt, so certificate files are re-read
 * (a rotated certificate is picked up on the next reconnect) and a missing file is a failed
 * attempt that is retried, never a crash.
 */
export function createXdsClient(settings: XdsConnectionSettings): Client {
  const options: ChannelOptions = {
    // Each attempt gets its own subchannel: a shared one could still be in grpc-js' own backoff
    // from the previous attempt and delay this one past our retry interval.
    'grpc.use_local_subchannel_pool': 1,
  };
  if (settings.maxMessageSize > 0) {
    options['grpc.max_receive_message_length'] = settings.maxMessageSize;
  }
  // The name checked in the server certificate (and sent as SNI) instead of the dialled host,
  // as upstream's tls.Config.ServerName.
  if (settings.useTls && settings.serverTlsSan !== '') {
    options['grpc.ssl_target_name_override'] = settings.serverTlsSan;
  }
  return new Client(settings.serverUrl, channelCredentials(settings), options);
}

function channelCredentials(settings: XdsConnectionSettings): ChannelCredentials {
  if (!settings.useTls) return credentials.createInsecure();
  const read = (path: string) => (path === '' ? null : readFileSync(path));
  // No CA file: the system's roots. A client certificate and key make it mutual TLS.
  return credentials.createSsl(
    read(settings.serverTlsCaCert),
    read(settings.clientTlsKey),
    read(settings.clientTlsCert),
  );
}

/**
 * CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS as call metadata (keys lowercased, as HTTP/2 needs).
 * A key gRPC cannot send is reported through `invalid` and left out rather than failing every call.
 */
export function callMetadata(
  headers: Readonly<Record<string, string>>,
  invalid: (key: string, reason: string) => void,
): Metadata {
  const metadata = new Metadata();
  for (const [key, value] of Object.entries(headers)) {
    try {
      // `-bin` keys carry binary values; the setting holds their bytes as text.
      if (key.toLowerCase().endsWith('-bin')) metadata.add(key, Buffer.from(value));
      else metadata.add(key, value);
    } catch (error) {
      invalid(key, error instanceof Error ? error.message : String(error));
    }
  }
  return metadata;
}

/**
 * Resolves once the channel is connected; rejects when the connection attempt fails (refused,
 * TLS handshake rejected, name not resolved) or takes longer than `timeoutMs`.
 */
export function waitUntilConnected(client: Client, timeoutMs: number): Promise<void> {
  const channel = client.getChannel();
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      let state: connectivityState;
      try {
        state = channel.getConnectivityState(true);
      } catch {
        reject(new Error('the channel was closed'));
        return;
      }
      if (state === connectivityState.READY) resolve();
      else if (state === connectivityState.TRANSIENT_FAILURE) {
        reject(new Error('connection failed'));
      } else if (state === connectivityState.SHUTDOWN) reject(new Error('the channel was closed'));
      else {
        channel.watchConnectivityState(state, deadline, (error) => {
          if (error) reject(new Error(`not connected within ${timeoutMs} ms`));
          else check();
        });
      }
    };
    check();
  });
}
