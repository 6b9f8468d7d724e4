import { execFile } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A throwaway certificate authority: PEM files in `dir`. */
export interface Authority {
  readonly dir: string;
  readonly name: string;
  readonly certFile: string;
  readonly keyFile: string;
}

/** One issued certificate and its key, with the serial number to recognise it on the wire. */
export interface Issued {
  readonly certFile: string;
  readonly keyFile: string;
  readonly serial: string;
  readonly cert: Buffer;
  readonly key: Buffer;
}

export interface IssueOptions {
  readonly subject: string;
  /** `DNS:name`, `IP:addr` entries; none gives a certificate without subjectAltName. */
  readonly altNames?: readonly string[];
  readonly usage: 'serverAuth' | 'clientAuth';
}

// P-256 keys: a few milliseconds each, where RSA key generation is slow on a shared 2-core box.
const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

async function openssl(dir: string, args: string[]): Promise<void> {
  await run('openssl', args, { cwd: dir, timeout: 10_000 });
}

export async function createAuthority(dir: string, name: string): Promise<Authority> {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  await openssl(dir, [
    'req', '-x509', ...NEW_KEY, '-days', '2', '-subj', `/CN=${name}`,
    '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout', keyFile, '-out', certFile,
  ]); // prettier-ignore
  return { dir, name, certFile, keyFile };
}

/** Issues `<name>.crt` / `<name>.key` in the authority's directory (a random serial each). */
export async function issue(ca: Authority, name: string, options: IssueOptions): Promise<Issued> {
  const path = (suffix: string) => join(ca.dir, `${name}.${suffix}`);
  const extensions = [`extendedKeyUsage=${options.usage}`];
  if (options.altNames?.length) extensions.push(`subjectAltName=${options.altNames.join(',')}`);
  writeFileSync(path('ext'), `${extensions.join('\n')}\n`);
  await openssl(ca.dir, [
    'req', '-new', ...NEW_KEY, '-subj', options.subject,
    '-keyout', path('key'), '-out', path('csr'),
  ]); // prettier-ignore
  await openssl(ca.dir, [
    'x509', '-req', '-in', path('csr'), '-days', '2', '-set_serial', `0x${randomSerial()}`,
    '-CA', ca.certFile, '-CAkey', ca.keyFile, '-extfile', path('ext'), '-out', path('crt'),
  ]); // prettier-ignore
  const cert = readFileSync(path('crt'));
  return {
    certFile: path('crt'),
    keyFile: path('key'),
    serial: new X509Certificate(cert).serialNumber,
    cert,
    key: readFileSync(path('key')),
  };
}

/** Writes `content` beside `target` and renames it over `target`: the atomic swap operators use. */
export function renameInto(target: string, content: Buffer | string): void {
  const staging = `${target}.new`;
  writeFileSync(staging, content);
  renameSync(staging, target);
}

function randomSerial(): string {
  // 15 random bytes, the first between 0x10 and 0x6f: positive (DER) and of fixed length.
  const bytes = randomBytes(15);
  bytes[0] = 0x10 + (bytes[0] % 0x60);
  return bytes.toString('hex');
}
