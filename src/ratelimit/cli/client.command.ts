import { credentials as grpcCredentials, ChannelCredentials } from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { CliOutput, EXIT_USAGE, fileErrorReason, messageOf, readCommandLine } from './cli-runtime';
import {
  DescriptorEntries,
  formatDescriptors,
  InvalidDescriptorList,
  parseDescriptor,
} from './client-descriptors';
import { boolFlag, FlagValues, repeatedFlag, stringFlag, uintFlag } from '../../infra/cli/go-flags';
import { RateLimitResponseMessage, responseText } from './response-text';
import {
  CallTarget,
  RateLimitRequestMessage,
  requestErrorText,
  shouldRateLimit,
} from './rls-client';

export const CLIENT_PROGRAM = 'ratelimit-client';

/** Long enough for a loaded service, short enough that an unreachable one never hangs a script. */
export const CALL_DEADLINE_MS = 10_000;

const UINT32_MAX = 2 ** 32 - 1;

/** In the order the values are printed. */
const FLAGS = {
  dial_string: stringFlag('localhost:8081', 'url of ratelimit server in <host>:<port> form'),
  domain: stringFlag('', 'rate limit configuration domain to query'),
  descriptors: repeatedFlag(
    'descriptor list to query in <key>=<value>,<key>=<value>,... form; repeat for more descriptors',
  ),
  hits_addend: uintFlag(1, UINT32_MAX, 'hits added to every matched counter'),
  'grpc-use-tls': boolFlag('Use TLS for connection to server'),
  'grpc-server-ca-file': stringFlag('', 'path to the server CA file for TLS connection'),
  'grpc-cert-file': stringFlag('', 'path to the client cert file for TLS connection'),
  'grpc-key-file': stringFlag('', 'path to the client key for TLS connection'),
};

type ClientFlags = FlagValues<typeof FLAGS>;

export type RateLimitCaller = (
  target: CallTarget,
  request: RateLimitRequestMessage,
) => Promise<RateLimitResponseMessage>;

/**
 * Upstream's client_cmd: one ShouldRateLimit call. The flag values and the outcome go to stdout as
 * upstream prints them; local problems (command line, descriptors, TLS files) go to stderr.
 */
export async function rateLimitClient(
  argv: readonly string[],
  output: CliOutput,
  call: RateLimitCaller = shouldRateLimit,
): Promise<number> {
  const flags = readCommandLine(CLIENT_PROGRAM, FLAGS, argv, output);
  if (flags === undefined) return EXIT_USAGE;
  let descriptors: DescriptorEntries[];
  try {
    descriptors = flags.descriptors.map(parseDescriptor);
  } catch (error) {
    if (!(error instanceof InvalidDescriptorList)) throw error;
    output.err(error.message);
    return 1;
  }
  printFlags(flags, descriptors, output);
  const credentials = channelCredentials(flags, output);
  if (credentials === undefined) return 1;
  try {
    const response = await call(
      { address: flags.dial_string, credentials, deadlineMs: CALL_DEADLINE_MS },
      { domain: flags.domain, descriptors, hits_addend: flags.hits_addend },
    );
    output.out(`response: ${responseText(response)}`);
    return 0;
  } catch (error) {
    // grpc-js details can end in blanks ("Resolution note: ").
    output.out(`request error: ${requestErrorText(error)}`.trimEnd());
    return 1;
  }
}

function printFlags(flags: ClientFlags, descriptors: DescriptorEntries[], output: CliOutput): void {
  for (const name of Object.keys(FLAGS) as (keyof ClientFlags)[]) {
    const value = name === 'descriptors' ? formatDescriptors(descriptors) : String(flags[name]);
    output.out(`${name}: ${value}`.trimEnd());
  }
}

/** Insecure unless -grpc-use-tls; with TLS a CA file replaces the system roots, cert+key give mTLS. */
function channelCredentials(flags: ClientFlags, output: CliOutput): ChannelCredentials | undefined {
  if (!flags['grpc-use-tls']) return grpcCredentials.createInsecure();
  const certFile = flags['grpc-cert-file'];
  const keyFile = flags['grpc-key-file'];
  if ((certFile === '') !== (keyFile === '')) {
    output.err('-grpc-cert-file and -grpc-key-file must be given together');
    return undefined;
  }
  try {
    return grpcCredentials.createSsl(
      readOptional(flags['grpc-server-ca-file']),
      readOptional(keyFile),
      readOptional(certFile),
    );
  } catch (error) {
    // readOptional has already named the file; anything else is grpc-js rejecting the PEM text.
    output.err(
      error instanceof FileReadError ? error.message : `invalid TLS files: ${messageOf(error)}`,
    );
    return undefined;
  }
}

class FileReadError extends Error {}

function readOptional(path: string): Buffer | null {
  if (path === '') return null;
  try {
    return readFileSync(path);
  } catch (error) {
    throw new FileReadError(`error reading file ${path}: ${fileErrorReason(error)}`);
  }
}
