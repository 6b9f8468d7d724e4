import { GlobPattern } from './glob-pattern';
import { unitFromName, Unit } from './rate-limit-unit';
import {
  RateLimitDocument,
  RuleConfigError,
  RuleDescriptorDocument,
  RuleDocument,
} from './rule-document';
import { AppliedRule, DomainRules, RateLimitRule, RuleNode, RuleSet, StatsFor } from './rule-tree';

/** A parsed rule source: a file (its label is the file key) or an xDS resource (its name). */
export interface NamedRuleDocument {
  readonly name: string;
  readonly document: RuleDocument;
}

export interface CompileOptions {
  readonly mergeDomainConfig: boolean;
  readonly statsFor: StatsFor;
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
 * spec §2.2 step 4. Any error rejects the whole set.
 */
export function compileRules(
  sources: readonly NamedRuleDocument[],
  options: CompileOptions,
): RuleSet {
  const domains = new Map<string, ParentDraft>();
  for (const { name, document } of sources) {
    if (document.domain === '')
      throw new RuleConfigError(`${name}: config file cannot have empty domain`);
    let domain = domains.get(document.domain);
    if (domain !== undefined && !options.mergeDomainConfig) {
      throw new RuleConfigError(`${name}: duplicate domain '${document.domain}' in config file`);
    }
    if (domain === undefined) {
      domain = { children: new Map(), wildcards: [] };
      domains.set(document.domain, domain);
    }
    addDescriptors(name, document.domain, domain, document.descriptors, [], options.statsFor);
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
  statsFor: StatsFor,
): void {
  for (const descriptor of descriptors) {
    if (descriptor.key === '') throw new RuleConfigError(`${fileName}: descriptor has empty key`);
    const compositeKey =
      descriptor.value === '' ? descriptor.key : `${descriptor.key}_${descriptor.value}`;
    const fullKey = `${parentKey}.${compositeKey}`;
    if (parent.children.has(compositeKey)) {
      throw new RuleConfigError(`${fileName}: duplicate descriptor composite key '${fullKey}'`);
    }
    const rule = descriptor.rateLimit
      ? compileLimit(fileName, fullKey, descriptor, descriptor.rateLimit)
      : undefined;
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
    if (rule !== undefined) writable.staticApplied = staticApplied(rule, node.path, statsFor);
    parent.children.set(compositeKey, node);
    if (isWildcard) parent.wildcards.push(node);
    addDescriptors(
      fileName,
      fullKey,
      node,
      descriptor.descriptors,
      node.path as NodeDraft[],
      statsFor,
    );
  }
}

function compileLimit(
  fileName: string,
  fullKey: string,
  descriptor: RuleDescriptorDocument,
  limit: RateLimitDocument,
): RateLimitRule {
  const unit = unitFromName(limit.unit);
  if (limit.unlimited && unit !== undefined) {
    throw new RuleConfigError(`${fileName}: should not specify rate limit unit when unlimited`);
  }
  if (!limit.unlimited && unit === undefined) {
    throw new RuleConfigError(`${fileName}: invalid rate limit unit '${limit.unit}'`);
  }
  for (const replaced of limit.replaces) {
    if (replaced.name === '')
      throw new RuleConfigError(`${fileName}: should not have an empty replaces entry`);
    if (replaced.name === limit.name) {
      throw new RuleConfigError(`${fileName}: replaces should not contain name of same descriptor`);
    }
  }
  return Object.freeze({
    requestsPerUnit: limit.unlimited ? 0 : limit.requestsPerUnit,
    unit: unit ?? Unit.UNKNOWN,
    unlimited: limit.unlimited,
    name: limit.name,
    replaces: Object.freeze(limit.replaces.map((r) => r.name)),
    shadowMode: descriptor.shadowMode,
    quotaMode: descriptor.quotaMode,
    fullKey,
    metadata: descriptor.metadata,
  });
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
  return Object.freeze({ rule, stats: statsFor(rule.fullKey), sharedValues });
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
