import { RuleStats } from '../stats/rule-stats';
import { Algorithm, algorithmName } from './algorithm';
import { GlobPattern } from './glob-pattern';
import { Unit } from './rate-limit-unit';

/** One request descriptor entry. */
export interface Entry {
  readonly key: string;
  readonly value: string;
}

/** A limit as configured (or as a request override made it). */
export interface RateLimitRule {
  readonly requestsPerUnit: number;
  readonly unit: Unit;
  readonly unlimited: boolean;
  readonly name: string;
  readonly replaces: readonly string[];
  readonly shadowMode: boolean;
  readonly quotaMode: boolean;
  /** Config-time stats key `<domain>.<level>...` (also the /rlconfig label). */
  readonly fullKey: string;
  readonly metadata: Readonly<Record<string, unknown>> | null;
  /** unit × unit_multiplier, in seconds (0 when unlimited). */
  readonly windowSeconds: number;
  readonly unitMultiplier: number;
  readonly algorithm: Algorithm;
  /** Token bucket capacity; requestsPerUnit for the other algorithms. */
  readonly burst: number;
  /**
   * `rate_limits`: every limit of the descriptor in file order, this rule (the first) included;
   * undefined for a single `rate_limit`. Settings shared by the descriptor (shadow and quota mode,
   * metadata, fullKey) are the same on each.
   */
  readonly limits: readonly RateLimitRule[] | undefined;
  /** Identifies the limit in stats and RateLimit-Policy: its name, else `<key>_<index>`. */
  readonly label: string;
}

/** What matching returns for one descriptor: the rule, the counters to bump, shared counter values. */
export interface AppliedRule {
  readonly rule: RateLimitRule;
  readonly stats: RuleStats;
  /** share_threshold patterns used in the cache key instead of the request value, by entry index. */
  readonly sharedValues: readonly (string | undefined)[] | undefined;
  /** Per limit of a `rate_limits` rule: `<stats key>.<label>` counters; undefined otherwise. */
  readonly limitStats: readonly RuleStats[] | undefined;
}

/** `ruleKey` is given for stats keys made from request values (bounded, see RuleStatsFactory). */
export type StatsFor = (statsKey: string, ruleKey?: string) => RuleStats;

/** A node of the immutable matching tree; built once per configuration load. */
export interface RuleNode {
  readonly key: string;
  readonly value: string;
  /** `key` or `key_value`: the lookup key in the parent's children. */
  readonly compositeKey: string;
  readonly pattern: GlobPattern | undefined;
  readonly children: ReadonlyMap<string, RuleNode>;
  /** Wildcard children in load order: the first match wins. */
  readonly wildcards: readonly RuleNode[];
  readonly rule: RateLimitRule | undefined;
  /** The applied rule when the stats key does not depend on request values. */
  readonly staticApplied: AppliedRule | undefined;
  readonly detailedMetric: boolean;
  readonly valueToMetric: boolean;
  readonly shareThreshold: boolean;
  /** This node and its ancestors, root first (index i matched request entry i). */
  readonly path: readonly RuleNode[];
  /** True when the stats key must be computed from request values (detailed_metric, value_to_metric). */
  readonly dynamicStatsKey: boolean;
}

/** The rules of one domain and the walk of docs/ratelimit.md#rules. */
export class DomainRules {
  constructor(
    readonly domain: string,
    readonly children: ReadonlyMap<string, RuleNode>,
    readonly wildcards: readonly RuleNode[],
    private readonly statsFor: StatsFor,
  ) {}

  /**
   * Exact `key_value` first, then the first matching wildcard, then the key-only node; never
   * backtracks. A limit applies only on the node at the depth of the last entry.
   */
  match(entries: readonly Entry[]): AppliedRule | undefined {
    let children = this.children;
    let wildcards = this.wildcards;
    const last = entries.length - 1;
    for (let i = 0; i <= last; i++) {
      const { key, value } = entries[i];
      const candidate = key + '_' + value;
      let node = children.get(candidate);
      if (node === undefined) {
        for (let w = 0; w < wildcards.length; w++) {
          if (wildcards[w].pattern!.matches(candidate)) {
            node = wildcards[w];
            break;
          }
        }
        if (node === undefined) node = children.get(key);
        if (node === undefined) return undefined;
      }
      if (i === last) {
        if (node.rule === undefined) return undefined;
        return node.dynamicStatsKey ? this.withDynamicStats(node, entries) : node.staticApplied;
      }
      if (node.children.size === 0) return undefined;
      children = node.children;
      wildcards = node.wildcards;
    }
    return undefined;
  }

  private withDynamicStats(node: RuleNode, entries: readonly Entry[]): AppliedRule {
    const statsKey = node.detailedMetric
      ? this.detailedStatsKey(node, entries)
      : this.valueToMetricStatsKey(node, entries);
    const staticApplied = node.staticApplied!;
    if (statsKey === staticApplied.stats.key) return staticApplied;
    const ruleKey = staticApplied.rule.fullKey;
    return {
      rule: staticApplied.rule,
      stats: this.statsFor(statsKey, ruleKey),
      sharedValues: staticApplied.sharedValues,
      limitStats: staticApplied.rule.limits?.map((limit) =>
        this.statsFor(`${statsKey}.${limit.label}`, `${ruleKey}.${limit.label}`),
      ),
    };
  }

  /**
   * detailed_metric on the leaf: every request value is part of the key (docs/ratelimit.md#rules
   * step 1).
   */
  private detailedStatsKey(node: RuleNode, entries: readonly Entry[]): string {
    const shared = node.staticApplied!.sharedValues;
    let key = this.domain;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      if (shared === undefined) key += '.' + entry.key + '_' + entry.value;
      else {
        const value = shared[i] ?? entry.value;
        key += value === '' ? '.' + entry.key : '.' + entry.key + '_' + value;
      }
    }
    return key;
  }

  /** value_to_metric somewhere on the path (docs/ratelimit.md#rules step 2). */
  private valueToMetricStatsKey(node: RuleNode, entries: readonly Entry[]): string {
    let key = this.domain;
    node.path.forEach((level, i) => {
      const entry = entries[i];
      let value: string;
      if (level.pattern !== undefined && entry.key + '_' + entry.value !== level.compositeKey) {
        value = level.shareThreshold || !level.valueToMetric ? level.value : entry.value;
      } else if (level.value === '') {
        value = level.valueToMetric ? entry.value : '';
      } else {
        value = entry.value;
      }
      key += value === '' ? '.' + entry.key : '.' + entry.key + '_' + value;
    });
    return key;
  }
}

/** A complete, immutable configuration: every domain's tree. Swapped as a whole on reload. */
export class RuleSet {
  constructor(private readonly domains: ReadonlyMap<string, DomainRules>) {}

  static readonly EMPTY = new RuleSet(new Map());

  get domainCount(): number {
    return this.domains.size;
  }

  domain(name: string): DomainRules | undefined {
    return this.domains.get(name);
  }

  /** Every domain, in load order (the operator console's rule tree). */
  allDomains(): DomainRules[] {
    return [...this.domains.values()];
  }

  /**
   * One line per rule with a limit, sorted: the debug listener's /rlconfig
   * (docs/observability-debug.md#debug-listener).
   */
  dump(): string {
    const lines: string[] = [];
    const visit = (nodes: ReadonlyMap<string, RuleNode>) => {
      for (const node of nodes.values()) {
        const rule = node.rule;
        if (rule !== undefined) {
          for (const limit of rule.limits ?? [rule]) lines.push(describeRule(limit));
        }
        visit(node.children);
      }
    };
    for (const domain of this.domains.values()) visit(domain.children);
    return lines
      .sort()
      .map((line) => line + '\n')
      .join('');
  }
}

/** An /rlconfig line: upstream's text, then this service's extensions when they are not defaults. */
function describeRule(rule: RateLimitRule): string {
  const unit = rule.unlimited ? 'UNKNOWN' : Unit[rule.unit];
  const count = rule.unlimited ? 0 : rule.requestsPerUnit;
  let line = `${rule.fullKey}: unit=${unit} requests_per_unit=${count}, shadow_mode: ${rule.shadowMode}, quota_mode: ${rule.quotaMode}`;
  if (rule.limits !== undefined) line += `, limit: ${rule.label}`;
  if (rule.unitMultiplier !== 1) line += `, unit_multiplier: ${rule.unitMultiplier}`;
  if (rule.algorithm !== Algorithm.FIXED_WINDOW) {
    line += `, algorithm: ${algorithmName(rule.algorithm)}`;
  }
  if (rule.algorithm === Algorithm.TOKEN_BUCKET) line += `, burst: ${rule.burst}`;
  return line;
}
