import { Logger } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { Clock } from '../clock/clock';
import { HealthState } from '../health/health-state';
import { StatsRegistry } from '../stats/registry';
import { CounterStore } from './counter-store.port';
import { AllowAnswers, FailureAnswers, LocalAnswers } from './failure/failure-answers';
import { FailurePolicyCounterStore, servingHealth } from './failure/failure-policy-store';
import { MemoryCounterStore } from './memory-counter-store';
import { WriteBehindCounterStore } from './write-behind/write-behind-store';

/*
 * KVSTORE_CACHE_MODE and KVSTORE_FAILURE_MODE: stores around the Redis store. Loaded (and the
 * decorators built) only when one of them is not its default, so the default wiring is the Redis
 * store alone, as before (docs/counter-stores.md).
 */

/** The health component of the Redis store (redis-counter-store.ts). */
const COMPONENT = 'kvstore';

/**
 * The health the Redis store is given: under `allow` or `local` the service serves whatever the
 * store does, so the store's own health (KVSTORE_HEALTH_CHECK_ACTIVE_CONNECTION) no longer takes it
 * out of rotation after the boot; under `error`, health follows the store as without modes.
 */
export function storeHealth(settings: Settings, health: HealthState): HealthState {
  return settings.counters.failureMode === 'error' ? health : servingHealth(health, COMPONENT);
}

/** The Redis store with the configured modes around it: write-behind cache, failure policy outermost. */
export function withStoreModes(
  store: CounterStore,
  settings: Settings,
  clock: Clock,
  stats: StatsRegistry,
  health: HealthState,
): CounterStore {
  const { failureMode, cacheMode } = settings.counters;
  if (cacheMode === 'write_behind') store = writeBehind(store, settings, clock, stats);
  if (failureMode === 'error') return store;
  const answers = failureAnswers(settings, clock, stats);
  new Logger('CounterStore').log(
    `when Redis does not answer, ${answers.description} until it answers again`,
  );
  return new FailurePolicyCounterStore(store, answers, {
    clock,
    stats,
    health,
    component: COMPONENT,
  });
}

function writeBehind(
  store: CounterStore,
  settings: Settings,
  clock: Clock,
  stats: StatsRegistry,
): CounterStore {
  const { cacheFlushPeriod, cacheFlushBatch, cacheMaxKeys } = settings.counters;
  new Logger('CounterStore').log(
    `KVSTORE_CACHE_MODE=write_behind: decisions are answered in process, hits flushed to Redis every ${cacheFlushPeriod} ms (at most ${cacheMaxKeys} keys held)`,
  );
  return new WriteBehindCounterStore(store, {
    clock,
    stats,
    flushPeriodMs: cacheFlushPeriod,
    flushBatch: cacheFlushBatch,
    maxKeys: cacheMaxKeys,
  });
}

function failureAnswers(settings: Settings, clock: Clock, stats: StatsRegistry): FailureAnswers {
  const { failureMode, failureLocalInstances, memoryMaxKeys, memoryMaxBytes } = settings.counters;
  if (failureMode === 'allow') return new AllowAnswers();
  const name = 'ratelimit.store.failure.local_store';
  const counters = new MemoryCounterStore(
    clock,
    memoryMaxKeys,
    stats.counter(`${name}.evicted`),
    memoryMaxBytes,
  );
  stats.gauge(`${name}.keys`, () => counters.size);
  return new LocalAnswers(counters, failureLocalInstances);
}
