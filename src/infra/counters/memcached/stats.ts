import { Counter } from '../../stats/counter';
import { StatsRegistry } from '../../stats/registry';

const SCOPE = 'ratelimit.memcache';

/**
 * The memcache statistics of docs/observability.md#statistics (upstream's names), plus our key
 * rejections.
 */
export class MemcachedStats {
  /** One per read of a decision's keys (our parallel gets stand in for upstream's GetMulti). */
  readonly multigetSuccess: Counter;
  readonly multigetError: Counter;
  readonly incrementSuccess: Counter;
  readonly incrementMiss: Counter;
  readonly incrementError: Counter;
  readonly addSuccess: Counter;
  readonly addError: Counter;
  readonly addNotStored: Counter;
  readonly keysRequested: Counter;
  readonly keysFound: Counter;
  /** Keys on a node known to be down: not sent, read as 0 at once (ours). */
  readonly keysSkipped: Counter;
  /** Decisions refused because a key cannot be stored in memcached (ours; upstream reads 0). */
  readonly keyRejected: Counter;

  constructor(registry: StatsRegistry) {
    const counter = (name: string) => registry.counter(`${SCOPE}.${name}`);
    this.multigetSuccess = counter('multiget.__code=success');
    this.multigetError = counter('multiget.__code=error');
    this.incrementSuccess = counter('increment.__code=success');
    this.incrementMiss = counter('increment.__code=miss');
    this.incrementError = counter('increment.__code=error');
    this.addSuccess = counter('add.__code=success');
    this.addError = counter('add.__code=error');
    this.addNotStored = counter('add.__code=not_stored');
    this.keysRequested = counter('keys_requested');
    this.keysFound = counter('keys_found');
    this.keysSkipped = counter('keys_skipped');
    this.keyRejected = counter('key_rejected');
  }
}
