/**
 * Delays between xDS connection attempts, with upstream's arithmetic so the same settings give the
 * same timing. `random` returns a number in [0, 1) (Math.random; tests pass a fixed one).
 */

export interface BackoffPolicy {
  /** XDS_CLIENT_BACKOFF_INITIAL_INTERVAL, ms. */
  readonly initial: number;
  /** XDS_CLIENT_BACKOFF_MAX_INTERVAL, ms. */
  readonly max: number;
  /** XDS_CLIENT_BACKOFF_RANDOM_FACTOR: upstream passes it as the multiplier, not as a jitter ratio. */
  readonly factor: number;
  /** XDS_CLIENT_BACKOFF_JITTER. */
  readonly jitter: boolean;
}

// The library upstream uses treats zero (or less) as "not set" and applies these.
const DEFAULT_INITIAL_MS = 100;
const DEFAULT_MAX_MS = 10_000;
const DEFAULT_FACTOR = 2;

/**
 * The wait before reconnect number `attempt` (0 for the first reconnect after a stream ended):
 * initial × factor^attempt; with jitter a uniform pick between initial and that value; always
 * within [initial, max]. A factor below 1 therefore never grows the delay past the initial one.
 */
export function reconnectDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const initial = policy.initial > 0 ? policy.initial : DEFAULT_INITIAL_MS;
  const max = policy.max > 0 ? policy.max : DEFAULT_MAX_MS;
  if (initial >= max) return max;
  const factor = policy.factor > 0 ? policy.factor : DEFAULT_FACTOR;
  let delay = initial * Math.pow(factor, attempt);
  if (policy.jitter) delay = random() * (delay - initial) + initial;
  if (!Number.isFinite(delay)) return max;
  return Math.min(max, Math.max(initial, Math.floor(delay)));
}

/**
 * The wait before dialling again while the management server is unreachable
 * (CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL): linear, ±50% jitter, so a fleet that lost its
 * server does not come back in lockstep.
 */
export function connectRetryDelay(interval: number, random: () => number = Math.random): number {
  // 0 would redial in a tight loop against a server that refuses at once.
  const base = interval > 0 ? interval : DEFAULT_INITIAL_MS;
  return Math.floor(base * (1 + 0.5 * (random() * 2 - 1)));
}
