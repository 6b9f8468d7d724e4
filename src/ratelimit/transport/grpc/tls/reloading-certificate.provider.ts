import { experimental } from '@grpc/grpc-js';
import { dirname } from 'node:path';
import { DirectoryWatch, WatchLogger } from '../../../../infra/fs/directory-watch';
import {
  DEFAULT_WATCH_DEBOUNCE,
  WatchDebounceOptions,
  WatchDebouncer,
} from '../../../config-sources/watch-debouncer';
import {
  CertificateSummary,
  describeCertificate,
  KeyPair,
  readKeyPair,
  sameKeyPair,
  validateKeyPair,
} from './key-pair';

type IdentityListener = experimental.IdentityCertificateUpdateListener;
type CaListener = experimental.CaCertificateUpdateListener;

export interface ReloadingCertificateOptions {
  readonly certFile: string;
  readonly keyFile: string;
  /** The client CA bundle (mutual TLS); read once, served unchanged. */
  readonly clientCa?: Buffer;
  readonly logger: WatchLogger;
  readonly debounce?: WatchDebounceOptions;
  /** How often the watched directories' identity is checked (see DirectoryWatch). */
  readonly directoryRecheckMs?: number;
  /**
   * How often both files are read again whatever the watch saw: covers changes inotify cannot
   * report (a certificate symlinked into another directory, network file systems). Cheap: two
   * small files compared byte for byte.
   */
  readonly contentRecheckMs?: number;
}

export type ReloadOutcome = 'replaced' | 'unchanged' | 'rejected';

const DEFAULT_CONTENT_RECHECK_MS = 60_000;

/**
 * The gRPC server's certificate pair, reloaded when its files change (docs/transport-security.md#certificate-hot-reload), as a grpc-js
 * `CertificateProvider` for `experimental.createCertificateProviderServerCredentials`: grpc-js
 * listens while the server is bound and calls `setSecureContext` on every update, so new
 * connections get the new certificate and open ones keep theirs.
 *
 * grpc-js ships `FileWatcherCertificateProvider`, which is not used: it polls, and it publishes
 * whatever it read, so an unreadable, half-written or mismatched pair makes grpc-js refuse every
 * new connection until the next poll. This provider validates a pair before publishing it and
 * never publishes "no certificate": a bad pair is logged and the previous one stays in service.
 *
 * The constructor reads the pair and throws when it is unusable: with no certificate at all the
 * service must not start. Watching starts when grpc-js adds its first listener and stops when it
 * removes the last (the server closed), so a provider never outlives its server.
 */
export class ReloadingCertificateProvider implements experimental.CertificateProvider {
  private current: KeyPair;
  /** The last reload problem logged, so that a bad file is reported once, not at every recheck. */
  private lastProblem: string | undefined;
  private readonly identityListeners = new Set<IdentityListener>();
  private readonly caListeners = new Set<CaListener>();
  private readonly debouncer: WatchDebouncer;
  private watches: DirectoryWatch[] = [];
  private recheckTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ReloadingCertificateOptions) {
    const pair = readKeyPair(options.certFile, options.keyFile);
    const summary = validateKeyPair(pair);
    this.current = pair;
    this.report('serving gRPC server certificate', summary);
    this.debouncer = new WatchDebouncer(
      () => this.reload(),
      options.debounce ?? DEFAULT_WATCH_DEBOUNCE,
    );
  }

  get watching(): boolean {
    return this.watches.length > 0;
  }

  /**
   * Reads both files again and serves them if they differ from the pair in service and are
   * valid. Runs from timers: logs, never throws.
   */
  reload(): ReloadOutcome {
    let pair: KeyPair;
    let summary: CertificateSummary;
    try {
      pair = readKeyPair(this.options.certFile, this.options.keyFile);
      if (sameKeyPair(this.current, pair)) {
        this.lastProblem = undefined;
        return 'unchanged';
      }
      summary = validateKeyPair(pair);
    } catch (error) {
      // Also a file renamed away between the two reads: the rename that completes the swap
      // triggers another reload.
      this.problem(messageOf(error));
      return 'rejected';
    }
    this.current = pair;
    this.lastProblem = undefined;
    this.report('reloaded gRPC server certificate', summary);
    const update = this.identityUpdate();
    for (const listener of this.identityListeners) listener(update);
    return 'replaced';
  }

  addIdentityCertificateListener(listener: IdentityListener): void {
    this.identityListeners.add(listener);
    this.startWatching();
    // grpc-js registers its server watcher only after adding this listener: deliver on the
    // next tick, as grpc-js's own providers do, or the first update would reach no server.
    process.nextTick(() => {
      if (this.identityListeners.has(listener)) listener(this.identityUpdate());
    });
  }

  removeIdentityCertificateListener(listener: IdentityListener): void {
    this.identityListeners.delete(listener);
    this.stopWatchingIfUnused();
  }

  addCaCertificateListener(listener: CaListener): void {
    this.caListeners.add(listener);
    process.nextTick(() => {
      const { clientCa } = this.options;
      if (this.caListeners.has(listener)) listener(clientCa ? { caCertificate: clientCa } : null);
    });
  }

  removeCaCertificateListener(listener: CaListener): void {
    this.caListeners.delete(listener);
  }

  private identityUpdate(): experimental.IdentityCertificateUpdate {
    return { certificate: this.current.certificate, privateKey: this.current.privateKey };
  }

  private startWatching(): void {
    if (this.watching) return;
    const { certFile, keyFile, logger } = this.options;
    const directories = [...new Set([dirname(certFile), dirname(keyFile)])];
    // Every event counts, dot entries included: Kubernetes swaps a `..data` symlink to rotate a
    // mounted secret, and re-reading two small files on a spurious event costs nothing.
    this.watches = directories.map(
      (directory) =>
        new DirectoryWatch({
          directory,
          onEvent: () => this.debouncer.trigger(),
          onReestablished: () => this.debouncer.trigger(),
          logger,
          recheckMs: this.options.directoryRecheckMs,
        }),
    );
    for (const watch of this.watches) watch.start();
    this.recheckTimer = setInterval(
      () => this.reload(),
      this.options.contentRecheckMs ?? DEFAULT_CONTENT_RECHECK_MS,
    ).unref();
    logger.log(`reloading the gRPC server certificate on changes in ${directories.join(', ')}`);
  }

  private stopWatchingIfUnused(): void {
    if (this.identityListeners.size > 0 || !this.watching) return;
    for (const watch of this.watches) watch.close();
    this.watches = [];
    this.debouncer.cancel();
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.recheckTimer = undefined;
  }

  private problem(message: string): void {
    if (message === this.lastProblem) return;
    this.lastProblem = message;
    this.options.logger.warn(
      `gRPC server certificate not reloaded, the previous one stays in service: ${message}`,
    );
  }

  private report(what: string, summary: CertificateSummary): void {
    this.options.logger.log(`${what}: ${describeCertificate(summary)}`);
    if (summary.notAfter.getTime() < Date.now()) {
      this.options.logger.warn(
        `gRPC server certificate serial ${summary.serial} expired on ${summary.notAfter.toISOString()}`,
      );
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
