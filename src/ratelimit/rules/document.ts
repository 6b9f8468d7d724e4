/**
 * A rule file after YAML parsing, key validation and typed decoding (docs/ratelimit.md#rules steps
 * 1-3), before it is compiled into the matching tree. The xDS source produces the same shape.
 */
export interface RuleDocument {
  readonly domain: string;
  readonly descriptors: readonly RuleDescriptorDocument[];
}

export interface RuleDescriptorDocument {
  readonly key: string;
  /** "" when absent. */
  readonly value: string;
  /** null when `rate_limit` is absent or null (placeholder or whitelist node). */
  readonly rateLimit: RateLimitDocument | null;
  /** This service's extension: several limits that all apply; null when absent. */
  readonly rateLimits: readonly RateLimitDocument[] | null;
  readonly descriptors: readonly RuleDescriptorDocument[];
  readonly shadowMode: boolean;
  readonly quotaMode: boolean;
  readonly detailedMetric: boolean;
  readonly valueToMetric: boolean;
  readonly shareThreshold: boolean;
  /** JSON-compatible copy of `metadata`, or null when absent. */
  readonly metadata: Readonly<Record<string, unknown>> | null;
}

export interface RateLimitDocument {
  /** The raw unit text as written (case is checked later). "" when absent. */
  readonly unit: string;
  readonly requestsPerUnit: number;
  readonly unlimited: boolean;
  readonly name: string;
  readonly replaces: readonly { readonly name: string }[];
  /** Extensions (docs/algorithms.md); undefined / "" when absent. */
  readonly unitMultiplier: number | undefined;
  readonly algorithm: string;
  readonly burst: number | undefined;
}

/** A configuration error whose message is the exact operator-facing text, `<name>: <reason>`. */
export class RuleConfigError extends Error {
  override readonly name = 'RuleConfigError';
}
