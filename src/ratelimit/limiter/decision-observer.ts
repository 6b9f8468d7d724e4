import { Entry, RateLimitRule } from '../rules/tree';

/**
 * Told of every limited descriptor's outcome, on the decision path (the operator console's top
 * callers). Provided only when the console's accounting is on; it must be O(1)-ish and not throw.
 */
export abstract class DecisionObserver {
  abstract observe(
    rule: RateLimitRule,
    entries: readonly Entry[],
    hits: number,
    overLimit: boolean,
    nowMs: number,
  ): void;
}
