import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../clock/clock';
import { HealthState } from '../../health/health-state';
import { StatsRegistry } from '../../stats/registry';
import {
  CounterIncrement,
  CounterKeyRejectedError,
  CounterStore,
  CounterStoreError,
  keysOf,
} from '../counter-store.port';
import {
  formatAddress,
  MemcachedAddress,
  resolveSrvAddresses,
  sameAddresses,
  SrvResolver,
} from './address';
import {
  DEFAULT_MEMCACHED_TIMEOUTS,
  MemcachedCluster,
  MemcachedNodeDownError,
  MemcachedTimeouts,
} from './cluster';
import { incrementCounter } from './increment';
import { keyRejectedMessage, memcachedKeyProblem } from './key';
import { MemcachedStats } from './stats';
import { jitterSeconds, memcachedExpiry, parseCount } from './values';
import { ThrottledWarning } from './throttled-log';

export const MEMCACHED_HEALTH_COMPONENT = 'memcached';

/** Where the node list comes from: ALTCACHE_HOST_PORT, or ALTCACHE_SRV re-resolved periodically. */
export type MemcachedNodeSource =
  | { readonly kind: 'static'; readonly addresses: readonly MemcachedAddress[] }
  | {
      readonly kind: 'srv';
      readonly name: string;
      /** 0: resolve once (and retry until that succeeds). */
      readonly refreshMs: number;
      readonly resolve: SrvResolver;
    };

export interface MemcachedCounterStoreOptions {
  readonly nodes: MemcachedNodeSource;
  readonly expirationJitterMaxSeconds: number;
  readonly timeouts?: MemcachedTimeouts;
  /** How often every node is asked whether it answers. */
  readonly probeIntervalMs?: number;
  /** Jitter source (tests pin it). */
  readonly random?: () => number;
}

const DEFAULT_PROBE_INTERVAL_MS = 2000;
/** A replaced client stays open this long so operations already sent to it can finish. */
const RETIRED_CLIENT_GRACE_MS = 5000;
/** Longest wait for increments still in flight at shutdown. */
const SHUTDOWN_DRAIN_MS = 1000;

/**
 * Counters in memcached, upstream's algorithm (docs/memcached.md): read every key (parallel GETs:
 * memjs has no multi-get), decide on `read + hits`, then increment without waiting. Reads fail
 * open: a key that cannot be read counts 0. So concurrent decisions can briefly let a few hits over
 * a limit.
 */
export class MemcachedCounterStore
  extends CounterStore
  implements OnModuleInit, OnApplicationShutdown
{
  readonly kind = 'altcache';
  /** memcached has no atomic read-modify-write for a bucket's two values: refused at rule load. */
  override readonly supportsTokenBuckets = false;
  private readonly logger = new Logger('MemcachedCounterStore');
  private readonly stats: MemcachedStats;
  private readonly readWarning: ThrottledWarning;
  private readonly writeWarning: ThrottledWarning;
  private readonly timeouts: MemcachedTimeouts;
  private readonly readDeadlineMs: number;
  private readonly probeIntervalMs: number;
  private readonly random: () => number;
  private cluster: MemcachedCluster | undefined;
  private readonly retired = new Set<MemcachedCluster>();
  private readonly timers: NodeJS.Timeout[] = [];
  private healthy = false;
  private refreshing = false;
  private probing = false;
  private closed = false;
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly options: MemcachedCounterStoreOptions,
    private readonly clock: Clock,
    registry: StatsRegistry,
    private readonly health: HealthState,
  ) {
    super();
    this.stats = new MemcachedStats(registry);
    this.readWarning = new ThrottledWarning(this.logger, clock);
    this.writeWarning = new ThrottledWarning(this.logger, clock);
    this.timeouts = options.timeouts ?? DEFAULT_MEMCACHED_TIMEOUTS;
    // A read may have to connect first; memjs's own timeouts fire before this.
    this.readDeadlineMs = Math.ceil(
      (this.timeouts.connectSeconds + this.timeouts.operationSeconds) * 1000 + 100,
    );
    this.probeIntervalMs = options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
    this.random = options.random ?? Math.random;
    // Unhealthy until the nodes have answered once.
    health.set(MEMCACHED_HEALTH_COMPONENT, false);
  }

  /** Finds and probes the nodes. Never fails the boot: with memcached down it starts unhealthy. */
  async onModuleInit(): Promise<void> {
    await this.refreshNodes();
    this.every(this.probeIntervalMs, () => this.probe());
    const source = this.options.nodes;
    if (source.kind === 'srv' && source.refreshMs > 0) {
      this.every(source.refreshMs, () => this.refreshNodes());
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.whenIdle(SHUTDOWN_DRAIN_MS);
    this.cluster?.close();
    for (const cluster of this.retired) cluster.close();
    this.retired.clear();
  }

  async increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    return this.count(batch, true);
  }

  /** Stop-increment mode's first look: the stored counts, laid out as `increment`'s, nothing changed. */
  async read(counters: readonly CounterIncrement[]): Promise<number[]> {
    return this.count(counters, false);
  }

  /** Deletes the keys on their nodes; a node that fails makes the reset fail with its error. */
  override async reset(counters: readonly CounterIncrement[]): Promise<void> {
    const cluster = this.cluster;
    if (cluster === undefined) throw new CounterStoreError('memcached: no node is known yet');
    const keys = keysOf(counters);
    keys.forEach((key) => this.checkKey(key));
    await Promise.all(keys.map((key) => cluster.delete(key))).catch((error: unknown) => {
      throw new CounterStoreError(`memcached: ${describe(error)}`);
    });
  }

  /**
   * Reads every key once (a request can count one key twice: equal descriptors, and a sliding
   * window's previous key), answers `read + hits`, then increments without waiting.
   */
  private async count(batch: readonly CounterIncrement[], write: boolean): Promise<number[]> {
    const count = batch.length;
    const keys: string[] = [];
    const slotOf = new Map<string, number>();
    const slot = (key: string): number => {
      let found = slotOf.get(key);
      if (found === undefined) {
        this.checkKey(key);
        found = keys.push(key) - 1;
        slotOf.set(key, found);
      }
      return found;
    };
    const slots = new Array<number>(count);
    const previousSlots = new Array<number>(count);
    for (let i = 0; i < count; i++) {
      const { key, previousKey } = batch[i];
      slots[i] = slot(key);
      previousSlots[i] = previousKey === undefined ? -1 : slot(previousKey);
    }
    const stored = await this.readCounts(keys);
    const hits = new Array<number>(keys.length).fill(0);
    const windows = new Array<number>(keys.length).fill(0);
    const results: number[] = [];
    for (let i = 0; i < count; i++) {
      const { hits: own, windowSeconds } = batch[i];
      const at = slots[i];
      if (write) hits[at] += own;
      if (windowSeconds > windows[at]) windows[at] = windowSeconds;
      results.push(stored[at] + hits[at]);
      if (previousSlots[i] >= 0) results.push(stored[previousSlots[i]]);
    }
    for (let at = 0; at < keys.length; at++) {
      if (hits[at] > 0) this.incrementLater(keys[at], hits[at], windows[at]);
    }
    return results;
  }

  /** The current node list in placement order (logs and tests). */
  nodes(): string[] {
    return this.cluster?.addresses.map(formatAddress) ?? [];
  }

  /** The node that holds `key` (logs and tests). */
  nodeFor(key: string): string | undefined {
    return this.cluster?.nodeName(key);
  }

  /** Resolves true once no increment is in flight, false if that takes longer than `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private checkKey(key: string): void {
    const problem = memcachedKeyProblem(key);
    if (problem === undefined) return;
    this.stats.keyRejected.inc();
    throw new CounterKeyRejectedError(keyRejectedMessage(key, problem));
  }

  /** Parallel GETs; a key that cannot be read counts 0 (fail open). Never rejects. */
  private readCounts(keys: readonly string[]): Promise<number[]> {
    const counts = new Array<number>(keys.length).fill(0);
    this.stats.keysRequested.add(keys.length);
    const cluster = this.cluster;
    if (cluster === undefined) {
      this.stats.multigetError.inc();
      this.readWarning.warn('no memcached node is known yet: every counter reads 0 (fail open)');
      return Promise.resolve(counts);
    }
    return new Promise((resolve) => {
      const answered = new Array<boolean>(keys.length).fill(false);
      let pending = keys.length;
      let found = 0;
      let failures = 0;
      let firstError: unknown;
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (pending > 0) {
          // memjs never calls back for a request sent on a connection that then closed cleanly.
          for (let i = 0; i < keys.length; i++) {
            if (!answered[i]) cluster.reportUnanswered(keys[i], this.readDeadlineMs);
          }
          failures += pending;
          firstError ??= new Error(`no answer within ${this.readDeadlineMs} ms`);
        }
        this.stats.keysFound.add(found);
        if (failures === 0) this.stats.multigetSuccess.inc();
        else {
          this.stats.multigetError.inc();
          this.readWarning.warn(
            `memcached read failed for ${failures} of ${keys.length} keys, counted as 0 (fail open): ${describe(firstError)}`,
          );
        }
        resolve(counts);
      };
      const timer = setTimeout(finish, this.readDeadlineMs);
      for (let i = 0; i < keys.length; i++) {
        cluster.get(keys[i], (error, value) => {
          if (settled || answered[i]) return;
          answered[i] = true;
          pending--;
          if (error) {
            failures++;
            firstError ??= error;
            if (error instanceof MemcachedNodeDownError) this.stats.keysSkipped.inc();
          } else if (value !== null) {
            found++;
            counts[i] = parseCount(value);
          }
          if (pending === 0) finish();
        });
      }
      if (keys.length === 0) finish();
    });
  }

  /** Off the decision path: nothing waits for it; failures are counted and logged. */
  private incrementLater(key: string, hits: number, windowSeconds: number): void {
    const cluster = this.cluster;
    if (cluster === undefined) {
      this.stats.incrementError.inc();
      return;
    }
    const ttl = windowSeconds + jitterSeconds(this.options.expirationJitterMaxSeconds, this.random);
    const expiry = memcachedExpiry(ttl, Math.floor(this.clock.nowMs() / 1000));
    this.inFlight++;
    void incrementCounter(cluster, this.stats, key, hits, expiry)
      .catch((error: unknown) =>
        this.writeWarning.warn(
          `memcached increment failed, ${hits} hit(s) of ${key} not counted: ${describe(error)}`,
        ),
      )
      .finally(() => this.incrementDone());
  }

  private incrementDone(): void {
    if (--this.inFlight > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves the node list and replaces the client when it changed. Never rejects. */
  private async refreshNodes(): Promise<void> {
    if (this.refreshing || this.closed) return;
    this.refreshing = true;
    try {
      let addresses: MemcachedAddress[];
      try {
        addresses = await this.resolveAddresses();
      } catch (error) {
        const keeping = this.cluster ? `keeping ${this.nodes().join(',')}` : 'no nodes yet';
        this.logger.warn(`cannot resolve the memcached nodes (${keeping}): ${describe(error)}`);
        return;
      }
      const previous = this.cluster;
      if (this.closed || (previous && sameAddresses(previous.addresses, addresses))) return;
      const next: MemcachedCluster = new MemcachedCluster(
        addresses,
        this.timeouts,
        (node, answering, reason) => this.nodeChanged(next, node, answering, reason),
        (message) => this.logger.debug(message),
      );
      this.cluster = next;
      const list = addresses.map(formatAddress).join(',');
      this.logger.log(
        previous
          ? `memcached nodes changed to ${list} (were ${previous.addresses.map(formatAddress).join(',')})`
          : `memcached nodes: ${list}`,
      );
      if (previous) this.retire(previous);
      await next.probe();
      this.updateHealth();
    } finally {
      this.refreshing = false;
    }
  }

  private async resolveAddresses(): Promise<MemcachedAddress[]> {
    const source = this.options.nodes;
    if (source.kind === 'static') return [...source.addresses];
    return resolveSrvAddresses(source.name, source.resolve);
  }

  private async probe(): Promise<void> {
    const cluster = this.cluster;
    // No node list yet (SRV lookup failed so far): keep trying to get one.
    if (cluster === undefined) return this.refreshNodes();
    if (this.probing) return;
    this.probing = true;
    try {
      await cluster.probe();
      this.updateHealth();
    } finally {
      this.probing = false;
    }
  }

  private nodeChanged(
    cluster: MemcachedCluster,
    node: string,
    answering: boolean,
    reason: string,
  ): void {
    if (cluster !== this.cluster) return;
    if (answering) this.logger.log(`memcached node ${node} answers again`);
    else {
      this.logger.warn(
        `memcached node ${node} is not answering (${reason}): its counters read 0 (fail open) until it answers again`,
      );
    }
    this.updateHealth();
  }

  private updateHealth(): void {
    const healthy = this.cluster?.allAnswering() ?? false;
    if (healthy === this.healthy) return;
    this.healthy = healthy;
    this.health.set(MEMCACHED_HEALTH_COMPONENT, healthy);
  }

  /** A replaced client may still have operations under way: close it a little later. */
  private retire(cluster: MemcachedCluster): void {
    this.retired.add(cluster);
    setTimeout(() => {
      if (!this.retired.delete(cluster)) return;
      cluster.close();
    }, RETIRED_CLIENT_GRACE_MS).unref();
  }

  /** An unref'd interval: it never keeps the process alive. */
  private every(intervalMs: number, task: () => Promise<void>): void {
    const timer = setInterval(() => {
      task().catch((error: unknown) =>
        this.logger.error(`memcached background task failed: ${describe(error)}`),
      );
    }, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
