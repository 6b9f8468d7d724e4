import { Algorithm, ALGORITHM_NAMES, algorithmFromName, algorithmName } from './algorithm';
import { GlobPattern } from './glob-pattern';
import { unitFromName, Unit, UNIT_SECONDS } from './rate-limit-unit';
import {
  RateLimitDocument,
  RuleConfigError,
  RuleDescriptorDocument,
  RuleDocument,
} from './document';
import { AppliedRule, DomainRules, RateLimitRule, RuleNode, RuleSet, StatsFor } from './tree';

/** A parsed rule source: a file (its label is the file key) or an xDS resource (its name). */
export interface NamedRuleDocument {
  readonly name: string;
  readonly document: RuleDocument;
}

export interface CompileOptions {
  readonly mergeDomainConfig: boolean;
  readonly statsFor: StatsFor;
  /** The counter store's name when it cannot run `algorithm`; undefined when it can. */
  readonly storeLacking?: (algorithm: Algorithm) => string | undefined;
}

/** Mutable while building; frozen into the RuleNode shape once complete. */
interface NodeDraft extends RuleNode {
  children: Map<string, NodeDraft>;
  wildcards: NodeDraft[];
}

interface ParentDraft {
  readonly children: Map<string, NodeDraft>;
  readonly wildcards: NodeDraft[];
}

/**
 * Builds the immutable rule set from documents in order, with the checks and exact error texts of
 * docs/ratelimit.md#rules step 4. Any error rejects the whole set.
 */
export function compileRules(
  sources: readonly NamedRuleDocument[],
  options: CompileOptions,
): RuleSet {
  const domains = new Map<string, ParentDraft>();
  for (const { name, document } of sources) {
    if (document.domain === '') {
      throw new RuleConfigError(`${name}: config file cannot have empty domain`);
    }
    let domain = domains.get(document.domain);
    if (domain !== undefined && !options.mergeDomainConfig) {
      throw new RuleConfigError(`${name}: duplicate domain '${document.domain}' in config file`);
    }
    if (domain === undefined) {
      domain = { children: new Map(), wildcards: [] };
      domains.set(document.domain, domain);
    }
    addDescriptors(name, document.domain, domain, document.descriptors, [], options);
  }
  const compiled = new Map<string, DomainRules>();
  for (const [name, draft] of domains) {
    compiled.set(
      name,
      new DomainRules(
        name,
        freezeLevel(draft.children),
        Object.freeze(draft.wildcards),
        options.statsFor,
      ),
    );
  }
  return new RuleSet(compiled);
}

function addDescriptors(
  fileName: string,
  parentKey: string,
  parent: ParentDraft,
  descriptors: readonly RuleDescriptorDocument[],
  ancestors: readonly NodeDraft[],
  options: CompileOptions,
): void {
  for (const descriptor of descriptors) {
    if (descriptor.key === '') throw new RuleConfigError(`${fileName}: descriptor has empty key`);
    const compositeKey =
      descriptor.value === '' ? descriptor.key : `${descriptor.key}_${descriptor.value}`;
    const fullKey = `${parentKey}.${compositeKey}`;
    if (parent.children.has(compositeKey)) {
      throw new RuleConfigError(`${fileName}: duplicate descriptor composite key '${fullKey}'`);
    }
    const rule = compileLimits(fileName, fullKey, descriptor, options);
    const isWildcard = compositeKey.includes('*');
    if (descriptor.shareThreshold && !isWildcard) {
      throw new RuleConfigError(
        `${fileName}: share_threshold can only be used with wildcard values (containing '*'), but found key '${compositeKey}'`,
      );
    }
    const node: NodeDraft = {
      key: descriptor.key,
      value: descriptor.value,
      compositeKey,
      pattern: isWildcard ? new GlobPattern(compositeKey) : undefined,
      children: new Map(),
      wildcards: [],
      rule,
      staticApplied: undefined,
      detailedMetric: descriptor.detailedMetric,
      valueToMetric: descriptor.valueToMetric,
      shareThreshold: descriptor.shareThreshold,
      path: [...ancestors],
      dynamicStatsKey: false,
    };
    (node.path as NodeDraft[]).push(node);
    const writable = node as { -readonly [K in keyof NodeDraft]: NodeDraft[K] };
    writable.dynamicStatsKey =
      descriptor.detailedMetric || node.path.some((level) => level.valueToMetric);
    if (rule !== undefined) {
      writable.staticApplied = staticApplied(rule, node.path, options.statsFor);
    }
    parent.children.set(compositeKey, node);
    if (isWildcard) parent.wildcards.push(node);
    addDescriptors(
      fileName,
      fullKey,
      node,
      descriptor.descriptors,
      node.path as NodeDraft[],
      options,
    );
  }
}

/** `rate_limit` or `rate_limits` (this service's extension); undefined when neither is set. */
function compileLimits(
  fileName: string,
  fullKey: string,
  descriptor: RuleDescriptorDocument,
  options: CompileOptions,
): RateLimitRule | undefined {
  const { rateLimit, rateLimits } = descriptor;
  const fail = (reason: string): never => {
    throw new RuleConfigError(`${fileName}: descriptor '${fullKey}': ${reason}`);
  };
  if (rateLimit !== null && rateLimits !== null) {
    fail('rate_limit and rate_limits cannot both be set');
  }
  if (rateLimits === null) {
    return rateLimit === null
      ? undefined
      : Object.freeze(compileLimit(fileName, fullKey, descriptor, rateLimit, undefined, options));
  }
  if (rateLimits.length === 0) fail('rate_limits must list at least one limit');
  const limits = rateLimits.map((limit, index) => {
    if (limit.unlimited) fail(`rate_limits[${index}]: unlimited is only allowed in rate_limit`);
    return compileLimit(fileName, fullKey, descriptor, limit, index, options);
  });
  const frozen = Object.freeze(limits);
  for (const limit of limits) (limit as { limits: readonly RateLimitRule[] }).limits = frozen;
  for (const limit of limits) Object.freeze(limit);
  return limits[0];
}

/** One limit; `index` is its place in `rate_limits` (undefined for `rate_limit`). Not frozen yet. */
function compileLimit(
  fileName: string,
  fullKey: string,
  descriptor: RuleDescriptorDocument,
  limit: RateLimitDocument,
  index: number | undefined,
  options: CompileOptions,
): RateLimitRule {
  const where = index === undefined ? 'rate_limit' : `rate_limits[${index}]`;
  const fail = (reason: string): never => {
    throw new RuleConfigError(`${fileName}: descriptor '${fullKey}': ${where}: ${reason}`);
  };
  const unit = unitFromName(limit.unit);
  if (limit.unlimited && unit !== undefined) {
    throw new RuleConfigError(`${fileName}: should not specify rate limit unit when unlimited`);
  }
  if (!limit.unlimited && unit === undefined) {
    throw new RuleConfigError(`${fileName}: invalid rate limit unit '${limit.unit}'`);
  }
  for (const replaced of limit.replaces) {
    if (replaced.name === '') {
      throw new RuleConfigError(`${fileName}: should not have an empty replaces entry`);
    }
    if (replaced.name === limit.name) {
      throw new RuleConfigError(`${fileName}: replaces should not contain name of same descriptor`);
    }
  }
  const algorithm = algorithmFromName(limit.algorithm);
  if (algorithm === undefined) {
    fail(`unknown algorithm '${limit.algorithm}' (allowed: ${ALGORITHM_NAMES.join(', ')})`);
  }
  const multiplier = limit.unitMultiplier ?? 1;
  if (!Number.isSafeInteger(multiplier) || multiplier < 1) {
    fail(`unit_multiplier must be a positive integer, not ${multiplier}`);
  }
  if (limit.burst !== undefined && algorithm !== Algorithm.TOKEN_BUCKET) {
    fail('burst is only allowed with algorithm token_bucket');
  }
  if (limit.unlimited && (limit.algorithm !== '' || limit.unitMultiplier !== undefined)) {
    fail('unlimited takes no algorithm or unit_multiplier');
  }
  const lacking = options.storeLacking?.(algorithm!);
  if (lacking !== undefined) {
    fail(
      `algorithm ${algorithmName(algorithm!)} is not available with the ${lacking} counter store`,
    );
  }
  const requestsPerUnit = limit.unlimited ? 0 : limit.requestsPerUnit;
  const label =
    limit.name !== '' ? limit.name : `${descriptor.key}_${index === undefined ? 0 : index}`;
  return {
    requestsPerUnit,
    unit: unit ?? Unit.UNKNOWN,
    unlimited: limit.unlimited,
    name: limit.name,
    replaces: Object.freeze(limit.replaces.map((r) => r.name)),
    shadowMode: descriptor.shadowMode,
    quotaMode: descriptor.quotaMode,
    fullKey,
    metadata: descriptor.metadata,
    windowSeconds: UNIT_SECONDS[unit ?? Unit.UNKNOWN] * multiplier,
    unitMultiplier: multiplier,
    algorithm: algorithm!,
    burst: limit.burst ?? requestsPerUnit,
    limits: undefined,
    label,
  };
}

/** share_threshold patterns on the path are fixed per rule, so the cache key plan is too. */
function staticApplied(
  rule: RateLimitRule,
  path: readonly RuleNode[],
  statsFor: StatsFor,
): AppliedRule {
  const shared = path.map((level) => (level.shareThreshold ? level.value : undefined));
  const sharedValues = shared.some((value) => value !== undefined)
    ? Object.freeze(shared)
    : undefined;
  const limitStats = rule.limits?.map((limit) => statsFor(`${rule.fullKey}.${limit.label}`));
  return Object.freeze({ rule, stats: statsFor(rule.fullKey), sharedValues, limitStats });
}

function freezeLevel(children: Map<string, NodeDraft>): ReadonlyMap<string, RuleNode> {
  for (const node of children.values()) {
    freezeLevel(node.children);
    Object.freeze(node.wildcards);
    Object.freeze(node.path);
    Object.freeze(node);
  }
  return children;
}
