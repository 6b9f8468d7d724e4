import { experimental } from '@grpc/grpc-js';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../../../test/support/eventually';
import {
  Authority,
  createAuthority,
  issue,
  Issued,
  renameInto,
} from '../../../../../test/support/tls-pki';
import { ReloadingCertificateProvider } from './reloading-certificate.provider';

type Update = experimental.IdentityCertificateUpdate | null;

class Log {
  readonly lines: string[] = [];
  log = (message: string) => this.lines.push(`log ${message}`);
  warn = (message: string) => this.lines.push(`warn ${message}`);
  error = (message: string) => this.lines.push(`error ${message}`);
  count = (level: string) => this.lines.filter((line) => line.startsWith(level)).length;
}

describe('ReloadingCertificateProvider', () => {
  let root: string;
  let ca: Authority;
  let first: Issued;
  let second: Issued;
  let dir: string;
  let certFile: string;
  let keyFile: string;
  let log: Log;
  let provider: ReloadingCertificateProvider | undefined;
  const listeners: Array<(update: Update) => void> = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cert-reload-'));
    ca = await createAuthority(root, 'ca');
    const server = {
      subject: '/CN=localhost',
      usage: 'serverAuth',
      altNames: ['DNS:localhost'],
    } as const;
    first = await issue(ca, 'first', server);
    second = await issue(ca, 'second', server);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  let serial = 0;
  beforeEach(() => {
    dir = join(root, `tls-${++serial}`);
    mkdirSync(dir);
    certFile = join(dir, 'server.crt');
    keyFile = join(dir, 'server.key');
    copyFileSync(first.certFile, certFile);
    copyFileSync(first.keyFile, keyFile);
    log = new Log();
  });
  afterEach(() => {
    for (const listener of listeners.splice(0)) {
      provider?.removeIdentityCertificateListener(listener);
    }
    provider = undefined;
  });

  const start = (clientCa?: Buffer) =>
    (provider = new ReloadingCertificateProvider({
      certFile,
      keyFile,
      clientCa,
      logger: log,
      debounce: { quietMs: 20, maxWaitMs: 200 },
      directoryRecheckMs: 50,
    }));

  /** Subscribes like grpc-js does; returns every update received. */
  const subscribe = (target: ReloadingCertificateProvider): Update[] => {
    const updates: Update[] = [];
    const listener = (update: Update) => updates.push(update);
    listeners.push(listener);
    target.addIdentityCertificateListener(listener);
    return updates;
  };

  it('refuses to start without a usable pair', () => {
    copyFileSync(second.keyFile, keyFile);
    expect(start).toThrow(/key values mismatch/);
    rmSync(keyFile);
    expect(start).toThrow(/ENOENT/);
  });

  it('delivers the pair on the next tick and watches only while someone listens', async () => {
    const target = start();
    expect(target.watching).toBe(false);
    const updates = subscribe(target);
    expect(updates).toEqual([]);
    expect(target.watching).toBe(true);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(updates).toEqual([{ certificate: first.cert, privateKey: first.key }]);
    target.removeIdentityCertificateListener(listeners.pop()!);
    expect(target.watching).toBe(false);
  });

  it('serves a pair renamed over the old one', async () => {
    const updates = subscribe(start());
    renameInto(keyFile, second.key);
    renameInto(certFile, second.cert);
    const { value } = await eventually('the second certificate', () =>
      updates.find((update) => update?.certificate.equals(second.cert)),
    );
    expect(value).toEqual({ certificate: second.cert, privateKey: second.key });
    expect(log.lines.join('\n')).toContain(
      `reloaded gRPC server certificate: subject "CN=localhost", serial ${second.serial}`,
    );
  });

  it('keeps the old pair when the new files are broken or do not match, and says so once', () => {
    const target = start();
    const updates = subscribe(target);
    renameInto(certFile, 'not a certificate');
    expect(target.reload()).toBe('rejected');
    expect(target.reload()).toBe('rejected');
    expect(log.count('warn')).toBe(1);
    expect(log.lines.at(-1)).toMatch(/previous one stays in service: .*no start line/);
    renameInto(certFile, second.cert); // the old key with a new certificate
    expect(target.reload()).toBe('rejected');
    expect(log.lines.at(-1)).toMatch(/key values mismatch/);
    rmSync(keyFile);
    expect(target.reload()).toBe('rejected');
    expect(log.lines.at(-1)).toMatch(/ENOENT/);
    renameInto(keyFile, second.key);
    expect(target.reload()).toBe('replaced');
    expect(target.reload()).toBe('unchanged');
    expect(updates.filter((update) => update === null)).toEqual([]);
  });

  it('never publishes a broken pair from the watch', async () => {
    const updates = subscribe(start());
    await new Promise((resolve) => process.nextTick(resolve));
    renameInto(certFile, 'not a certificate');
    await eventually('the refusal', () => (log.count('warn') > 0 ? true : undefined));
    expect(updates).toEqual([{ certificate: first.cert, privateKey: first.key }]);
  });

  it('hands the client CA to grpc-js as given', async () => {
    const bundle = Buffer.from('ca bundle');
    const target = start(bundle);
    const updates: Array<experimental.CaCertificateUpdate | null> = [];
    const listener = (update: experimental.CaCertificateUpdate | null) => updates.push(update);
    target.addCaCertificateListener(listener);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(updates).toEqual([{ caCertificate: bundle }]);
    target.removeCaCertificateListener(listener);
  });
});
