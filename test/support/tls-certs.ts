import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileAsync, requireBinary } from './redis/process';

/** PEM files for one TLS test server: a private CA, the server pair and a client pair. */
export interface TlsFiles {
  readonly ca: string;
  readonly serverCert: string;
  readonly serverKey: string;
  readonly clientCert: string;
  readonly clientKey: string;
}

/**
 * Generates a throwaway CA, a server certificate valid for 127.0.0.1 and localhost, and a client
 * certificate, all into `dir`. P-256 keys keep this to a few tens of milliseconds (RSA keygen is
 * noticeably slower on a shared 2-core box).
 */
export async function generateTlsFiles(dir: string): Promise<TlsFiles> {
  const openssl = requireBinary('openssl');
  const path = (name: string) => join(dir, name);
  const run = (args: string[]) => execFileAsync(openssl, args, { cwd: dir, timeout: 10_000 });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

  await run([
    'req', '-x509', ...newKey, '-days', '2', '-subj', '/CN=redis-test-ca',
    '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout', path('ca.key'), '-out', path('ca.crt'),
  ]); // prettier-ignore

  const issue = async (name: string, subject: string, extensions: string) => {
    writeFileSync(path(`${name}.ext`), extensions);
    await run([
      'req', '-new', ...newKey, '-subj', subject,
      '-keyout', path(`${name}.key`), '-out', path(`${name}.csr`),
    ]); // prettier-ignore
    await run([
      'x509', '-req', '-in', path(`${name}.csr`), '-days', '2',
      '-CA', path('ca.crt'), '-CAkey', path('ca.key'),
      '-CAserial', path('ca.srl'), '-CAcreateserial',
      '-extfile', path(`${name}.ext`), '-out', path(`${name}.crt`),
    ]); // prettier-ignore
  };
  // Node checks the IP SAN when connecting to 127.0.0.1 and the DNS SAN for localhost.
  await issue(
    'server',
    '/CN=localhost',
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  await issue('client', '/CN=redis-test-client', 'extendedKeyUsage=clientAuth\n');

  return {
    ca: path('ca.crt'),
    serverCert: path('server.crt'),
    serverKey: path('server.key'),
    clientCert: path('client.crt'),
    clientKey: path('client.key'),
  };
}
