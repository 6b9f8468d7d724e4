import { Counter } from '../infra/stats/counter';
import { StatsRegistry } from '../infra/stats/registry';
import { PROTECTED_APIS, ProtectedApi } from '../settings/api-guard.settings';

/** Envoy's HTTP rate limit filter counters, per protected API. */
export interface ApiGuardCounters {
  readonly ok: Counter;
  readonly overLimit: Counter;
  /** No decision (store down, no configuration); always with failureModeAllowed: we fail open. */
  readonly error: Counter;
  readonly failureModeAllowed: Counter;
}

/** `ratelimit.api_guard.<api>.{ok,over_limit,error,failure_mode_allowed}`, created once. */
export function apiGuardCounters(
  registry: StatsRegistry,
): Readonly<Record<ProtectedApi, ApiGuardCounters>> {
  const counters = {} as Record<ProtectedApi, ApiGuardCounters>;
  for (const api of PROTECTED_APIS) {
    const prefix = `ratelimit.api_guard.${api}`;
    counters[api] = {
      ok: registry.counter(`${prefix}.ok`),
      overLimit: registry.counter(`${prefix}.over_limit`),
      error: registry.counter(`${prefix}.error`),
      failureModeAllowed: registry.counter(`${prefix}.failure_mode_allowed`),
    };
  }
  return counters;
}
