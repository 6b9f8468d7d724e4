import { experimental, ServerCredentials } from '@grpc/grpc-js';
import { Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { PeerCertificate } from 'node:tls';
import { WatchLogger } from '../../../../infra/fs/directory-watch';
import { Settings } from '../../../../settings/settings';
import { ClientSanCheck } from './client-san';
import { clientSanInterceptor } from './client-san.interceptor';
import { validateCaBundle } from './key-pair';
import { ReloadingCertificateProvider } from './reloading-certificate.provider';

/** TLS material that cannot be used at boot: the service must not start (docs/transport-security.md#settings). */
export class GrpcTlsSetupError extends Error {
  override readonly name = 'GrpcTlsSetupError';
}

/**
 * Credentials of the gRPC listener:
 * - GRPC_SERVER_USE_TLS=false: plaintext.
 * - TLS: the GRPC_SERVER_TLS_CERT / _KEY pair, reloaded when the files change.
 * - GRPC_CLIENT_TLS_CACERT: mutual TLS; a client certificate is required and verified against it.
 * - GRPC_CLIENT_TLS_SAN (with a CA): calls are refused unless that certificate carries the SAN.
 * Throws GrpcTlsSetupError, naming the variable, when a file is unusable.
 */
export function grpcServerCredentials(
  settings: Settings,
  logger: WatchLogger = new Logger('GrpcTls'),
): ServerCredentials {
  const { grpc } = settings;
  if (!grpc.useTls) return ServerCredentials.createInsecure();

  const clientCa = grpc.clientCaCert !== '' ? readClientCa(grpc.clientCaCert) : undefined;
  let provider: ReloadingCertificateProvider;
  try {
    provider = new ReloadingCertificateProvider({
      certFile: grpc.tlsCert,
      keyFile: grpc.tlsKey,
      clientCa,
      logger,
    });
  } catch (error) {
    throw new GrpcTlsSetupError(
      `GRPC_SERVER_TLS_CERT=${grpc.tlsCert} / GRPC_SERVER_TLS_KEY=${grpc.tlsKey}: ` +
        `unusable certificate pair: ${messageOf(error)}`,
    );
  }
  const mutual = clientCa !== undefined;
  // grpc-js 1.14 declares this function's parameters as (caProvider, identityProvider) but passes
  // the first to the identity slot: the first argument is the server's own pair, the second the
  // client CA (null for one-way TLS). `mutual` sets requestCert and rejectUnauthorized.
  const credentials = experimental.createCertificateProviderServerCredentials(
    provider,
    mutual ? provider : null,
    mutual,
  );
  if (grpc.clientSan === '') return credentials;
  if (!mutual) {
    // As upstream: without a client CA no client certificate is asked for, so none is checked.
    logger.warn(
      'GRPC_CLIENT_TLS_SAN is set without GRPC_CLIENT_TLS_CACERT: clients are not asked for a ' +
        'certificate, so the SAN is not checked',
    );
    return credentials;
  }
  const check = new ClientSanCheck(grpc.clientSan, (certificate) =>
    logger.warn(
      `refusing gRPC calls from client certificate "${commonName(certificate)}" ` +
        `(${certificate.subjectaltname ?? 'no subject alternative names'}): ` +
        `GRPC_CLIENT_TLS_SAN=${grpc.clientSan} is not among its names`,
    ),
  );
  return experimental.createServerCredentialsWithInterceptors(credentials, [
    clientSanInterceptor(check),
  ]);
}

function readClientCa(file: string): Buffer {
  try {
    const bundle = readFileSync(file);
    validateCaBundle(bundle);
    return bundle;
  } catch (error) {
    throw new GrpcTlsSetupError(`GRPC_CLIENT_TLS_CACERT=${file}: ${messageOf(error)}`);
  }
}

function commonName(certificate: PeerCertificate): string {
  // Node's typing allows a repeated attribute to be an array.
  const cn = (certificate.subject as PeerCertificate['subject'] | undefined)?.CN;
  return Array.isArray(cn) ? cn.join(', ') : (cn ?? '?');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
