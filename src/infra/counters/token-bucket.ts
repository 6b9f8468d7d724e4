/*
 * A token bucket's state change, shared by the memory store and (in Lua) the Redis script: the
 * stores keep the state, the limiter reads the outcome (src/ratelimit/limiter/algorithms.ts).
 */

/**
 * The bucket after `hits` are asked for at `nowMs`, given its stored tokens (undefined when it has
 * none: full) counted at `updatedMs`. The Redis script applies the same rule. `debit` takes the
 * hits whatever is there (the tokens may go below zero: a write-behind flush).
 */
export function takeTokens(
  storedTokens: number | undefined,
  updatedMs: number,
  capacity: number,
  refillPerMs: number,
  hits: number,
  nowMs: number,
  debit = false,
): { readonly taken: boolean; readonly tokens: number } {
  let tokens = capacity;
  if (storedTokens !== undefined) {
    const elapsed = Math.max(0, nowMs - updatedMs);
    tokens = Math.min(capacity, storedTokens + elapsed * refillPerMs);
  }
  if (debit || hits <= tokens) return { taken: true, tokens: tokens - hits };
  return { taken: false, tokens };
}
