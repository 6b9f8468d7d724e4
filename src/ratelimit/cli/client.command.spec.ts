import { Metadata, status } from '@grpc/grpc-js';
import { CliOutput } from './cli-runtime';
import { CALL_DEADLINE_MS, RateLimitCaller, rateLimitClient } from './client.command';
import { CallTarget, RateLimitRequestMessage } from './rls-client';

interface Recorded {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
  readonly calls: [CallTarget, RateLimitRequestMessage][];
}

/** Runs the command with a fake call that answers OK, or fails with `error`. */
async function run(argv: string[], error?: Error): Promise<Recorded> {
  const out: string[] = [];
  const err: string[] = [];
  const calls: [CallTarget, RateLimitRequestMessage][] = [];
  const output: CliOutput = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const call: RateLimitCaller = (target, request) => {
    calls.push([target, request]);
    return error ? Promise.reject(error) : Promise.resolve({ overall_code: 'OK' });
  };
  return { code: await rateLimitClient(argv, output, call), out, err, calls };
}

function serviceError(code: status, details: string): Error {
  return Object.assign(new Error(`${code} ${details}`), {
    code,
    details,
    metadata: new Metadata(),
  });
}

describe('rateLimitClient', () => {
  it('prints every flag, sends one request and prints the response', async () => {
    const result = await run([
      '-domain',
      'example',
      '-descriptors',
      'api_key=k1',
      '--descriptors=remote_address=10.0.0.1,path=/login',
      '-hits_addend=3',
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toEqual([
      'dial_string: localhost:8081',
      'domain: example',
      'descriptors: [<key=api_key, value=k1>] [<key=remote_address, value=10.0.0.1>, <key=path, value=/login>]',
      'hits_addend: 3',
      'grpc-use-tls: false',
      'grpc-server-ca-file:',
      'grpc-cert-file:',
      'grpc-key-file:',
      'response: overall_code:OK',
    ]);
    expect(result.calls).toHaveLength(1);
    const [target, request] = result.calls[0];
    expect(target).toMatchObject({ address: 'localhost:8081', deadlineMs: CALL_DEADLINE_MS });
    expect(request).toEqual({
      domain: 'example',
      descriptors: [
        { entries: [{ key: 'api_key', value: 'k1' }] },
        {
          entries: [
            { key: 'remote_address', value: '10.0.0.1' },
            { key: 'path', value: '/login' },
          ],
        },
      ],
      hits_addend: 3,
    });
  });

  it('sends one hit by default', async () => {
    const result = await run(['-dial_string', 'unix:///tmp/rls.sock', '-domain', 'd']);
    expect(result.calls[0][0].address).toBe('unix:///tmp/rls.sock');
    expect(result.calls[0][1]).toMatchObject({ descriptors: [], hits_addend: 1 });
  });

  it('prints a failed call with the gRPC code name and exits 1', async () => {
    const failure = serviceError(status.INVALID_ARGUMENT, 'rate limit domain must not be empty');
    const result = await run(['-descriptors', 'a=b'], failure);
    expect(result.code).toBe(1);
    expect(result.out.at(-1)).toBe(
      'request error: INVALID_ARGUMENT: rate limit domain must not be empty',
    );
  });

  it('refuses a malformed descriptor list before calling', async () => {
    const result = await run(['-descriptors', 'a=b', '-descriptors', 'a=b,c']);
    expect(result).toEqual({
      code: 1,
      out: [],
      err: ['invalid value "a=b,c" for flag -descriptors: invalid descriptor list'],
      calls: [],
    });
  });

  it('answers a bad command line with the usage and exit code 2', async () => {
    const result = await run(['-hits_addend', '4294967296']);
    expect(result.code).toBe(2);
    expect(result.err[0]).toBe(
      'invalid value "4294967296" for flag -hits_addend: value out of range',
    );
    expect(result.err[1]).toContain('Usage of ratelimit-client:');
    expect(result.calls).toEqual([]);
  });

  it('needs the client certificate and key together', async () => {
    const result = await run(['-grpc-use-tls', '-grpc-cert-file', '/tmp/c.pem']);
    expect(result.code).toBe(1);
    expect(result.err).toEqual(['-grpc-cert-file and -grpc-key-file must be given together']);
    expect(result.calls).toEqual([]);
  });

  it('names a TLS file it cannot read', async () => {
    const result = await run(['-grpc-use-tls', '-grpc-server-ca-file', '/nonexistent/ca.pem']);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([
      'error reading file /nonexistent/ca.pem: no such file or directory',
    ]);
  });

  it('ignores the TLS files without -grpc-use-tls, as upstream does', async () => {
    const result = await run(['-grpc-server-ca-file', '/nonexistent/ca.pem']);
    expect(result.code).toBe(0);
    expect(result.calls).toHaveLength(1);
  });
});
